package fix_test

import (
	"errors"
	"fmt"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// A host keeps one engine per compiled catalog and audits each snapshot
// of it: the default policy's report is worked out once per snapshot.
func ExampleEngine_Audit() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(s.CompiledCatalog())
	rep, err := e.Audit(s, contrast.Policy{}) // the default: AA under both methods
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("rules checked:", rep.Checked, "failed:", rep.Failed)
	f := rep.Findings[0]
	fmt.Printf("%s (%s, theme %d): %s on %s: %.2f:1, needs %g:1, APCA Lc %.1f\n",
		f.Component, f.Scheme, f.ThemeID, f.Foreground, f.Background, f.Ratio, f.Required, f.Lc)
	// Output:
	// rules checked: 1248 failed: 0
	// surface (light, theme 1): hsl(0, 0%, 100%) on hsl(222, 25%, 14%): 16.26:1, needs 4.5:1, APCA Lc -105.7
}

// A host's admin page shows the problems of the one theme being edited,
// under the policy the host enforces; an unknown policy is an error.
func ExampleEngine_AuditResolved() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	rt, ok := s.Theme(2)
	if !ok {
		fmt.Println("no theme 2")
		return
	}
	e := fix.New(s.CompiledCatalog())
	rep, err := e.AuditResolved(rt, contrast.Policy{Level: contrast.AAA})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("theme 2 under %s %s: %d rules, %d fail\n", rep.Level, rep.Method, rep.Checked, rep.Failed)

	_, err = e.AuditResolved(rt, contrast.Policy{Level: contrast.Level(3)})
	fmt.Println(errors.Is(err, contrast.ErrUnknownLevel), err)
	// Output:
	// theme 2 under AAA both: 312 rules, 42 fail
	// true contrast: unknown conformance level Level(3)
}

// Before a host stores an admin's edit, it audits the theme alone; a theme
// that does not validate is refused with its problems, as CheckTheme
// reports them.
func ExampleEngine_AuditTheme() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(s.CompiledCatalog())

	draft := theming.Theme{ID: 5, Name: "Draft", Colors: map[string]theming.PerScheme{
		"text-primary": {Light: "hsl(0, 0%, 60%)"},
	}}
	rep, err := e.AuditTheme(draft, contrast.Policy{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d rules, %d fail\n", rep.Checked, rep.Failed)
	if f := rep.Failures(); len(f) > 0 {
		s := f[0].Suggestions()[0]
		fmt.Printf("%s on %s: %.2f:1; move the %s to %s\n", f[0].Component, f[0].Target.Value, f[0].Ratio, s.Side, s.Color())
	}

	draft.Colors = map[string]theming.PerScheme{"text-primray": {Light: "hsl(0, 0%, 20%)"}}
	_, err = e.AuditTheme(draft, contrast.Policy{})
	var verr *theming.ValidationError
	fmt.Println(errors.As(err, &verr), err)
	// Output:
	// 312 rules, 18 fail
	// surface on text-primary: 2.85:1; move the background to hsl(0, 0%, 46.47%)
	// true theming: invalid data: 1 problem
	// 	theme 5: colors.text-primray: unknown component "text-primray"
}

// A grey that meets 4.5:1 on exact colors but that a browser renders as
// grey 119, 4.48:1, which axe-core reports: the default policy (both
// methods) fails it, the exact method alone passes it.
func ExampleEngine_Audit_policies() {
	cat, err := theming.CompileCatalog(theming.Catalog{
		PageBackground: "page",
		Components: []theming.Component{
			{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 0%)"}},
			{ID: "muted", Name: "Muted", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 46.53%)", Dark: "hsl(0, 0%, 100%)"},
				ContrastAgainst: []theming.ContrastTarget{{Type: theming.TargetComponent, Value: "page", ContrastType: "text"}}},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := cat.Snapshot([]theming.Theme{{ID: 1, Name: "Plain"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(cat)
	for _, p := range []contrast.Policy{{}, {Method: contrast.Exact}, {Level: contrast.AAA, APCA: true}} {
		rep, err := e.Audit(s, p)
		if err != nil {
			fmt.Println(err)
			return
		}
		f := rep.Findings[0]
		fmt.Printf("%s %s apca=%v: %.4f:1 (exact %.4f, rendered %.4f), Lc %.1f: pass=%v\n",
			rep.Level, rep.Method, rep.APCA, f.Ratio, f.Exact, f.Rendered, f.Lc, f.Pass)
	}
	// Output:
	// AA both apca=false: 4.4781:1 (exact 4.5003, rendered 4.4781), Lc 71.3: pass=false
	// AA exact apca=false: 4.5003:1 (exact 4.5003, rendered 4.4781), Lc 71.3: pass=true
	// AAA both apca=true: 4.4781:1 (exact 4.5003, rendered 4.4781), Lc 71.3: pass=false
}

// A form shows each field's failing rules beside it: one entry per
// field, however many rules one change broke.
func ExampleReport_ByField() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	th := theming.Theme{ID: 1, Name: "Pale", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 90%)"}}}
	rep, _ := fix.New(cc).AuditTheme(th, contrast.Policy{})
	for _, ff := range rep.ByField() {
		fmt.Printf("%s: %d failing rules\n", ff.Field, len(ff.Failing))
	}
	// Output:
	// colors.primary.light: 44 failing rules
}
