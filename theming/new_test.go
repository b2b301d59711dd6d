package theming_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// baseValues decodes the base data with encoding/json alone, as a host's
// own code would hold it, independently of the package's decoder.
func baseValues(t testing.TB) (theming.Catalog, []theming.Theme) {
	t.Helper()
	return decodeValues(t, []byte(baseCatalog), []byte(baseThemes))
}

func decodeValues(t testing.TB, catJSON, themesJSON []byte) (theming.Catalog, []theming.Theme) {
	t.Helper()
	var cat theming.Catalog
	require.NoError(t, json.Unmarshal(catJSON, &cat))
	var th struct {
		Themes []theming.Theme `json:"themes"`
	}
	require.NoError(t, json.Unmarshal(themesJSON, &th))
	return cat, th.Themes
}

// assertSameServed checks that two snapshots serve byte-identical
// documents and resolve every color and variable identically.
func assertSameServed(t *testing.T, want, got *theming.Snapshot) {
	t.Helper()
	assert.Equal(t, string(want.ComponentDefsJSON()), string(got.ComponentDefsJSON()), "served catalog")
	for _, base := range []string{"", "https://media.example.com/m/"} {
		w, err := want.ThemesJSON(base)
		require.NoError(t, err)
		g, err := got.ThemesJSON(base)
		require.NoError(t, err)
		assert.Equal(t, string(w), string(g), "theme list on media base %q", base)
	}
	require.Equal(t, len(want.Themes()), len(got.Themes()), "themes")
	for n, wt := range want.Themes() {
		gt := got.Themes()[n]
		require.Equal(t, wt.ID(), gt.ID(), "theme ids in order")
		w, err := want.ThemeJSON(wt.ID(), "")
		require.NoError(t, err)
		g, err := got.ThemeJSON(gt.ID(), "")
		require.NoError(t, err)
		assert.Equal(t, string(w), string(g), "theme %d for a user", wt.ID())
		assert.Equal(t, sheet(want, wt), sheet(got, gt), "stylesheet of theme %d", wt.ID())
		for _, sc := range theming.Schemes() {
			for id, c := range wt.Colors(sc) {
				gc, ok := gt.Color(sc, id)
				require.True(t, ok, "%s is resolved under theme %d", id, wt.ID())
				require.Equal(t, c, gc, "%s in %s under theme %d", id, sc, wt.ID())
			}
			for name, v := range wt.Variables(sc) {
				gv, ok := gt.Variable(sc, name)
				require.True(t, ok, "%s under theme %d", name, wt.ID())
				require.Equal(t, v, gv, "%s in %s under theme %d", name, sc, wt.ID())
			}
		}
	}
	assert.Equal(t, audit(t, want).Findings, audit(t, got).Findings, "contrast audit")
	assert.Equal(t, want.Version(), got.Version(), "version")
}

func TestCompiledSnapshotServesWhatLoadServes(t *testing.T) {
	defCat, defThemes := defaultFiles(t)
	tests := []struct {
		name           string
		catalog, theme []byte
	}{
		{"the base data", []byte(baseCatalog), []byte(baseThemes)},
		{"the default data", defCat, defThemes},
		{"a generated catalog of 1,000 components", generatedCatalog(1_000), generatedThemes(1_000)},
		{"a generated catalog of 10,000 components", generatedCatalog(10_000), generatedThemes(10_000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loaded, err := theming.Load(tt.catalog, tt.theme)
			require.NoError(t, err)
			cat, themes := decodeValues(t, tt.catalog, tt.theme)
			built, err := build(cat, themes)
			require.NoError(t, err)
			assertSameServed(t, loaded, built)
		})
	}
	t.Run("DefaultCatalog and DefaultThemes hold the embedded files", func(t *testing.T) {
		cat, err := theming.DefaultCatalog()
		require.NoError(t, err)
		themes, err := theming.DefaultThemes()
		require.NoError(t, err)
		wantCat, wantThemes := decodeValues(t, defCat, defThemes)
		assert.Equal(t, wantCat, cat)
		assert.Equal(t, wantThemes, themes)
	})
}

