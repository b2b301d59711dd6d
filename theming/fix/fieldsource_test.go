package fix_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// TestFindingsNameTheFieldThatDecidedEachColor audits themes broken in a
// dozen ways on the default catalog. The expected field and origin of
// each side come from the fallback chains below, read off
// theming/defaultdata/catalog.json by hand (light scheme unless noted):
//
//	link, sidebar-active-item, primary-button, focus-ring -> primary
//	rsvp-button -> primary-button -> primary
//	rsvp-button-text -> primary-button-text (a literal)
//	input-focus-border -> focus-ring -> primary
//	input-text -> text-primary; card -> surface
//	divider, card-border -> border
//	nav-active-item: a literal in light, -> primary in dark
//	group-header-text -> nav-text
//	--sidebar-active-item-background: derived from sidebar-active-item
func TestFindingsNameTheFieldThatDecidedEachColor(t *testing.T) {
	cc := defaultCatalog(t)
	type side struct{ field, origin string }
	tests := []struct {
		name      string
		colors    map[string]theming.PerScheme
		scheme    theming.Scheme
		component string
		target    string
		fails     bool // the theme is broken on this rule
		fg, bg    side
	}{
		{"text too light: its own field", map[string]theming.PerScheme{"text-primary": {Light: "hsl(222, 25%, 70%)"}},
			theming.Light, "text-primary", "page-background", true,
			side{"colors.text-primary.light", "text-primary"}, side{"", "page-background"}},
		{"text too light reaches the input text that falls back to it", map[string]theming.PerScheme{"text-primary": {Light: "hsl(222, 25%, 70%)"}},
			theming.Light, "input-text", "input-background", true,
			side{"colors.text-primary.light", "text-primary"}, side{"", "input-background"}},
		{"a brand too light for its buttons: the button two steps down the chain", map[string]theming.PerScheme{"primary": {Light: "hsl(221, 72%, 75%)"}},
			theming.Light, "rsvp-button-text", "rsvp-button", true,
			side{"", "primary-button-text"}, side{"colors.primary.light", "primary"}},
		{"a brand too light: a variable target derived from the button", map[string]theming.PerScheme{"primary": {Light: "hsl(221, 72%, 75%)"}},
			theming.Light, "primary-button-text", "--primary-button-hover", true,
			side{"", "primary-button-text"}, side{"colors.primary.light", "primary"}},
		{"a translucent override of a surface others fall back to", map[string]theming.PerScheme{"surface": {Light: "hsla(0, 0%, 10%, 0.9)"}},
			theming.Light, "link", "card", true,
			side{"", "primary"}, side{"colors.surface.light", "surface"}},
		{"a translucent card: its border's target", map[string]theming.PerScheme{"card": {Light: "hsla(220, 10%, 50%, 0.3)"}},
			theming.Light, "card-border", "card", true,
			side{"", "border"}, side{"colors.card.light", "card"}},
		{"dark-only failure: the dark fallback reaches the overridden brand", map[string]theming.PerScheme{"primary": {Dark: "hsl(217, 90%, 12%)"}},
			theming.Dark, "nav-active-item", "nav-bar", true,
			side{"colors.primary.dark", "primary"}, side{"", "nav-bar"}},
		{"dark-only override: the light literal is the catalog's", map[string]theming.PerScheme{"primary": {Dark: "hsl(217, 90%, 12%)"}},
			theming.Light, "nav-active-item", "nav-bar", false,
			side{"", "nav-active-item"}, side{"", "nav-bar"}},
		{"an override on a component others fall back to", map[string]theming.PerScheme{"border": {Light: "hsl(220, 10%, 88%)"}},
			theming.Light, "divider", "surface", true,
			side{"colors.border.light", "border"}, side{"", "surface"}},
		{"an override that names another component: the field, and the origin it names", map[string]theming.PerScheme{"link": {Light: "secondary"}},
			theming.Light, "link", "page-background", false,
			side{"colors.link.light", "secondary"}, side{"", "page-background"}},
		{"two overrides on the chain: the one nearest the literal decides", map[string]theming.PerScheme{"link": {Light: "secondary"}, "secondary": {Light: "hsl(262, 48%, 80%)"}},
			theming.Light, "link", "page-background", true,
			side{"colors.secondary.light", "secondary"}, side{"", "page-background"}},
		{"a ring three deep", map[string]theming.PerScheme{"focus-ring": {Light: "hsl(221, 72%, 90%)"}},
			theming.Light, "input-focus-border", "input-background", true,
			side{"colors.focus-ring.light", "focus-ring"}, side{"", "input-background"}},
		{"a literal hsl target has no field and no origin", map[string]theming.PerScheme{"nav-bar": {Light: "hsl(222, 45%, 80%)"}},
			theming.Light, "nav-bar", "hsl(0, 0%, 100%)", true,
			side{"colors.nav-bar.light", "nav-bar"}, side{"", ""}},
		{"a derived background moves with its own component's field", map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 51%)"}},
			theming.Light, "sidebar-active-item", "--sidebar-active-item-background", true,
			side{"colors.primary.light", "primary"}, side{"colors.primary.light", "primary"}},
		{"the page background's own override", map[string]theming.PerScheme{"page-background": {Light: "hsl(220, 20%, 40%)"}},
			theming.Light, "text-primary", "page-background", true,
			side{"", "text-primary"}, side{"colors.page-background.light", "page-background"}},
		{"a target overridden to a reference", map[string]theming.PerScheme{"group-header": {Light: "nav-text"}},
			theming.Light, "group-header-text", "group-header", true,
			side{"", "nav-text"}, side{"colors.group-header.light", "nav-text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			th := theming.Theme{ID: 7, Name: "Broken", Colors: tt.colors}
			rep, err := fix.New(cc).AuditTheme(th, contrast.Policy{})
			require.NoError(t, err)
			f := findFinding(t, rep, 7, tt.scheme, tt.component, tt.target)
			if tt.fails {
				require.False(t, f.Pass, "the theme is broken on %s on %s", tt.component, tt.target)
			}
			assert.Equal(t, tt.fg.field, f.Field, "the field of the component's color")
			assert.Equal(t, tt.fg.origin, f.Origin, "the origin of the component's color")
			assert.Equal(t, tt.bg.field, f.TargetField, "the field of the target's color")
			assert.Equal(t, tt.bg.origin, f.TargetOrigin, "the origin of the target's color")
		})
	}
}

func TestFindingsOfTheDefaultDataNameNoFieldWhereNoOverrideIsInvolved(t *testing.T) {
	rep := audit(t, defaultSnapshot(t))
	f := findFinding(t, rep, 1, theming.Light, "link", "page-background")
	assert.Equal(t, "colors.link.light", f.Field, "Harbor overrides link")
	assert.Equal(t, "link", f.Origin)
	f = findFinding(t, rep, 1, theming.Light, "sidebar-active-item", "sidebar")
	assert.Equal(t, "", f.Field, "Harbor does not override primary")
	assert.Equal(t, "primary", f.Origin)
	b, err := json.Marshal(f)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"field":"","origin":"primary","target_field":"","target_origin":"sidebar"`, "the JSON names")
}
