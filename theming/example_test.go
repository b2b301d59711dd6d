package theming_test

import (
	"errors"
	"fmt"
	"io/fs"
	"testing/fstest"

	"github.com/themekit/themekit/theming"
)

func ExampleLoad() {
	catalog := []byte(`{
	  "page_background": "page",
	  "palette_preview": ["primary"],
	  "components": [
	    {"component_id": "page", "name": "Page",
	     "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"},
	     "variables": [{"css_variable": "--page"}]},
	    {"component_id": "primary", "name": "Primary",
	     "fallback": {"light": "hsl(210, 50%, 40%)", "dark": "hsl(210, 50%, 70%)"},
	     "variables": [{"css_variable": "--primary"}, {"css_variable": "--primary-hover", "lightness_offset": -10}]}
	  ]}`)
	themes := []byte(`{"themes": [{"colors": {"primary": {"light": "hsl(150, 40%, 30%)"}},
	  "id": 1, "name": "Forest", "favicon": null, "logo": null, "logo_inverse": null,
	  "compact_logo": null, "compact_logo_inverse": null, "logo_site": null,
	  "light_mode_logo_type": "DEFAULT", "dark_mode_logo_type": "DEFAULT", "logo_alignment": "left",
	  "logo_height": 40, "logo_margin_left": 0, "logo_margin_top": 0,
	  "compact_light_mode_logo_type": "DEFAULT", "compact_dark_mode_logo_type": "DEFAULT",
	  "compact_logo_size": 32, "default_group_banner": null, "default_event_banner": null,
	  "default_user_profile_banner": null, "is_default": true}]}`)

	s, err := theming.Load(catalog, themes)
	if err != nil {
		fmt.Println(err)
		return
	}
	forest, _ := s.ChooseTheme(0)
	for _, sc := range theming.Schemes() {
		for name, value := range forest.Variables(sc) {
			fmt.Println(sc, name, value)
		}
	}
	// Output:
	// light --page hsl(0, 0%, 100%)
	// light --primary hsl(150, 40%, 30%)
	// light --primary-hover hsl(150, 40%, 20%)
	// dark --page hsl(0, 0%, 10%)
	// dark --primary hsl(210, 50%, 70%)
	// dark --primary-hover hsl(210, 50%, 60%)
}

func ExampleLoad_error() {
	catalog := []byte(`{"page_background": "page", "palette_preview": [], "components": [
	  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "nav-bgg"}, "variables": []},
	  {"component_id": "a", "name": "A", "fallback": {"light": "b", "dark": "hsl(0, 0%, 0%)"}, "variables": []},
	  {"component_id": "b", "name": "B", "fallback": {"light": "a", "dark": "hsl(0, 0%, 0%)"}, "variables": [], "colour": "x"}
	]}`)
	_, err := theming.Load(catalog, []byte(`{"themes": []}`))
	fmt.Println(err)
	fmt.Println("unknown component:", errors.Is(err, theming.ErrUnknownComponent))
	fmt.Println("cycle:", errors.Is(err, theming.ErrCycle))
	var verr *theming.ValidationError
	if errors.As(err, &verr) {
		fmt.Println("first path:", verr.Problems[0].Path)
	}
	// Output:
	// theming: invalid data: 3 problems
	// 	catalog.json:2:95: components[0].fallback.dark: unknown component "nav-bgg"
	// 	catalog.json:3:61: components[1].fallback.light: fallback cycle in light scheme: a -> b -> a
	// 	catalog.json:4:110: components[2].colour: unknown field "colour" (known: can_edit_opacity, component_id, contrast_against, default_opacity, fallback, hidden, name, variables)
	// unknown component: true
	// cycle: true
	// first path: components[0].fallback.dark
}

// A host whose catalog and themes live in its own tables builds them as
// Go values; no JSON is involved. The catalog is compiled once, and each
// version of the themes is a snapshot built on it.
func ExampleCompileCatalog() {
	cat := theming.Catalog{
		PageBackground: "page",
		PalettePreview: []string{"primary"},
		Components: []theming.Component{
			{ID: "page", Name: "Page",
				Fallback:  theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 10%)"},
				Variables: []theming.Variable{{CSSVariable: "--page"}}},
			{ID: "primary", Name: "Primary",
				Fallback:  theming.PerScheme{Light: "hsl(210, 50%, 40%)", Dark: "hsl(210, 50%, 70%)"},
				Variables: []theming.Variable{{CSSVariable: "--primary"}}},
		},
	}
	// As rows of a themes table would give them; empty logo fields take
	// their documented defaults.
	themes := []theming.Theme{{
		ID: 10, Name: "Forest", IsDefault: true,
		Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(150, 40%, 30%)"}},
	}}
	compiled, err := theming.CompileCatalog(cat)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := compiled.Snapshot(themes)
	if err != nil {
		fmt.Println(err)
		return
	}
	forest, _ := s.ChooseTheme(0)
	c, _ := forest.Color(theming.Light, "primary")
	fmt.Println(forest.Name(), c, forest.Theme().LightModeLogoType)

	// A row that names a component the catalog does not have.
	themes[0].Colors = map[string]theming.PerScheme{"nav-bgg": {Light: "hsl(0, 0%, 0%)"}}
	_, err = compiled.Snapshot(themes)
	fmt.Println(err)
	var verr *theming.ValidationError
	if errors.As(err, &verr) {
		p := verr.Problems[0]
		fmt.Println(p.ThemeID, p.ComponentID, errors.Is(p, theming.ErrUnknownComponent))
	}
	// Output:
	// Forest hsl(150, 40%, 30%) DEFAULT
	// theming: invalid data: 1 problem
	// 	theme 10: colors.nav-bgg: unknown component "nav-bgg"
	// 10 nav-bgg true
}