func TestCompiledSnapshotWithNoThemes(t *testing.T) {
	cat, _ := baseValues(t)
	for name, themes := range map[string][]theming.Theme{"nil": nil, "empty": {}} {
		t.Run("a "+name+" slice means no themes", func(t *testing.T) {
			s, err := build(cat, themes)
			require.NoError(t, err)
			_, err = s.ChooseTheme(0)
			assert.ErrorIs(t, err, theming.ErrNoThemes)
			body, err := s.ThemesJSON("")
			require.NoError(t, err)
			assert.Equal(t, "[]", string(body))
			assert.Len(t, s.Components(), 6, "the catalog is served")
		})
	}
}

// themeProblem is what a test expects of the one problem it looks for.
type themeProblem struct {
	path, comp string
	themeID    int
	scheme     theming.Scheme
	err        error
	msg        string // the whole message
}

func TestCompiledSnapshotNamesProblemsAsTheHostHasThem(t *testing.T) {
	over := func(id string, o theming.PerScheme) func(*theming.Catalog, []theming.Theme) {
		return func(_ *theming.Catalog, th []theming.Theme) {
			th[0].ID = 10
			th[0].Colors = map[string]theming.PerScheme{id: o}
		}
	}
	str := func(s string) *string { return &s }
	f := func(v float64) *float64 { return &v }
	tests := []struct {
		name   string
		change func(*theming.Catalog, []theming.Theme)
		want   themeProblem
	}{
		{"an override of an unknown component", over("nav-bgg", theming.PerScheme{Light: "hsl(0, 0%, 0%)"}),
			themeProblem{"colors.nav-bgg", "nav-bgg", 10, "", theming.ErrUnknownComponent, `unknown component "nav-bgg"`}},
		{"an override of a hidden component", over("old", theming.PerScheme{Dark: "primary"}),
			themeProblem{"colors.old", "old", 10, "", theming.ErrHiddenReference, `refers to hidden component "old"; the served catalog must be self-contained`}},
		{"an override key that is not a component id", over("Nav", theming.PerScheme{Dark: "primary"}),
			themeProblem{`colors["Nav"]`, "Nav", 10, "", theming.ErrInvalid, `"Nav" is not a component id (lower-case words joined by hyphens): component id takes lower-case letters, digits and hyphens only at offset 0`}},
		{"an override with a malformed color", over("primary", theming.PerScheme{Dark: "hsl(1 2% 3%"}),
			themeProblem{"colors.primary.dark", "primary", 10, theming.Dark, theming.ErrInvalid, `"hsl(1 2% 3%" is neither a color nor a component id: missing ")" at offset 11`}},
		{"an override naming an unknown component", over("primary", theming.PerScheme{Light: "nav-bgg"}),
			themeProblem{"colors.primary.light", "primary", 10, theming.Light, theming.ErrUnknownComponent, `unknown component "nav-bgg"`}},
		{"an override naming a CSS variable", over("primary", theming.PerScheme{Light: "--page"}),
			themeProblem{"colors.primary.light", "primary", 10, theming.Light, theming.ErrInvalid, `"--page" is neither a color nor a component id: a CSS variable cannot stand here`}},
		{"an override with a hex color of seven digits", over("primary", theming.PerScheme{Light: "#1a73e8f"}),
			themeProblem{"colors.primary.light", "primary", 10, theming.Light, theming.ErrInvalid, `"#1a73e8f" is neither a color nor a component id: a hex color has 3, 4, 6 or 8 digits, not 7 at offset 8`}},
		{"an override that closes a cycle", over("primary", theming.PerScheme{Dark: "button-focus"}),
			themeProblem{"colors", "primary", 10, theming.Dark, theming.ErrCycle, "fallback cycle in dark scheme under theme 10: primary -> button-focus -> button -> primary"}},
		{"an override that makes the page translucent", over("page", theming.PerScheme{Light: "scrim"}),
			themeProblem{"colors", "page", 10, theming.Light, theming.ErrInvalid, `the page background "page" resolves to hsla(0, 0%, 0%, 0.5) in light scheme; it must be opaque`}},
		{"a theme id of zero", func(_ *theming.Catalog, th []theming.Theme) { th[1].ID = 0 },
			themeProblem{"themes[1].id", "", 0, "", theming.ErrInvalid, "must be greater than 0, not 0"}},
		{"a duplicate theme id", func(_ *theming.Catalog, th []theming.Theme) { th[1].ID = 1 },
			themeProblem{"id", "", 1, "", theming.ErrDuplicate, "duplicate theme id 1 (first at themes[0])"}},
		{"two default themes", func(_ *theming.Catalog, th []theming.Theme) { th[0].IsDefault = true },
			themeProblem{"is_default", "", 2, "", theming.ErrDuplicate, "more than one default theme (themes[0] is default too)"}},
		{"a blank theme name", func(_ *theming.Catalog, th []theming.Theme) { th[1].Name = " " },
			themeProblem{"name", "", 2, "", theming.ErrInvalid, "must not be blank"}},
		{"an unknown logo type", func(_ *theming.Catalog, th []theming.Theme) { th[0].CompactDarkModeLogoType = "inverse" },
			themeProblem{"compact_dark_mode_logo_type", "", 1, "", theming.ErrInvalid, `must be one of DEFAULT, INVERSE, not "inverse"`}},
		{"an unknown alignment", func(_ *theming.Catalog, th []theming.Theme) { th[0].LogoAlignment = "middle" },
			themeProblem{"logo_alignment", "", 1, "", theming.ErrInvalid, `must be one of left, center, right, not "middle"`}},
		{"a negative logo margin", func(_ *theming.Catalog, th []theming.Theme) { th[0].LogoMarginTop = -2 },
			themeProblem{"logo_margin_top", "", 1, "", theming.ErrInvalid, "must be at least 0, not -2"}},
		{"a javascript: image in a pair", func(_ *theming.Catalog, th []theming.Theme) {
			th[0].LogoSite = &theming.ImagePair{Original: str("javascript:alert(1)")}
		}, themeProblem{"logo_site.original", "", 1, "", theming.ErrInvalid, `"javascript:alert(1)" is not a media path or an http(s) URL: character ':' not allowed in a media path`}},

		{"a duplicate component id", func(c *theming.Catalog, _ []theming.Theme) { c.Components[6].ID = "scrim" },
			themeProblem{"components[6].component_id", "scrim", 0, "", theming.ErrDuplicate, `duplicate component id "scrim" (first at components[5])`}},
		{"a fallback to an unknown component", func(c *theming.Catalog, _ []theming.Theme) { c.Components[2].Fallback.Dark = "nav-bgg" },
			themeProblem{"components[2].fallback.dark", "button", 0, theming.Dark, theming.ErrUnknownComponent, `unknown component "nav-bgg"`}},
		{"a fallback with a color function colorref does not read", func(c *theming.Catalog, _ []theming.Theme) { c.Components[0].Fallback.Light = "hwb(0 0% 0%)" },
			themeProblem{"components[0].fallback.light", "page", 0, theming.Light, theming.ErrInvalid, `"hwb(0 0% 0%)" is neither a color nor a component id: unsupported color function "hwb("; expected a color: #hex, hsl(), hsla(), rgb(), rgba(), oklch(), oklab() or color(display-p3 …) at offset 0`}},
		{"a fallback cycle", func(c *theming.Catalog, _ []theming.Theme) { c.Components[1].Fallback.Light = "button-focus" },
			themeProblem{"components[1].fallback.light", "primary", 0, theming.Light, theming.ErrCycle, "fallback cycle in light scheme: primary -> button-focus -> button -> primary"}},
		{"an empty fallback", func(c *theming.Catalog, _ []theming.Theme) { c.Components[3].Fallback.Dark = "" },
			themeProblem{"components[3].fallback.dark", "button-focus", 0, "", theming.ErrInvalid, "is required"}},
		{"a variable opacity above 1", func(c *theming.Catalog, _ []theming.Theme) { c.Components[2].Variables[1].Opacity = f(1.5) },
			themeProblem{"components[2].variables[1].opacity", "button", 0, "", theming.ErrInvalid, "must be at most 1, not 1.5"}},
		{"a contrast target naming a missing variable", func(c *theming.Catalog, _ []theming.Theme) { c.Components[4].ContrastAgainst[1].Value = "--nope" },
			themeProblem{"components[4].contrast_against[1].value", "text", 0, "", theming.ErrUnknownVariable, `no component defines CSS variable "--nope"`}},
		{"default_opacity without can_edit_opacity", func(c *theming.Catalog, _ []theming.Theme) { c.Components[5].CanEditOpacity = nil },
			themeProblem{"components[5].can_edit_opacity", "scrim", 0, "", theming.ErrInvalid, "can_edit_opacity and default_opacity go together: can_edit_opacity is missing"}},
		{"a page background that is hidden", func(c *theming.Catalog, _ []theming.Theme) { c.PageBackground = "old" },
			themeProblem{"page_background", "old", 0, "", theming.ErrHiddenReference, `refers to hidden component "old"; the served catalog must be self-contained`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat, themes := baseValues(t)
			tt.change(&cat, themes)
			s, err := build(cat, themes)
			assert.Nil(t, s, "no snapshot on a problem")
			require.ErrorIs(t, err, tt.want.err)
			var verr *theming.ValidationError
			require.ErrorAs(t, err, &verr)
			require.Len(t, verr.Problems, 1, "problems: %v", err)
			p := verr.Problems[0]
			assert.Equal(t, theming.Problem{Path: tt.want.path, ThemeID: tt.want.themeID, ComponentID: tt.want.comp,
				Scheme: tt.want.scheme, Msg: tt.want.msg, Err: tt.want.err}, *p)
			assert.Empty(t, p.File, "no file name is invented for Go values")
			wantLine := tt.want.path + ": " + tt.want.msg
			if tt.want.themeID != 0 {
				wantLine = fmt.Sprintf("theme %d: %s", tt.want.themeID, wantLine)
			}
			assert.Equal(t, wantLine, p.Error())
		})
	}
}

