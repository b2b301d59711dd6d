package scale

import (
	"strconv"

	"github.com/themekit/themekit/colorref"
)

// AppendCSS appends the ramp's steps to b as CSS custom property
// declarations, one a line and indented by two spaces, each with the
// ratio asked for in a comment:
//
//	--brand-1: oklch(95.86% 0.0197 257.86); /* 1.05:1 */
//
// The name must make CSS custom property names ("--" + name passes
// [colorref.CheckVariable]); else b is returned unchanged with the
// *colorref.ParseError.
func (r Ramp) AppendCSS(b []byte, name string) ([]byte, error) {
	if err := colorref.CheckVariable("--" + name); err != nil {
		return b, err
	}
	for _, st := range r.Steps {
		b = append(b, "  "...)
		b = append(b, variable(name, st.Name)...)
		b = append(b, ": "...)
		b, _ = st.Color.AppendText(b)
		b = append(b, "; /* "...)
		b = strconv.AppendFloat(b, st.Ratio, 'g', -1, 64)
		b = append(b, ":1 */\n"...)
	}
	return b, nil
}

// AppendCSS appends the scale to b as a stylesheet: the light ramp's
// custom properties on :root, and the dark ramp's on :root inside
// @media (prefers-color-scheme: dark). See [Ramp.AppendCSS] for the
// declarations and the name.
func (s Scale) AppendCSS(b []byte, name string) ([]byte, error) {
	b0 := b
	b = append(b, ":root {\n"...)
	b, err := s.Light.AppendCSS(b, name)
	if err != nil {
		return b0, err
	}
	b = append(b, "}\n@media (prefers-color-scheme: dark) {\n:root {\n"...)
	b, _ = s.Dark.AppendCSS(b, name)
	return append(b, "}\n}\n"...), nil
}

func variable(name, step string) string { return "--" + name + "-" + step }

// Token is one step of a scale in the shape of a Design Tokens (DTCG
// 2025.10) color token: where it goes, its value in its own color space,
// and the ratio it was placed at. The DTCG export writes
//
//	{"$type": "color", "$value": {"colorSpace": "oklch", "components": [L, C, h], "alpha": 1}}
//
// at Path.
type Token struct {
	Path       []string       // name, scheme, step: ["brand", "light", "1"]
	Variable   string         // the CSS custom property AppendCSS declares: "--brand-1"
	Color      colorref.Color // the step's color, oklch()
	ColorSpace string         // the DTCG colorSpace: "oklch"
	Components [3]float64     // L in [0, 1], C, h in degrees, as printed
	Alpha      float64
	Ratio      float64 // the ratio asked for against the scheme's page
}

// Tokens returns the scale's steps as tokens, light then dark, each in
// step order. The name is checked as AppendCSS checks it.
func (s Scale) Tokens(name string) ([]Token, error) {
	if err := colorref.CheckVariable("--" + name); err != nil {
		return nil, err
	}
	var out []Token
	for _, r := range [...]Ramp{s.Light, s.Dark} {
		for _, st := range r.Steps {
			c := st.Color.Rounded()
			out = append(out, Token{
				Path:       []string{name, string(r.Scheme), st.Name},
				Variable:   variable(name, st.Name),
				Color:      c,
				ColorSpace: c.Notation().String(),
				Components: c.Components(),
				Alpha:      c.Alpha(),
				Ratio:      st.Ratio,
			})
		}
	}
	return out, nil
}
