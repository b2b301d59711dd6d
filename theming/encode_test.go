package theming_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// The expected JSON below is written by hand from the spec's field tables
// and the base data.
func TestComponentDefsJSON(t *testing.T) {
	s := loadBase(t)
	body := string(s.ComponentDefsJSON())
	t.Run("keys follow the spec's order and optional fields are absent", func(t *testing.T) {
		assert.Contains(t, body, `{"component_id":"button","name":"Button","fallback":{"light":"primary","dark":"primary"},"variables":[{"css_variable":"--button"},{"css_variable":"--button-soft","opacity":0.5,"lightness":90}]}`)
	})
	t.Run("contrast_against is present where the definition has it", func(t *testing.T) {
		assert.Contains(t, body, `"variables":[{"css_variable":"--text"}],"contrast_against":[{"type":"component","value":"page","contrast_type":"text"},`)
	})
	t.Run("overlay fields appear together and there is no contrast_against", func(t *testing.T) {
		assert.Contains(t, body, `{"component_id":"scrim","name":"Scrim","fallback":{"light":"hsla(0, 0%, 0%, 0.5)","dark":"hsla(0, 0%, 0%, 0.5)"},"variables":[{"css_variable":"--scrim"}],"can_edit_opacity":true,"default_opacity":0.5}`)
	})
	t.Run("hidden definitions and the hidden flag are never served", func(t *testing.T) {
		assert.NotContains(t, body, `"old"`)
		assert.NotContains(t, body, `hidden`)
	})
	t.Run("the body is a compact JSON array of the visible definitions", func(t *testing.T) {
		var defs []map[string]any
		require.NoError(t, json.Unmarshal([]byte(body), &defs))
		assert.Len(t, defs, 6)
		assert.NotContains(t, body, "\n")
	})
}

func TestComponentDefsJSONKeepsValuesAsWritten(t *testing.T) {
	cat := edit(t, baseCatalog, func(m map[string]any) {
		comp(m, 0)["fallback"].(map[string]any)["light"] = "HSL(0 0% 100%)"
		comp(m, 1)["variables"] = []any{map[string]any{"css_variable": "--primary", "opacity": 0, "lightness_offset": 0, "lightness": 0}}
		comp(m, 5)["can_edit_opacity"] = false
		comp(m, 5)["default_opacity"] = 0
	})
	s, err := theming.Load(cat, []byte(baseThemes))
	require.NoError(t, err)
	body := string(s.ComponentDefsJSON())
	assert.Contains(t, body, `"fallback":{"light":"HSL(0 0% 100%)","dark":"hsl(0, 0%, 10%)"}`, "fallback strings are served exactly as written")
	assert.Contains(t, body, `{"css_variable":"--primary","opacity":0,"lightness_offset":0,"lightness":0}`, "a set 0 is a value")
	assert.Contains(t, body, `"can_edit_opacity":false,"default_opacity":0}`, "false and 0 are values")
}

func TestThemesJSON(t *testing.T) {
	s := loadBase(t)
	body, err := s.ThemesJSON("https://media.example.com/m")
	require.NoError(t, err)
	t.Run("a theme without overrides or images is served with nulls, in the spec's order", func(t *testing.T) {
		assert.Contains(t, string(body), `{"colors":{},"id":2,"name":"Plain","favicon":null,"logo":null,"logo_inverse":null,"compact_logo":null,"compact_logo_inverse":null,"logo_site":null,"light_mode_logo_type":"DEFAULT","dark_mode_logo_type":"DEFAULT","logo_alignment":"center","logo_height":0,"logo_margin_left":0,"logo_margin_top":0,"compact_light_mode_logo_type":"DEFAULT","compact_dark_mode_logo_type":"DEFAULT","compact_logo_size":0,"default_group_banner":null,"default_event_banner":null,"default_user_profile_banner":null,"is_default":true,"palette_preview":["hsl(210,50%,40%)","hsl(0,0%,50%)"]}`)
	})
	t.Run("overrides come first and image paths become URLs on the media base", func(t *testing.T) {
		assert.True(t, strings.HasPrefix(string(body), `[{"colors":{"primary":{"light":"hsl(120, 40%, 30%)"}},"id":1,"name":"Green","favicon":"https://media.example.com/m/themes/1/favicon.png","logo":"https://cdn.example.com/logo.png","logo_inverse":null,`), "body: %s", body)
		assert.Contains(t, string(body), `"logo_site":{"thumbnail":"https://media.example.com/m/themes/1/site-t.png","original":"https://media.example.com/m/themes/1/site.png"}`)
		assert.Contains(t, string(body), `"default_user_profile_banner":{"thumbnail":null,"original":null}`)
	})
	t.Run("themes are listed in ascending id order", func(t *testing.T) {
		var list []struct{ ID int }
		require.NoError(t, json.Unmarshal(body, &list))
		assert.Equal(t, []struct{ ID int }{{1}, {2}}, list)
	})
	t.Run("the default media base is /media/", func(t *testing.T) {
		b, err := s.ThemesJSON("")
		require.NoError(t, err)
		assert.Contains(t, string(b), `"favicon":"/media/themes/1/favicon.png"`)
	})
	t.Run("a media base with a query is refused", func(t *testing.T) {
		_, err := s.ThemesJSON("https://media.example.com/?x=1")
		assert.ErrorIs(t, err, theming.ErrMediaBase)
	})
	t.Run("a relative media base is refused", func(t *testing.T) {
		_, err := s.ThemesJSON("media/")
		assert.ErrorIs(t, err, theming.ErrMediaBase)
	})
}