func TestAProblemFromAFileKeepsFileAndPathAndNamesTheTheme(t *testing.T) {
	themes := edit(t, baseThemes, func(m map[string]any) {
		theme(m, 1)["colors"] = map[string]any{"nav-bgg": map[string]any{"light": "hsl(0, 0%, 0%)"}}
	})
	_, err := theming.Load([]byte(baseCatalog), themes)
	var verr *theming.ValidationError
	require.ErrorAs(t, err, &verr)
	require.Len(t, verr.Problems, 1)
	p := verr.Problems[0]
	// edit writes the file on one line; the override's value starts
	// after its key.
	key := `"nav-bgg":`
	require.Equal(t, 1, bytes.Count(themes, []byte(key)), "the key is in the file once")
	off := bytes.Index(themes, []byte(key)) + len(key)
	require.NotContains(t, string(themes[:off]), "\n", "the file is one line up to the value")
	assert.Equal(t, theming.Problem{File: "themes.json", Path: "themes[1].colors.nav-bgg", Line: 1, Column: off + 1, Offset: off,
		ThemeID: 2, ComponentID: "nav-bgg", Msg: `unknown component "nav-bgg"`, Err: theming.ErrUnknownComponent}, *p)
	assert.Equal(t, fmt.Sprintf(`themes.json:1:%d: themes[1].colors.nav-bgg: unknown component "nav-bgg"`, off+1), p.Error())
}

