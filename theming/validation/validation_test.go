package validation_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/go-playground/validator/v10"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/validation"
)

// setup returns a validator with the package's tags for the default
// catalog, and that catalog.
func setup(t *testing.T) (*validator.Validate, *theming.CompiledCatalog) {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	v := validator.New()
	require.NoError(t, validation.Register(v, cc))
	return v, cc
}

// form is a host's own form, using the tags.
type form struct {
	ID        int    `form:"id" validate:"gt=0"`
	Primary   string `form:"primary" validate:"required,themecolor"`
	Accent    string `form:"accent" validate:"omitempty,hslcolor"`
	Brand     string `form:"brand" validate:"omitempty,csscolor"`
	Variable  string `form:"variable" validate:"omitempty,cssvar"`
	Component string `form:"component" validate:"omitempty,componentid"`
	Logo      string `form:"logo" validate:"omitempty,themeimage"`
}

// Colors that validator's built-in hsl tag rejects and colorref accepts.
var acceptedColors = []struct{ why, color string }{
	{"a decimal hue", "hsl(210.5, 50%, 40%)"},
	{"a decimal saturation", "hsl(210, 50.5%, 40%)"},
	{"hsla with an alpha", "hsla(210, 50%, 40%, 0.5)"},
	{"a hue past 360", "hsl(400, 50%, 40%)"},
	{"the modern syntax", "hsl(210 50% 40%)"},
	{"the modern syntax with an alpha", "hsl(210 50% 40% / 0.5)"},
	{"a hue in turns", "hsl(0.5turn, 50%, 40%)"},
}

// Colors of the other notations theme data takes: hslcolor refuses
// them, csscolor and themecolor accept them.
var otherNotations = []struct{ why, color string }{
	{"a hex color", "#1a73e8"},
	{"a short upper-case hex color with alpha", "#F808"},
	{"an rgb() color", "rgb(0, 0, 0)"},
	{"a modern rgb() color with an alpha", "rgb(24 119 242 / 50%)"},
	{"an oklch() color", "oklch(62% 0.19 260)"},
	{"an oklch() color outside sRGB", "oklch(70% 0.4 150)"},
	{"an oklab() color", "oklab(0.628 0.2249 0.1258 / 0.5)"},
	{"a Display-P3 color", "color(display-p3 0.9175 0.2003 0.1386)"},
}

// Values that are no color in any notation theme data takes (hsl()
// broken every way, and notations colorref does not read).
var badColors = []struct{ why, color string }{
	{"an empty string", ""},
	{"a hex color of five digits", "#1a73e"},
	{"an oklch() color without its hue", "oklch(62% 0.19)"},
	{"an oklch() color in the comma syntax", "oklch(62%, 0.19, 260)"},
	{"a color space other than display-p3", "color(rec2020 1 0 0)"},
	{"a lab() color", "lab(50% 20 30)"},
	{"a legacy saturation without %", "hsl(210, 50, 40%)"},
	{"a missing lightness", "hsl(210, 50%)"},
	{"a missing parenthesis", "hsl(210, 50%, 40%"},
	{"leading space", " hsl(210, 50%, 40%)"},
	{"trailing space", "hsl(210, 50%, 40%) "},
	{"none in the legacy syntax", "hsl(none, 50%, 40%)"},
	{"calc()", "hsl(calc(10), 50%, 40%)"},
	{"five components", "hsl(210, 50%, 40%, 0.5, 1)"},
	{"a comment", "hsl(/**/210, 50%, 40%)"},
	{"a named color", "red"},
}

func TestHSLColor(t *testing.T) {
	v, _ := setup(t)
	for _, c := range acceptedColors {
		t.Run("hslcolor accepts "+c.why+" that validator's hsl rejects", func(t *testing.T) {
			require.Error(t, v.Var(c.color, "hsl"), "validator's own tag")
			assert.NoError(t, v.Var(c.color, "hslcolor"))
			assert.NoError(t, v.Var(c.color, "themecolor"))
		})
	}
	for _, c := range badColors {
		t.Run("hslcolor, csscolor and themecolor reject "+c.why, func(t *testing.T) {
			assert.Error(t, v.Var(c.color, "hslcolor"))
			assert.Error(t, v.Var(c.color, "csscolor"))
			assert.Error(t, v.Var(c.color, "themecolor"))
		})
	}
}

