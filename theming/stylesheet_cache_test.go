package theming_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestStylesheetIsRenderedOnceAndKept(t *testing.T) {
	t.Run("a call after the first allocates nothing", func(t *testing.T) {
		rt, ok := loadBase(t).Theme(2)
		require.True(t, ok)
		_ = rt.Stylesheet()
		assert.Zero(t, testing.AllocsPerRun(100, func() { _ = rt.Stylesheet() }))
	})
	t.Run("changing a byte copy of the sheet does not change what the next call returns", func(t *testing.T) {
		rt, ok := loadBase(t).Theme(2)
		require.True(t, ok)
		b := []byte(rt.Stylesheet())
		for i := range b {
			b[i] = 'x'
		}
		first, _, _ := strings.Cut(rt.Stylesheet(), "\n")
		assert.Equal(t, "/* theme 2: Plain */", first)
		assert.Contains(t, rt.Stylesheet(), "  --primary: hsl(210, 50%, 40%);\n")
	})
	t.Run("concurrent first calls all get the same sheet", func(t *testing.T) {
		rt, ok := loadBase(t).Theme(2)
		require.True(t, ok)
		got := make([]string, 8)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i] = rt.Stylesheet() })
		}
		wg.Wait()
		for i := range got {
			assert.True(t, strings.HasPrefix(got[i], "/* theme 2: Plain */\n"), "call %d", i)
			assert.Equal(t, got[0], got[i], "call %d", i)
		}
	})
	t.Run("each theme keeps its own sheet", func(t *testing.T) {
		s := loadBase(t)
		one, ok := s.Theme(1)
		require.True(t, ok)
		two, ok := s.Theme(2)
		require.True(t, ok)
		_ = two.Stylesheet()
		assert.True(t, strings.HasPrefix(one.Stylesheet(), "/* theme 1: Green */\n"))
		assert.True(t, strings.HasPrefix(two.Stylesheet(), "/* theme 2: Plain */\n"))
	})
}

// BenchmarkStylesheet measures ResolvedTheme.Stylesheet on the default
// data's default theme after its first call: what a host pays to inline
// the user's sheet into each page it renders.
func BenchmarkStylesheet(b *testing.B) {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	rt, err := s.ChooseTheme(0)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = rt.Stylesheet()
	}
}