func TestEmptyLogoFieldsMeanTheDocumentedDefaults(t *testing.T) {
	cat, _ := baseValues(t)
	themes := []theming.Theme{{ID: 3, Name: "Bare"}}
	s, err := build(cat, themes)
	require.NoError(t, err)
	body, err := s.ThemeJSON(3, "")
	require.NoError(t, err)
	assert.Equal(t, `{"colors":{},"id":3,"name":"Bare","favicon":null,"logo":null,"logo_inverse":null,"compact_logo":null,"compact_logo_inverse":null,"logo_site":null,`+
		`"light_mode_logo_type":"DEFAULT","dark_mode_logo_type":"DEFAULT","logo_alignment":"left","logo_height":0,"logo_margin_left":0,"logo_margin_top":0,`+
		`"compact_light_mode_logo_type":"DEFAULT","compact_dark_mode_logo_type":"DEFAULT","compact_logo_size":0,`+
		`"default_group_banner":null,"default_event_banner":null,"default_user_profile_banner":null,"is_default":false,"palette_preview":[]}`, string(body))
	assert.Equal(t, theming.LogoTypeDefault, s.Themes()[0].Theme().LightModeLogoType)
	assert.Equal(t, theming.AlignLeft, s.Themes()[0].Theme().LogoAlignment)
}

