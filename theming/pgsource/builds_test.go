package pgsource

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// fullTheme returns a theme with every field set, every pointer to a
// value of its own.
func fullTheme() theming.Theme {
	s := func(v string) *string { return &v }
	pair := func(v string) *theming.ImagePair {
		return &theming.ImagePair{Thumbnail: s(v + "-thumb.png"), Original: s(v + ".png")}
	}
	return theming.Theme{
		Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(1, 2%, 3%)", Dark: "link"}, "link": {Light: "primary"}},
		ID:     3, Name: "Three", Favicon: s("f.png"), Logo: s("l.png"), LogoInverse: s("li.png"),
		CompactLogo: s("c.png"), CompactLogoInverse: s("ci.png"), LogoSite: pair("site"),
		LightModeLogoType: "DEFAULT", DarkModeLogoType: "INVERSE", LogoAlignment: "left",
		LogoHeight: 1, LogoMarginLeft: 2, LogoMarginTop: 3,
		CompactLightModeLogoType: "DEFAULT", CompactDarkModeLogoType: "INVERSE", CompactLogoSize: 4,
		DefaultGroupBanner: pair("group"), DefaultEventBanner: pair("event"), DefaultUserProfileBanner: pair("user"),
		IsDefault: true,
	}
}

func TestDigest(t *testing.T) {
	base := fullTheme()
	want := digest([]theming.Theme{base})
	fields := reflect.TypeFor[theming.Theme]()
	for i := range fields.NumField() {
		sf := fields.Field(i)
		t.Run("a change of "+sf.Name+" changes the digest", func(t *testing.T) {
			th := fullTheme()
			f := reflect.ValueOf(&th).Elem().Field(i)
			switch f.Kind() {
			case reflect.String:
				f.SetString(f.String() + "x")
			case reflect.Int:
				f.SetInt(f.Int() + 1)
			case reflect.Bool:
				f.SetBool(!f.Bool())
			case reflect.Pointer:
				f.SetZero()
			case reflect.Map:
				f.SetMapIndex(reflect.ValueOf("surface"), reflect.ValueOf(theming.PerScheme{Light: "hsl(0, 0%, 0%)"}))
			default:
				t.Fatalf("no change written for a field of kind %v: add one", f.Kind())
			}
			assert.NotEqual(t, want, digest([]theming.Theme{th}))
		})
	}
	s := func(v string) *string { return &v }
	differ := []struct {
		name string
		a, b []theming.Theme
	}{
		{"no logo and an empty one", []theming.Theme{{Logo: nil}}, []theming.Theme{{Logo: s("")}}},
		{"an image pair without a thumbnail and none", []theming.Theme{{LogoSite: &theming.ImagePair{}}}, []theming.Theme{{}}},
		{"strings split differently", []theming.Theme{{Name: "ab", LogoAlignment: ""}}, []theming.Theme{{Name: "a", LogoAlignment: "b"}}},
		{"a light and a dark override", []theming.Theme{{Colors: map[string]theming.PerScheme{"a": {Light: "x"}}}},
			[]theming.Theme{{Colors: map[string]theming.PerScheme{"a": {Dark: "x"}}}}},
		{"two themes in the other order", []theming.Theme{{ID: 1}, {ID: 2}}, []theming.Theme{{ID: 2}, {ID: 1}}},
		{"one theme and two", []theming.Theme{{ID: 1}}, []theming.Theme{{ID: 1}, {}}},
	}
	for _, tt := range differ {
		t.Run(tt.name+" digest apart", func(t *testing.T) {
			assert.NotEqual(t, digest(tt.a), digest(tt.b))
		})
	}
	t.Run("no colors and an empty map of them, which build alike, digest alike", func(t *testing.T) {
		assert.Equal(t, digest([]theming.Theme{{}}), digest([]theming.Theme{{Colors: map[string]theming.PerScheme{}}}))
	})
	t.Run("equal themes digest alike, whatever order their colors were put in", func(t *testing.T) {
		for range 20 {
			th := fullTheme()
			th.Colors = map[string]theming.PerScheme{}
			for _, id := range []string{"link", "primary"} {
				th.Colors[id] = base.Colors[id]
			}
			require.Equal(t, want, digest([]theming.Theme{th}))
		}
	})
}

func TestBuilds(t *testing.T) {
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	snap, err := cc.Snapshot(nil)
	require.NoError(t, err)
	sum, other := digest(nil), digest([]theming.Theme{{}})
	var b builds

	reused := func(tenant string, sum [32]byte) *theming.Snapshot {
		s, _ := b.reuse(tenant, sum)
		return s
	}
	problems := &theming.ValidationError{Problems: []*theming.Problem{{ThemeID: 3, Msg: "bad"}}}
	state := func(tenant string) [2]bool {
		built, changed := b.state(tenant)
		return [2]bool{built, changed}
	}
	t.Run("the same rows give the same snapshot and problems", func(t *testing.T) {
		b.put("acme", sum, snap, problems)
		assert.Equal(t, [2]bool{true, false}, state("acme"), "a first build is built, and no change")
		s, err := b.reuse("acme", sum)
		assert.Same(t, snap, s)
		assert.Same(t, problems, err)
		assert.True(t, b.same("acme", sum))
		assert.False(t, b.same("acme", other))
	})
	t.Run("other rows give nothing", func(t *testing.T) {
		assert.Nil(t, reused("acme", other))
		assert.Nil(t, reused("globex", sum))
	})
	t.Run("a build of other rows is a change, until a look finds the rows unchanged", func(t *testing.T) {
		b.put("acme", other, snap, nil)
		assert.Equal(t, [2]bool{true, true}, state("acme"))
		assert.True(t, b.same("acme", other))
		assert.Equal(t, [2]bool{true, false}, state("acme"))
		b.put("acme", sum, snap, nil)
		assert.Equal(t, [2]bool{true, true}, state("acme"))
		assert.NotNil(t, reused("acme", sum))
		assert.Equal(t, [2]bool{true, false}, state("acme"))
	})
	t.Run("a forgotten tenant gives nothing", func(t *testing.T) {
		b.forget("acme")
		assert.Nil(t, reused("acme", sum))
		assert.Equal(t, [2]bool{false, false}, state("acme"))
		assert.False(t, b.same("acme", sum))
	})
	t.Run("a snapshot no one holds is not kept alive, and its entry is swept", func(t *testing.T) {
		var b builds
		for i := range 2000 {
			s, err := cc.Snapshot(nil)
			require.NoError(t, err)
			b.put(string(rune('a'+i%26))+string(rune(i)), sum, s, nil)
			if i%500 == 0 {
				runtime.GC()
			}
		}
		runtime.GC()
		b.put("last", sum, snap, nil)
		b.mu.Lock()
		defer b.mu.Unlock()
		assert.Less(t, len(b.m), 2000, "entries of dropped snapshots are swept")
	})
}