func TestCSSColor(t *testing.T) {
	v, _ := setup(t)
	for _, c := range otherNotations {
		t.Run("csscolor and themecolor accept "+c.why+", which hslcolor refuses", func(t *testing.T) {
			assert.NoError(t, v.Var(c.color, "csscolor"))
			assert.NoError(t, v.Var(c.color, "themecolor"))
			assert.Error(t, v.Var(c.color, "hslcolor"))
		})
	}
	for _, c := range acceptedColors {
		t.Run("csscolor accepts "+c.why+" as hslcolor does", func(t *testing.T) {
			assert.NoError(t, v.Var(c.color, "csscolor"))
		})
	}
}

func TestHostForm(t *testing.T) {
	v, cc := setup(t)
	good := form{ID: 3, Primary: "primary", Accent: "hsla(10, 50%, 40%, .5)", Variable: "--brand_1", Component: "text-primary", Logo: "themes/3/logo.png"}
	t.Run("a good form passes", func(t *testing.T) {
		assert.NoError(t, v.Struct(good))
	})
	for _, c := range append(acceptedColors[:len(acceptedColors):len(acceptedColors)], otherNotations...) {
		t.Run("a form's themecolor and csscolor accept "+c.why, func(t *testing.T) {
			f := good
			f.Primary, f.Brand = c.color, c.color
			assert.NoError(t, v.Struct(f))
		})
	}
	t.Run("a form's optional hslcolor field left empty passes (omitempty: no accent)", func(t *testing.T) {
		f := good
		f.Accent = ""
		assert.NoError(t, v.Struct(f))
	})
	for _, c := range badColors {
		if c.color == "" {
			continue // the optional field's empty value is the case above
		}
		for _, fld := range []struct {
			tag, path, msg string
			set            func(*form, string)
		}{
			{"hslcolor", "accent", " is not an hsl()/hsla() color", func(f *form, s string) { f.Accent = s }},
			{"csscolor", "brand", " is not a color", func(f *form, s string) { f.Brand = s }},
		} {
			t.Run("a form's "+fld.tag+" field with "+c.why+" is one problem at its form name", func(t *testing.T) {
				f := good
				fld.set(&f, c.color)
				var ve *theming.ValidationError
				require.ErrorAs(t, validation.ToTheming(v.Struct(f), cc, f), &ve)
				require.Len(t, ve.Problems, 1)
				assert.Equal(t, fld.path, ve.Problems[0].Path)
				assert.Equal(t, 3, ve.Problems[0].ThemeID, "the form's ID")
				assert.ErrorIs(t, ve.Problems[0], theming.ErrInvalid)
				assert.True(t, strings.HasPrefix(ve.Problems[0].Msg, strconv.Quote(c.color)+fld.msg), "%s", ve.Problems[0].Msg)
			})
		}
	}
	problems := []struct {
		name   string
		change func(*form)
		path   string
		want   error
		msg    string
	}{
		{"an unknown component as a color", func(f *form) { f.Primary = "nav-bgg" }, "primary", theming.ErrUnknownComponent, `unknown component "nav-bgg"`},
		{"a hidden component as a color", func(f *form) { f.Primary = "chat-bubble" }, "primary", theming.ErrHiddenReference, ""},
		{"a CSS variable as a color", func(f *form) { f.Primary = "--brand" }, "primary", theming.ErrInvalid, ""},
		{"no color", func(f *form) { f.Primary = "" }, "primary", theming.ErrInvalid, "is required"},
		{"a hidden component", func(f *form) { f.Component = "legacy-header" }, "component", theming.ErrHiddenReference, ""},
		{"a malformed component id", func(f *form) { f.Component = "Nav" }, "component", theming.ErrInvalid, ""},
		{"a variable without --", func(f *form) { f.Variable = "brand" }, "variable", theming.ErrInvalid, ""},
		{"an image path that climbs", func(f *form) { f.Logo = "../etc/passwd" }, "logo", theming.ErrInvalid, ""},
		{"a javascript: image", func(f *form) { f.Logo = "javascript:alert(1)" }, "logo", theming.ErrInvalid, ""},
		{"a zero id", func(f *form) { f.ID = 0 }, "id", theming.ErrInvalid, "must be greater than 0, not 0"},
	}
	for _, tt := range problems {
		t.Run("a form with "+tt.name+" is refused at its field", func(t *testing.T) {
			f := good
			tt.change(&f)
			err := validation.ToTheming(v.Struct(f), cc, f)
			var ve *theming.ValidationError
			require.ErrorAs(t, err, &ve)
			require.Len(t, ve.Problems, 1, "%v", err)
			assert.Equal(t, tt.path, ve.Problems[0].Path)
			assert.ErrorIs(t, err, tt.want)
			if tt.msg != "" {
				assert.Equal(t, tt.msg, ve.Problems[0].Msg)
			}
		})
	}
	t.Run("an error that is not the validator's is returned as it is", func(t *testing.T) {
		assert.NoError(t, validation.ToTheming(nil, cc, good))
		assert.Equal(t, theming.ErrNoThemes, validation.ToTheming(theming.ErrNoThemes, cc, good))
	})
}