func TestSnapshotsKeepTheirOwnCopies(t *testing.T) {
	cat, themes := baseValues(t)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	s, err := cc.Snapshot(themes)
	require.NoError(t, err)
	defs := string(s.ComponentDefsJSON())
	list, err := s.ThemesJSON("")
	require.NoError(t, err)

	cat.Components[0].Name = "Changed"
	*cat.Components[1].Variables[1].LightnessOffset = 50
	themes[0].Colors["primary"] = theming.PerScheme{Light: "hsl(0, 100%, 50%)"}
	*themes[0].Favicon = "changed.png"
	themes[0].LogoSite.Original = nil
	themes[1].Name = "Changed"

	assert.Equal(t, defs, string(s.ComponentDefsJSON()), "the served catalog")
	again, err := s.ThemesJSON("")
	require.NoError(t, err)
	assert.Equal(t, string(list), string(again), "the served themes")
	rt, _ := s.Theme(1)
	c, _ := rt.Variable(theming.Light, "--primary-hover")
	assert.Equal(t, "hsl(120, 40%, 20%)", c.String())
}

func TestCheckTheme(t *testing.T) {
	cat, themes := baseValues(t)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	s, err := cc.Snapshot(themes)
	require.NoError(t, err)
	before, err := s.ThemesJSON("")
	require.NoError(t, err)
	version := s.Version()

	t.Run("a good theme passes", func(t *testing.T) {
		good := themes[0]
		good.ID = 7
		good.Colors = map[string]theming.PerScheme{"primary": {Light: "hsl(30, 80%, 40%)", Dark: "text"}}
		assert.NoError(t, cc.CheckTheme(good))
		assert.NoError(t, cc.CheckTheme(theming.Theme{ID: 8, Name: "Bare"}), "empty logo fields take their defaults")
	})
	bad := []struct {
		name   string
		change func(*theming.Theme)
		want   error
		line   string
	}{
		{"an unknown component", func(th *theming.Theme) {
			th.Colors = map[string]theming.PerScheme{"nav-bgg": {Light: "hsl(0, 0%, 0%)"}}
		}, theming.ErrUnknownComponent, `theme 10: colors.nav-bgg: unknown component "nav-bgg"`},
		{"a cycle", func(th *theming.Theme) {
			th.Colors = map[string]theming.PerScheme{"primary": {Light: "button"}}
		}, theming.ErrCycle, "theme 10: colors: fallback cycle in light scheme under theme 10: primary -> button -> primary"},
		{"a malformed oklch() color", func(th *theming.Theme) {
			th.Colors = map[string]theming.PerScheme{"text": {Dark: "oklch(62% 0.19)"}}
		}, theming.ErrInvalid, `theme 10: colors.text.dark: "oklch(62% 0.19)" is neither a color nor a component id: missing hue: oklch takes three components before the optional alpha at offset 14`},
		{"an unsafe image", func(th *theming.Theme) { th.Favicon = new(string) }, theming.ErrInvalid,
			`theme 10: favicon: "" is not a media path or an http(s) URL: empty path`},
		{"a zero id", func(th *theming.Theme) { th.ID = 0 }, theming.ErrInvalid, "id: must be greater than 0, not 0"},
	}
	for _, tt := range bad {
		t.Run("a theme with "+tt.name+" is refused", func(t *testing.T) {
			th := themes[0]
			th.ID = 10
			tt.change(&th)
			err := cc.CheckTheme(th)
			require.ErrorIs(t, err, tt.want)
			var verr *theming.ValidationError
			require.ErrorAs(t, err, &verr)
			require.Len(t, verr.Problems, 1, "problems: %v", err)
			assert.Equal(t, tt.line, verr.Problems[0].Error())

			if th.ID > 0 { // Snapshot names a theme without an id by its index in the slice
				_, snapErr := cc.Snapshot([]theming.Theme{th})
				assert.Equal(t, err.Error(), snapErr.Error(), "Snapshot reports the same problems")
			}
		})
	}
	t.Run("checking touches no snapshot", func(t *testing.T) {
		after, err := s.ThemesJSON("")
		require.NoError(t, err)
		assert.Equal(t, string(before), string(after))
		assert.Equal(t, version, s.Version())
	})
}

