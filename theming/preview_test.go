package theming_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestPreview(t *testing.T) {
	live := loadBase(t)
	draft := theming.Theme{ID: 1, Name: "Green, draft", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(120, 40%, 20%)"}}}
	p, err := live.Preview(draft)
	require.NoError(t, err)

	t.Run("the preview serves the draft in place of its theme", func(t *testing.T) {
		rt, ok := p.Theme(1)
		require.True(t, ok)
		assert.Equal(t, "Green, draft", rt.Name())
		c, _ := rt.Color(theming.Light, "button")
		assert.Equal(t, "hsl(120, 40%, 20%)", c.String(), "resolved through button's fallback")
		assert.Len(t, p.Themes(), 2)
	})
	t.Run("it chooses the draft for every user", func(t *testing.T) {
		for _, pref := range []int{0, 1, 2, 99} {
			rt, err := p.ChooseTheme(pref)
			require.NoError(t, err)
			assert.Equal(t, 1, rt.ID(), "preferring %d", pref)
		}
		rt, err := live.ChooseTheme(0)
		require.NoError(t, err)
		assert.Equal(t, 2, rt.ID(), "the live snapshot still chooses its default")
	})
	t.Run("it is marked, the live snapshot is not, and the live one is unchanged", func(t *testing.T) {
		id, ok := p.Previewing()
		assert.True(t, ok)
		assert.Equal(t, 1, id)
		_, ok = live.Previewing()
		assert.False(t, ok)
		_, ok = (*theming.Snapshot)(nil).Previewing()
		assert.False(t, ok)
		rt, _ := live.Theme(1)
		assert.Equal(t, "Green", rt.Name())
		assert.NotEqual(t, live.Version(), p.Version())
	})
	t.Run("the other themes are the live snapshot's own, not resolved again", func(t *testing.T) {
		a, _ := live.Theme(2)
		b, _ := p.Theme(2)
		assert.Same(t, a, b)
	})
	t.Run("a theme the snapshot lacks is added beside the others", func(t *testing.T) {
		p, err := live.Preview(theming.Theme{ID: 9, Name: "New"})
		require.NoError(t, err)
		assert.Len(t, p.Themes(), 3)
		rt, err := p.ChooseTheme(0)
		require.NoError(t, err)
		assert.Equal(t, 9, rt.ID())
	})
	t.Run("a draft that does not validate is refused with its problems", func(t *testing.T) {
		_, err := live.Preview(theming.Theme{ID: 1, Name: "Bad", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(1, 2%"}}})
		var ve *theming.ValidationError
		require.ErrorAs(t, err, &ve)
		assert.Equal(t, "colors.primary.light", ve.Problems[0].Path)
	})
	t.Run("the zero snapshot has no catalog to preview on", func(t *testing.T) {
		_, err := (&theming.Snapshot{}).Preview(draft)
		assert.ErrorIs(t, err, theming.ErrNoCatalog)
	})
}