// Two tenants share one compiled catalog; each snapshot holds only its
// own themes' colors.
func ExampleCompiledCatalog_Snapshot() {
	cat, err := theming.DefaultCatalog()
	if err != nil {
		fmt.Println(err)
		return
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		fmt.Println(err)
		return
	}
	acme, err := cc.Snapshot([]theming.Theme{{ID: 1, Name: "Acme red",
		Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(0, 70%, 45%)"}}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	globex, err := cc.Snapshot([]theming.Theme{{ID: 1, Name: "Globex green",
		Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(140, 50%, 35%)"}}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []*theming.Snapshot{acme, globex} {
		t, _ := s.ChooseTheme(0)
		c, _ := t.Color(theming.Light, "primary")
		fmt.Println(t.Name(), c, s.CompiledCatalog() == cc)
	}

	// A tenant whose row has a color colorref does not read.
	_, err = cc.Snapshot([]theming.Theme{{ID: 2, Name: "Initech",
		Colors: map[string]theming.PerScheme{"primary": {Light: "lab(50% 20 30)"}}}})
	fmt.Println(err)
	// Output:
	// Acme red hsl(0, 70%, 45%) true
	// Globex green hsl(140, 50%, 35%) true
	// theming: invalid data: 1 problem
	// 	theme 2: colors.primary.light: "lab(50% 20 30)" is neither a color nor a component id: unsupported color function "lab("; expected a color: #hex, hsl(), hsla(), rgb(), rgba(), oklch(), oklab() or color(display-p3 …) at offset 0
}

// An admin's edit is checked before the host stores it.
func ExampleCompiledCatalog_CheckTheme() {
	cat, err := theming.DefaultCatalog()
	if err != nil {
		fmt.Println(err)
		return
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		fmt.Println(err)
		return
	}
	edit := theming.Theme{ID: 4, Name: "Night", LogoAlignment: theming.AlignCenter,
		Colors: map[string]theming.PerScheme{"surface": {Dark: "hsl(222, 25%, 14%)"}}}
	fmt.Println("first edit:", cc.CheckTheme(edit))

	edit.LogoAlignment = "middle"
	edit.Colors["primary"] = theming.PerScheme{Dark: "primary-button"}
	err = cc.CheckTheme(edit)
	fmt.Println("second edit:", err)
	fmt.Println("cycle:", errors.Is(err, theming.ErrCycle))
	// Output:
	// first edit: <nil>
	// second edit: theming: invalid data: 2 problems
	// 	theme 4: colors: fallback cycle in dark scheme under theme 4: primary -> primary-button -> primary
	// 	theme 4: logo_alignment: must be one of left, center, right, not "middle"
	// cycle: true
}

// A host that would rather serve a tenant's good themes than none builds
// leniently: the snapshot is usable, and the error names the themes left
// out.
func ExampleCompiledCatalog_SnapshotLenient() {
	cat, err := theming.DefaultCatalog()
	if err != nil {
		fmt.Println(err)
		return
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := cc.SnapshotLenient([]theming.Theme{
		{ID: 1, Name: "Light", IsDefault: true},
		{ID: 2, Name: "Broken", Colors: map[string]theming.PerScheme{"nav-bgg": {Dark: "hsl(220, 60%, 30%)"}}},
	})
	for _, t := range s.Themes() {
		fmt.Println("serving theme", t.ID(), t.Name())
	}
	fmt.Println(err)
	// Output:
	// serving theme 1 Light
	// theming: invalid data: 1 problem
	// 	theme 2: colors.nav-bgg: unknown component "nav-bgg"
}

// LoadFS reads catalog.json and themes.json from any fs.FS: the embedded
// defaults, a directory (os.DirFS), or files in memory; a missing file is
// the fs error.
func ExampleLoadFS() {
	s, err := theming.LoadFS(theming.DefaultFS()) // or theming.LoadFS(os.DirFS("/etc/myapp/theming"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(s.Components()), "components,", len(s.Themes()), "themes")

	_, err = theming.LoadFS(fstest.MapFS{"catalog.json": {Data: []byte(`{}`)}})
	fmt.Println(errors.Is(err, fs.ErrNotExist))
	// Output:
	// 66 components, 4 themes
	// true
}