func TestSnapshotLenient(t *testing.T) {
	cat, themes := baseValues(t)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)

	t.Run("good themes make a snapshot and no error", func(t *testing.T) {
		s, err := cc.SnapshotLenient(themes)
		require.NoError(t, err)
		assert.Len(t, s.Themes(), 2)
	})
	t.Run("bad themes are left out and named", func(t *testing.T) {
		broken := themes[0]
		broken.ID = 5
		broken.Colors = map[string]theming.PerScheme{"nav-bgg": {Light: "primary"}}
		dup := themes[1]
		dup.Name = "Second plain"
		noID := themes[1]
		noID.ID = -1
		noID.IsDefault = false
		s, err := cc.SnapshotLenient([]theming.Theme{themes[0], broken, themes[1], dup, noID})
		require.NotNil(t, s, "the snapshot is usable")
		var ids []int
		for _, rt := range s.Themes() {
			ids = append(ids, rt.ID())
		}
		assert.Equal(t, []int{1, 2}, ids, "the good themes are kept")
		rt, _ := s.Theme(2)
		assert.Equal(t, "Plain", rt.Name(), "of two themes with one id, the first is kept")
		var verr *theming.ValidationError
		require.ErrorAs(t, err, &verr)
		var lines []string
		for _, p := range verr.Problems {
			lines = append(lines, p.Error())
		}
		assert.Equal(t, []string{
			`theme 5: colors.nav-bgg: unknown component "nav-bgg"`,
			"theme 2: id: duplicate theme id 2 (first at themes[2])",
			"theme 2: is_default: more than one default theme (themes[2] is default too)",
			"themes[4].id: must be greater than 0, not -1",
		}, lines)
		chosen, err := s.ChooseTheme(0)
		require.NoError(t, err)
		assert.Equal(t, 2, chosen.ID(), "the kept default")
	})
	t.Run("no themes at all is no error", func(t *testing.T) {
		s, err := cc.SnapshotLenient(nil)
		require.NoError(t, err)
		assert.Empty(t, s.Themes())
	})
	t.Run("without a catalog there is no snapshot", func(t *testing.T) {
		s, err := (&theming.CompiledCatalog{}).SnapshotLenient(themes)
		assert.Nil(t, s)
		assert.ErrorIs(t, err, theming.ErrNoCatalog)
	})
}

func TestZeroValuesDoNotPanic(t *testing.T) {
	t.Run("the zero Snapshot is empty", func(t *testing.T) {
		var s theming.Snapshot
		assert.Empty(t, s.Components())
		_, ok := s.Component("page")
		assert.False(t, ok)
		assert.Empty(t, s.Themes())
		_, ok = s.Theme(1)
		assert.False(t, ok)
		_, err := s.ChooseTheme(0)
		assert.ErrorIs(t, err, theming.ErrNoThemes)
		assert.Equal(t, "[]", string(s.ComponentDefsJSON()))
		body, err := s.ThemesJSON("")
		require.NoError(t, err)
		assert.Equal(t, "[]", string(body))
		_, err = s.ThemeJSON(1, "")
		assert.ErrorIs(t, err, theming.ErrUnknownTheme)
		assert.Empty(t, s.Version())
		assert.Empty(t, s.PageBackground())
		assert.Nil(t, s.CompiledCatalog())
	})
	t.Run("a store's current snapshot before the first load has no version", func(t *testing.T) {
		var st theming.Current
		assert.Empty(t, st.Load().Version(), "a health check may report it")
		assert.Nil(t, st.Load().CompiledCatalog())
	})
	t.Run("the zero CompiledCatalog refuses to build", func(t *testing.T) {
		var c theming.CompiledCatalog
		_, err := c.Snapshot(nil)
		assert.ErrorIs(t, err, theming.ErrNoCatalog)
		assert.ErrorIs(t, c.CheckTheme(theming.Theme{ID: 1, Name: "x"}), theming.ErrNoCatalog)
		assert.Equal(t, theming.Catalog{}, c.Catalog(), "nothing to serve: the zero Snapshot serves [] (above)")
		var nilCat *theming.CompiledCatalog
		_, err = nilCat.Snapshot(nil)
		assert.ErrorIs(t, err, theming.ErrNoCatalog)
	})
	t.Run("the zero ResolvedTheme has no colors", func(t *testing.T) {
		var rt theming.ResolvedTheme
		_, ok := rt.Color(theming.Light, "page")
		assert.False(t, ok)
		_, ok = rt.Variable(theming.Light, "--page")
		assert.False(t, ok)
		for range rt.Colors(theming.Dark) {
			t.Fatal("a zero theme yields no colors")
		}
		for range rt.Variables(theming.Dark) {
			t.Fatal("a zero theme yields no variables")
		}
		assert.Empty(t, rt.PalettePreview())
	})
}