// problemsOf returns the problems of err, a *theming.ValidationError, as
// values, or nil.
func problemsOf(t *testing.T, err error) []theming.Problem {
	t.Helper()
	if err == nil {
		return nil
	}
	var ve *theming.ValidationError
	require.ErrorAs(t, err, &ve, "%v", err)
	out := make([]theming.Problem, len(ve.Problems))
	for i, p := range ve.Problems {
		out[i] = *p
	}
	return out
}

func TestThemeTagsAnswerAsCheckTheme(t *testing.T) {
	v, cc := setup(t)
	base := func() theming.Theme {
		return theming.Theme{ID: 10, Name: "Ten", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(30, 80%, 40%)", Dark: "text-primary"}}}
	}
	str := func(s string) *string { return &s }
	cases := []struct {
		name   string
		change func(*theming.Theme)
	}{
		{"no change", func(*theming.Theme) {}},
		{"no colors at all", func(th *theming.Theme) { th.Colors = nil }},
		{"an unknown component", func(th *theming.Theme) {
			th.Colors = map[string]theming.PerScheme{"nav-bgg": {Light: "hsl(0, 0%, 0%)"}}
		}},
		{"a hidden component as a key", func(th *theming.Theme) { th.Colors["chat-bubble"] = theming.PerScheme{Light: "hsl(0, 0%, 0%)"} }},
		{"a hidden component as a value", func(th *theming.Theme) { th.Colors["link"] = theming.PerScheme{Dark: "legacy-accent"} }},
		{"a key that is no component id", func(th *theming.Theme) { th.Colors["Nav Bar"] = theming.PerScheme{Light: "not a color"} }},
		{"keys that hold the namespace's brackets and dots", func(th *theming.Theme) {
			for _, key := range []string{"a]", "a]b", "a].light", "x[0]", "b][1].light", "[", "]", "link].dark"} {
				th.Colors[key] = theming.PerScheme{Light: "hsl(0, 0%, 0%)", Dark: "("}
			}
		}},
		{"an empty key", func(th *theming.Theme) { th.Colors[""] = theming.PerScheme{Light: "hsl(0, 0%, 0%)"} }},
		{"a hex color", func(th *theming.Theme) { th.Colors["text-primary"] = theming.PerScheme{Dark: "#1a73e8"} }},
		{"a CSS variable as a color", func(th *theming.Theme) { th.Colors["link"] = theming.PerScheme{Light: "--primary"} }},
		{"an unknown component as a color", func(th *theming.Theme) { th.Colors["link"] = theming.PerScheme{Light: "primry"} }},
		{"an unsafe image", func(th *theming.Theme) { th.Favicon = new(string) }},
		{"an image pair with a bad thumbnail", func(th *theming.Theme) {
			th.LogoSite = &theming.ImagePair{Thumbnail: str("ftp://x/y.png"), Original: str("themes/1/site.png")}
		}},
		{"a zero id", func(th *theming.Theme) { th.ID = 0 }},
		{"a negative id", func(th *theming.Theme) { th.ID = -4 }},
		{"no name", func(th *theming.Theme) { th.Name = "" }},
		{"a blank name", func(th *theming.Theme) { th.Name = " \t" }},
		{"a wrong logo type", func(th *theming.Theme) { th.DarkModeLogoType = "inverse" }},
		{"a wrong alignment", func(th *theming.Theme) { th.LogoAlignment = "middle" }},
		{"a negative height and margin", func(th *theming.Theme) { th.LogoHeight, th.LogoMarginTop = -1, -2 }},
		{"a name of MaxNameChars characters", func(th *theming.Theme) { th.Name = strings.Repeat("é", theming.MaxNameChars) }},
		{"a name of one character more", func(th *theming.Theme) { th.Name = strings.Repeat("é", theming.MaxNameChars+1) }},
		{"a name of 1 MiB", func(th *theming.Theme) { th.Name = strings.Repeat("n", 1<<20) }},
		{"an image of MaxImageLen bytes", func(th *theming.Theme) {
			th.Logo = str("https://cdn.example.com/" + strings.Repeat("a", theming.MaxImageLen-24))
		}},
		{"an image of one byte more", func(th *theming.Theme) {
			th.Logo = str("https://cdn.example.com/" + strings.Repeat("a", theming.MaxImageLen-23))
		}},
		{"a thumbnail of 1 MiB", func(th *theming.Theme) { th.LogoSite = &theming.ImagePair{Thumbnail: str(strings.Repeat("a", 1<<20))} }},
		{"a color of 1 MiB", func(th *theming.Theme) {
			th.Colors["link"] = theming.PerScheme{Light: "hsl(0, 0%, " + strings.Repeat("0", 1<<20) + "%)"}
		}},
		{"a key of 1 MiB", func(th *theming.Theme) {
			th.Colors[strings.Repeat("k", 1<<20)] = theming.PerScheme{Light: "hsl(0, 0%, 0%)"}
		}},
		{"many problems at once", func(th *theming.Theme) {
			th.Name = ""
			th.CompactLogoSize = -3
			th.Logo = str("/abs/path.png")
			th.Colors["surface"] = theming.PerScheme{Light: "hsl(1, 2%)", Dark: "hsl(400 50% 40% / 0.5)"}
		}},
	}
	for _, c := range acceptedColors {
		cases = append(cases, struct {
			name   string
			change func(*theming.Theme)
		}{c.why, func(th *theming.Theme) { th.Colors["link"] = theming.PerScheme{Light: c.color} }})
	}
	for _, c := range badColors[1:] { // an empty override means "no override"
		cases = append(cases, struct {
			name   string
			change func(*theming.Theme)
		}{c.why + " as a color", func(th *theming.Theme) { th.Colors["link"] = theming.PerScheme{Dark: c.color} }})
	}
	for _, tt := range cases {
		t.Run("a theme with "+tt.name+" gets CheckTheme's problems", func(t *testing.T) {
			th := base()
			tt.change(&th)
			want := problemsOf(t, cc.CheckTheme(th))
			got := problemsOf(t, validation.ToTheming(v.Struct(th), cc, th))
			assert.ElementsMatch(t, want, got)
		})
	}
	t.Run("a cycle passes the tags but not CheckTheme, which resolves the theme", func(t *testing.T) {
		th := base()
		th.Colors = map[string]theming.PerScheme{"primary": {Light: "link"}, "link": {Light: "primary"}}
		assert.NoError(t, v.Struct(th))
		assert.ErrorIs(t, cc.CheckTheme(th), theming.ErrCycle)
	})
}

func TestRegister(t *testing.T) {
	t.Run("a catalog that holds nothing is refused", func(t *testing.T) {
		assert.ErrorIs(t, validation.Register(validator.New(), &theming.CompiledCatalog{}), theming.ErrNoCatalog)
	})
	t.Run("a nil validator is refused", func(t *testing.T) {
		_, cc := setup(t)
		assert.ErrorIs(t, validation.Register(nil, cc), validation.ErrNoValidator)
	})
	t.Run("a tag on a field that is not a string fails", func(t *testing.T) {
		v, _ := setup(t)
		assert.Error(t, v.Var(42, "hslcolor"))
	})
}
