package theming_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// served is everything a snapshot serves and reports, encoded, to compare
// before and after a caller mutates what an accessor returned.
func served(t *testing.T, s *theming.Snapshot) map[string]string {
	t.Helper()
	out := map[string]string{"catalog": string(s.ComponentDefsJSON())}
	list, err := s.ThemesJSON("")
	require.NoError(t, err)
	out["themes"] = string(list)
	for _, rt := range s.Themes() {
		one, err := s.ThemeJSON(rt.ID(), "")
		require.NoError(t, err)
		out["theme "+rt.Name()] = string(one)
		out["css "+rt.Name()] = sheet(s, rt)
	}
	audit, err := json.Marshal(audit(t, s))
	require.NoError(t, err)
	out["audit"] = string(audit)
	comps, err := json.Marshal(s.Components())
	require.NoError(t, err)
	out["components"] = string(comps)
	out["version"] = s.Version()
	return out
}

// TestReturnedValuesAreTheCallers mutates, accessor by accessor, every
// slice, map and pointer a snapshot hands out, and checks that what the
// snapshot serves and reports has not changed.
func TestReturnedValuesAreTheCallers(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(t *testing.T, s *theming.Snapshot)
	}{
		{"Components' fallbacks, variables, targets and opacity", func(t *testing.T, s *theming.Snapshot) {
			comps := s.Components()
			for i := range comps {
				c := &comps[i]
				c.Fallback.Light = "hsl(0, 100%, 50%)"
				for k := range c.Variables {
					c.Variables[k].CSSVariable = "--mutated"
					if c.Variables[k].Opacity != nil {
						*c.Variables[k].Opacity = 0.01
					}
					if c.Variables[k].Lightness != nil {
						*c.Variables[k].Lightness = 1
					}
				}
				for k := range c.ContrastAgainst {
					c.ContrastAgainst[k].Value = "mutated"
				}
				if c.DefaultOpacity != nil {
					*c.DefaultOpacity = 0.99
				}
				if c.CanEditOpacity != nil {
					*c.CanEditOpacity = !*c.CanEditOpacity
				}
			}
			comps[0] = theming.Component{}
		}},
		{"Component's variables and opacity", func(t *testing.T, s *theming.Snapshot) {
			for _, id := range []string{"button", "scrim", "text"} {
				c, ok := s.Component(id)
				require.True(t, ok, id)
				for k := range c.Variables {
					if c.Variables[k].Opacity != nil {
						*c.Variables[k].Opacity = 0.01
					}
					c.Variables[k].CSSVariable = "--mutated"
				}
				if c.DefaultOpacity != nil {
					*c.DefaultOpacity = 0.99
				}
				for k := range c.ContrastAgainst {
					c.ContrastAgainst[k].Type = theming.TargetHSL
				}
			}
		}},
		{"Theme's colors and images", func(t *testing.T, s *theming.Snapshot) {
			for _, rt := range s.Themes() {
				th := rt.Theme()
				for id := range th.Colors {
					th.Colors[id] = theming.PerScheme{Light: "hsl(0, 100%, 50%)"}
				}
				if th.Colors != nil {
					th.Colors["page"] = theming.PerScheme{Dark: "hsl(0, 100%, 50%)"}
				}
				for _, p := range []*string{th.Favicon, th.Logo} {
					if p != nil {
						*p = "mutated.png"
					}
				}
				if th.LogoSite != nil && th.LogoSite.Thumbnail != nil {
					*th.LogoSite.Thumbnail = "mutated.png"
				}
				if th.DefaultUserProfileBanner != nil {
					th.DefaultUserProfileBanner.Original = nil
				}
			}
		}},
		{"Themes' slice", func(t *testing.T, s *theming.Snapshot) {
			list := s.Themes()
			list[0], list[1] = list[1], nil
		}},
		{"PalettePreview's slice", func(t *testing.T, s *theming.Snapshot) {
			for _, rt := range s.Themes() {
				p := rt.PalettePreview()
				for i := range p {
					p[i] = "mutated"
				}
			}
		}},
		{"ComponentDefsJSON's bytes", func(t *testing.T, s *theming.Snapshot) {
			b := s.ComponentDefsJSON()
			for i := range b {
				b[i] = 'X'
			}
		}},
		{"ThemesJSON's bytes on the default base", func(t *testing.T, s *theming.Snapshot) {
			b, err := s.ThemesJSON("")
			require.NoError(t, err)
			for i := range b {
				b[i] = 'X'
			}
		}},
	}
	for _, tt := range tests {
		t.Run("mutating "+tt.name+" changes nothing served", func(t *testing.T) {
			s := loadBase(t)
			before := served(t, s)
			tt.mutate(t, s)
			after := served(t, s)
			for k, want := range before {
				assert.Equal(t, want, after[k], k)
			}
			assert.Equal(t, before, served(t, loadBase(t)), "and it is what a fresh snapshot serves")
		})
	}
}