func TestVersion(t *testing.T) {
	cat, themes := baseValues(t)
	a, err := build(cat, themes)
	require.NoError(t, err)
	b, err := theming.Load([]byte(baseCatalog), []byte(baseThemes))
	require.NoError(t, err)
	assert.Regexp(t, `^[0-9a-f]{16}$`, a.Version())
	assert.Equal(t, a.Version(), b.Version(), "the same data gives the same version, however it came in")
	reordered, err := build(cat, []theming.Theme{themes[1], themes[0]})
	require.NoError(t, err)
	assert.Equal(t, a.Version(), reordered.Version(), "themes are served in id order, so their input order does not count")
	empty := slices.Clone(themes)
	empty[1].Colors = map[string]theming.PerScheme{}
	withEmpty, err := build(cat, empty)
	require.NoError(t, err)
	assert.Equal(t, a.Version(), withEmpty.Version(), "nil and empty colors are the same data")
	themes[1].Name = "Renamed"
	c, err := build(cat, themes)
	require.NoError(t, err)
	assert.NotEqual(t, a.Version(), c.Version(), "a changed theme changes the version")
}

// TestConcurrentSnapshotsFromOneCatalog builds snapshots from one
// compiled catalog in several goroutines while others serve from a Current
// the builders replace; run under -race it shows that what the snapshots
// share is never written after compilation.
func TestConcurrentSnapshotsFromOneCatalog(t *testing.T) {
	cat, themes := baseValues(t)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	first, err := cc.Snapshot(themes)
	require.NoError(t, err)
	st := theming.NewCurrent(first)
	wantDefs := string(first.ComponentDefsJSON())
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 50 {
				th := append([]theming.Theme(nil), themes...)
				th[0].Colors = map[string]theming.PerScheme{"primary": {Light: fmt.Sprintf("hsl(%d, 40%%, 30%%)", (w*50+i)%360)}}
				s, err := cc.Snapshot(th)
				if !assert.NoError(t, err) {
					return
				}
				assert.NoError(t, cc.CheckTheme(th[0]))
				st.Replace(s)
			}
		})
	}
	for range 4 {
		wg.Go(func() {
			for range 100 {
				s := st.Load()
				assert.Equal(t, wantDefs, string(s.ComponentDefsJSON()))
				_, err := s.ThemesJSON("")
				assert.NoError(t, err)
				rt, err := s.ChooseTheme(1)
				if !assert.NoError(t, err) {
					return
				}
				assert.True(t, strings.HasPrefix(sheet(s, rt), "/* theme 1: Green */"))
				assert.Equal(t, 20, audit(t, s).Checked) // 5 rules (primary's on page for --primary and --primary-hover), 2 schemes, 2 themes
				_ = s.Version()
			}
		})
	}
	wg.Wait()
}

func TestValidationErrorsAreInspectable(t *testing.T) {
	cat, themes := baseValues(t)
	themes[0].Colors = map[string]theming.PerScheme{"nav-bgg": {Light: "x"}}
	_, err := build(cat, themes)
	var p *theming.Problem
	require.True(t, errors.As(err, &p), "errors.As finds the problem")
	assert.Equal(t, 1, p.ThemeID)
	_, err = fs.Stat(theming.DefaultFS(), "catalog.json")
	require.NoError(t, err)
}

// build is the typed-values way in: CompileCatalog, then Snapshot.
func build(cat theming.Catalog, themes []theming.Theme) (*theming.Snapshot, error) {
	c, err := theming.CompileCatalog(cat)
	if err != nil {
		return nil, err
	}
	return c.Snapshot(themes)
}
