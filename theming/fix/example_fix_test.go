package fix_test

import (
	"errors"
	"fmt"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// An admin saves a brand color too light for the sidebar's active item,
// which falls back to it and is read on a tint derived from itself: the
// form offers the fix, which holds once applied.
func ExampleEngine_FixTheme() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(s.CompiledCatalog())
	draft := theming.Theme{ID: 9, Name: "Draft", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 51%)"}}}
	fixed, edits, err := e.FixTheme(draft, fix.FixOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ed := range edits {
		fmt.Printf("%s: %s -> %s\n", ed.Field, ed.From, ed.To)
	}
	rep, _ := e.AuditTheme(fixed, contrast.Policy{})
	fmt.Println(rep.Checked, "rules,", rep.Failed, "fail")
	// Output:
	// colors.primary.light: hsl(214, 82%, 51%) -> hsl(214, 82%, 43.59%)
	// 312 rules, 0 fail
}

// When the rules cannot hold together, the error names them: here a
// surface pinned to black, on which the body text must be light, while
// on the light page it must be dark. (The boundaries agree with
// examples/themecheck/testdata/reference.py: 49.38% passes on the page
// and 49.39% fails; 50.36% passes on black and 50.35% fails.)
func ExampleEngine_FixTheme_unsatisfiable() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	draft := theming.Theme{ID: 5, Name: "Black surface", Colors: map[string]theming.PerScheme{"surface": {Light: "hsl(0, 0%, 0%)"}}}
	_, _, err = fix.New(s.CompiledCatalog()).FixTheme(draft, fix.FixOptions{Pinned: []string{"colors.surface.light"}})
	var ue *fix.UnsatisfiableError
	if errors.As(err, &ue) {
		for _, c := range ue.Conflicts {
			if c.Field != "colors.text-primary.light" {
				continue
			}
			for _, r := range c.Rules {
				if r.Target.Value == "page-background" || r.Target.Value == "surface" {
					fmt.Printf("%s on %s needs lightness %v\n", r.Component, r.Target.Value, r.Ranges)
				}
			}
		}
	}
	fmt.Println(errors.Is(err, fix.ErrUnsatisfiable))
	// Output:
	// text-primary on page-background needs lightness [0–49.38]
	// text-primary on surface needs lightness [50.36–100]
	// true
}

// A form shows the lightness a field may take, the rest of the theme as
// it is: the default brand may go up to 49.8%, where the sidebar's active
// item still reads on its own tint (reference.py: 49.81% fails).
func ExampleEngine_FieldRange() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(s.CompiledCatalog())
	draft := theming.Theme{ID: 9, Name: "Draft"}
	rs, err := e.FieldRange(draft, "colors.primary.light", contrast.Policy{})
	fmt.Println(rs, err)
	_, err = e.FieldRange(draft, "colors.primary.dusk", contrast.Policy{})
	fmt.Println(errors.Is(err, theming.ErrUnknownThemeField))
	// Output:
	// [0–49.8] <nil>
	// true
}

// A theme from one brand color: the brand is too light for white button
// text, so it takes the nearest lightness that passes.
func ExampleEngine_Generate() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(s.CompiledCatalog())
	// A brand that passes its own rules is taken exactly; the link, which
	// follows it and would fail as text, gets its own override.
	g, err := e.Generate(colorref.HSL(214, 89, 52), fix.GenerateOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Name, g.Colors["primary"].Light)
	fmt.Println("link:", g.Colors["link"].Light)
	// A yellow fails its own rules on a light page: it is moved, and the
	// move names the rule that decided it.
	moved, err := e.TakeBrand(colorref.HSL(55, 100, 50), fix.GenerateOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(moved)
	_, err = e.Generate(colorref.HSL(160, 70, 50), fix.GenerateOptions{Brand: "accent"})
	fmt.Println(errors.Is(err, theming.ErrUnknownComponent))
	// Output:
	// Generated hsl(214, 89%, 52%)
	// link: hsl(214, 89%, 48.21%)
	// brand hsl(55, 100%, 50%) fails primary on page-background (non-text) in the light scheme; taken at hsl(55, 100%, 31.05%), the nearest lightness it passes at (0–31.05)
	// true
}

// The high-contrast variant of a theme passes WCAG 2 AAA; the stylesheet
// (theming/css) serves it under prefers-contrast: more. For a theme not
// yet saved, FixTheme under HighContrastPolicy makes it, and says when
// AAA cannot be reached; the engine of no catalog makes nothing.
func ExampleEngine_HighContrast() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(s.CompiledCatalog())
	rt, _ := s.Theme(3)
	v := e.HighContrast(rt)
	rep, _ := e.AuditResolved(v.Theme, fix.HighContrastPolicy())
	fmt.Println(rep.Level, rep.Method, rep.Failed, "fail")

	_, _, err = new(fix.Engine).FixTheme(rt.Theme(), fix.FixOptions{Policy: fix.HighContrastPolicy()})
	fmt.Println(errors.Is(err, theming.ErrNoCatalog))
	// Output:
	// AAA both 0 fail
	// true
}

// Under forced colors each variable takes a CSS system color by its role.
func ExampleEngine_ForcedColor() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(s.CompiledCatalog())
	for _, v := range []string{"--page-background", "--text-primary", "--link", "--primary-button", "--primary-button-text", "--no-such"} {
		role, ok := e.ForcedColor(v)
		fmt.Println(v, role, ok)
	}
	// Output:
	// --page-background Canvas true
	// --text-primary CanvasText true
	// --link LinkText true
	// --primary-button ButtonBorder true
	// --primary-button-text ButtonFace true
	// --no-such  false
}
