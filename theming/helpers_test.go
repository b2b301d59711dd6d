package theming_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// A small catalog whose resolution can be checked by hand.
//
//	page (light hsl(0,0%,100%), dark hsl(0,0%,10%))
//	primary (hsl(210,50%,40%) / hsl(210,50%,70%))
//	button -> primary (both schemes)
//	button-focus -> button -> primary (a chain three deep)
//	text (hsl(0,0%,10%) / hsl(0,0%,95%)), checked against page as text
//	scrim: an overlay, hsla(0,0%,0%,0.5) in both schemes
//	old: hidden, falls back to primary
const baseCatalog = `{
  "page_background": "page",
  "palette_preview": ["primary", "scrim"],
  "components": [
    {"component_id": "page", "name": "Page",
     "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"},
     "variables": [{"css_variable": "--page"}]},
    {"component_id": "primary", "name": "Primary",
     "fallback": {"light": "hsl(210, 50%, 40%)", "dark": "hsl(210, 50%, 70%)"},
     "variables": [{"css_variable": "--primary"}, {"css_variable": "--primary-hover", "lightness_offset": -10}],
     "contrast_against": [{"type": "component", "value": "page", "contrast_type": "non-text"}]},
    {"component_id": "button", "name": "Button",
     "fallback": {"light": "primary", "dark": "primary"},
     "variables": [{"css_variable": "--button"}, {"css_variable": "--button-soft", "lightness": 90, "opacity": 0.5}]},
    {"component_id": "button-focus", "name": "Button focus ring",
     "fallback": {"light": "button", "dark": "button"},
     "variables": [{"css_variable": "--button-focus", "opacity": 0.4}]},
    {"component_id": "text", "name": "Text",
     "fallback": {"light": "hsl(0, 0%, 10%)", "dark": "hsl(0, 0%, 95%)"},
     "variables": [{"css_variable": "--text"}],
     "contrast_against": [{"type": "component", "value": "page", "contrast_type": "text"},
                          {"type": "variable", "value": "--button-soft", "contrast_type": "text"},
                          {"type": "hsl", "value": "hsl(0, 0%, 100%)", "contrast_type": "non-text"}]},
    {"component_id": "scrim", "name": "Scrim",
     "fallback": {"light": "hsla(0, 0%, 0%, 0.5)", "dark": "hsla(0, 0%, 0%, 0.5)"},
     "variables": [{"css_variable": "--scrim"}],
     "can_edit_opacity": true, "default_opacity": 0.5},
    {"component_id": "old", "name": "Old", "hidden": true,
     "fallback": {"light": "primary", "dark": "primary"},
     "variables": [{"css_variable": "--old"}]}
  ]
}`

// Two themes: theme 1 overrides primary in the light scheme only; theme 2
// is the default and overrides nothing.
const baseThemes = `{"themes": [
  {"colors": {"primary": {"light": "hsl(120, 40%, 30%)"}},
   "id": 1, "name": "Green",
   "favicon": "themes/1/favicon.png", "logo": "https://cdn.example.com/logo.png", "logo_inverse": null,
   "compact_logo": null, "compact_logo_inverse": null,
   "logo_site": {"thumbnail": "themes/1/site-t.png", "original": "themes/1/site.png"},
   "light_mode_logo_type": "DEFAULT", "dark_mode_logo_type": "INVERSE", "logo_alignment": "left",
   "logo_height": 40, "logo_margin_left": 0, "logo_margin_top": 8,
   "compact_light_mode_logo_type": "DEFAULT", "compact_dark_mode_logo_type": "INVERSE", "compact_logo_size": 32,
   "default_group_banner": null, "default_event_banner": null,
   "default_user_profile_banner": {"thumbnail": null, "original": null},
   "is_default": false},
  {"id": 2, "name": "Plain",
   "favicon": null, "logo": null, "logo_inverse": null, "compact_logo": null, "compact_logo_inverse": null,
   "logo_site": null,
   "light_mode_logo_type": "DEFAULT", "dark_mode_logo_type": "DEFAULT", "logo_alignment": "center",
   "logo_height": 0, "logo_margin_left": 0, "logo_margin_top": 0,
   "compact_light_mode_logo_type": "DEFAULT", "compact_dark_mode_logo_type": "DEFAULT", "compact_logo_size": 0,
   "default_group_banner": null, "default_event_banner": null, "default_user_profile_banner": null,
   "is_default": true}
]}`

// edit decodes doc, lets change modify it, and encodes it again.
func edit(t testing.TB, doc string, change func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(doc), &m), "decoding base document")
	change(m)
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return b
}

// comp returns component i of a decoded catalog.
func comp(m map[string]any, i int) map[string]any {
	return m["components"].([]any)[i].(map[string]any)
}

// theme returns theme i of a decoded themes document.
func theme(m map[string]any, i int) map[string]any {
	return m["themes"].([]any)[i].(map[string]any)
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