func TestThemeJSONForAUserHasAnEmptyPalette(t *testing.T) {
	s := loadBase(t)
	b, err := s.ThemeJSON(1, "/media/")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), `{"colors":{"primary":`), "a single object: %s", b)
	assert.True(t, strings.HasSuffix(string(b), `"is_default":false,"palette_preview":[]}`), "body: %s", b)
	_, err = s.ThemeJSON(7, "/media/")
	assert.ErrorIs(t, err, theming.ErrUnknownTheme)
}

func TestEncodedBodiesAreCopies(t *testing.T) {
	s := loadBase(t)
	a := s.ComponentDefsJSON()
	a[0] = 'X'
	assert.Equal(t, byte('['), s.ComponentDefsJSON()[0], "changing a returned body does not change the snapshot")
	b, _ := s.ThemesJSON("/m/")
	b[0] = 'X'
	c, _ := s.ThemesJSON("/m/")
	assert.Equal(t, byte('['), c[0])
}

// A fallback always has both values, so the served catalog writes both
// keys of every fallback even though PerScheme leaves an empty value out.
func TestServedFallbacksHaveBothSchemes(t *testing.T) {
	s, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	var defs []struct {
		ID       string         `json:"component_id"`
		Fallback map[string]any `json:"fallback"`
	}
	require.NoError(t, json.Unmarshal(s.ComponentDefsJSON(), &defs))
	require.Len(t, defs, 66, "the default catalog's visible components")
	for _, d := range defs {
		assert.Len(t, d.Fallback, 2, "%s: light and dark", d.ID)
		assert.NotEmpty(t, d.Fallback["light"], "%s: light", d.ID)
		assert.NotEmpty(t, d.Fallback["dark"], "%s: dark", d.ID)
	}
}

func TestPerSchemeFor(t *testing.T) {
	p := theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "page"}
	tests := []struct {
		name string
		give theming.Scheme
		want string
	}{
		{"light gives the light value", theming.Light, "hsl(0, 0%, 100%)"},
		{"dark gives the dark value", theming.Dark, "page"},
		{"a scheme that is neither gives nothing", theming.Scheme("purple"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, p.For(tt.give))
		})
	}
}

// Version digests the theme list as ThemesJSON encodes it on the default
// media base. It is the same whether the list was encoded first (and
// digested as it was) or Version encodes it itself, and whatever base the
// host serves.
func TestVersionIsTheSameWhicheverEncodingComesFirst(t *testing.T) {
	direct := loadBase(t).Version()
	require.Regexp(t, `^[0-9a-f]{16}$`, direct)
	for _, base := range []string{"", "/media/", "/media", "https://cdn.example.com/m/"} {
		t.Run("after ThemesJSON("+strconv.Quote(base)+")", func(t *testing.T) {
			s := loadBase(t)
			_, err := s.ThemesJSON(base)
			require.NoError(t, err)
			assert.Equal(t, direct, s.Version())
		})
	}
	t.Run("an independent digest of the catalog and the served list agrees", func(t *testing.T) {
		s := loadBase(t)
		list, err := s.ThemesJSON("")
		require.NoError(t, err)
		// The catalog's digest is the SHA-256 of its encoding/json
		// encoding plus the newline json.Encoder ends it with.
		var c theming.Catalog
		require.NoError(t, json.Unmarshal([]byte(baseCatalog), &c))
		enc, err := json.Marshal(c)
		require.NoError(t, err)
		catSum := sha256.Sum256(append(enc, '\n'))
		sum := sha256.Sum256(append(catSum[:], list...))
		assert.Equal(t, hex.EncodeToString(sum[:8]), s.Version())
	})
}

// The list is the records ThemeJSON serves, but each with its palette
// preview: encoding each record once into the list loses nothing.
func TestThemesJSONIsTheRecordsInIDOrder(t *testing.T) {
	s := loadBase(t)
	list, err := s.ThemesJSON("https://cdn.example.com/m/")
	require.NoError(t, err)
	var records []json.RawMessage
	require.NoError(t, json.Unmarshal(list, &records))
	require.Len(t, records, 2)
	assert.Equal(t, "["+string(records[0])+","+string(records[1])+"]", string(list), "compact, one array")
	for n, id := range []int{1, 2} {
		one, err := s.ThemeJSON(id, "https://cdn.example.com/m/")
		require.NoError(t, err)
		rt, _ := s.Theme(id)
		palette, err := json.Marshal(rt.PalettePreview())
		require.NoError(t, err)
		want := strings.TrimSuffix(string(one), `"palette_preview":[]}`) + `"palette_preview":` + string(palette) + "}"
		assert.Equal(t, want, string(records[n]), "theme %d", id)
	}
}
