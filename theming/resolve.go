package theming

import (
	"fmt"
	"slices"
	"strings"

	"github.com/themekit/themekit/colorref"
)

// Derive returns the value of variable v in scheme sc for a component
// whose resolved color in sc is c: Lightness, if set, replaces the
// lightness; the offset of sc (Variable.LightnessOffsetDark in Dark when set, else LightnessOffset), if set, is then
// added, the result clamped to [0, 100]; Opacity, if set, multiplies the
// alpha. The value keeps the notation of c, and the lightness is the
// notation's own ([colorref.Color.WithLightness]): hsl()'s L for hsl(),
// OKLab's L for oklch() and oklab() (the chroma brought into sRGB), the
// hsl() lightness of the channels for hex, rgb() and color(display-p3).
//
// As c gets lighter (hue, saturation and alpha kept) the value never gets
// darker: the engine's lightness search ([contrast.LightnessCheck])
// relies on it, and a new way to derive a variable must keep it.
func Derive(c colorref.Color, v Variable, sc Scheme) colorref.Color {
	if v.Lightness != nil {
		c = c.WithLightness(*v.Lightness)
	}
	if off := v.offset(sc); off != nil {
		c = c.WithLightness(c.Lightness() + *off)
	}
	if v.Opacity != nil {
		c = c.WithAlpha(c.Alpha() * *v.Opacity)
	}
	return c
}

// cyclePath renders a cycle as "a -> b -> c -> a", starting from its
// lowest index so the message is stable; long cycles are shortened.
func cyclePath(cat *Catalog, cyc []int) string {
	start := slices.Index(cyc, slices.Min(cyc))
	const show = 8
	var b strings.Builder
	for k := 0; k <= len(cyc); k++ {
		if k == show && len(cyc) > show+1 {
			fmt.Fprintf(&b, " -> ... (%d components in the cycle)", len(cyc))
			k = len(cyc) // jump to the closing member
		}
		if k > 0 {
			b.WriteString(" -> ")
		}
		b.WriteString(cat.Components[cyc[(start+k)%len(cyc)]].ID)
	}
	return b.String()
}
