package theming_test

import (
	"errors"
	"fmt"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// A host's admin page shows the problems of the one theme being edited,
// under the policy the host enforces.
func ExampleSnapshot_AuditTheme() {
	s, err := theming.LoadDefault()
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := s.AuditTheme(2, contrast.Policy{Level: contrast.AAA})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("theme 2 under %s %s: %d rules, %d fail\n", rep.Level, rep.Method, rep.Checked, rep.Failed)

	_, err = s.AuditTheme(99, contrast.Policy{})
	fmt.Println(errors.Is(err, theming.ErrUnknownTheme), err)
	// Output:
	// theme 2 under AAA both: 210 rules, 45 fail
	// true theming: unknown theme: id 99
}

// Before a host stores an admin's edit, it audits the theme alone; a theme
// that does not validate is refused with its problems, as CheckTheme
// reports them.
func ExampleCompiledCatalog_AuditTheme() {
	s, err := theming.LoadDefault()
	if err != nil {
		fmt.Println(err)
		return
	}
	cat := s.Catalog()

	draft := theming.Theme{ID: 5, Name: "Draft", Colors: map[string]theming.ColorOverride{
		"text-primary": {Light: "hsl(0, 0%, 60%)"},
	}}
	rep, err := cat.AuditTheme(draft, contrast.Policy{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d rules, %d fail\n", rep.Checked, rep.Failed)
	if f := rep.Failures(); len(f) > 0 {
		fix := f[0].Suggestions()[0]
		fmt.Printf("%s on %s: %.2f:1; move the %s to %s\n", f[0].Component, f[0].Target.Value, f[0].Ratio, fix.Side, fix.Color())
	}

	draft.Colors = map[string]theming.ColorOverride{"text-primray": {Light: "hsl(0, 0%, 20%)"}}
	_, err = cat.AuditTheme(draft, contrast.Policy{})
	var verr *theming.ValidationError
	fmt.Println(errors.As(err, &verr), err)
	// Output:
	// 210 rules, 14 fail
	// surface on text-primary: 2.85:1; move the background to hsl(0, 0%, 46.47%)
	// true theming: invalid data: 1 problem
	// 	theme 5: colors.text-primray: unknown component "text-primray"
}
