package dtcg

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/strictjson"
)

// The Color module's color spaces.
var colorSpaces = []string{"srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch",
	"display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50"}

// colorOf is a literal color token's value read once.
type colorOf struct {
	c  colorref.Color
	ok bool
}

// colors reads the literal color values of an import, each value once
// however many trees hold its token.
type colors struct {
	ps   *problems
	seen map[*strictjson.Value]colorOf
}

// color reads a literal color token's value, checking the Color module's
// rules; a color outside hsl is converted, with a warning.
func (cs *colors) color(tk *tok) (colorref.Color, bool) {
	if c, ok := cs.seen[tk.value]; ok {
		return c.c, c.ok
	}
	c, ok := cs.read(tk)
	cs.seen[tk.value] = colorOf{c, ok}
	return c, ok
}

func (cs *colors) read(tk *tok) (colorref.Color, bool) {
	v, vp := tk.value, tk.ptr()+"/$value"
	if v.Kind == strictjson.String && strings.HasPrefix(v.Str, "#") {
		return cs.hex(tk, vp)
	}
	if v.Kind != strictjson.Object {
		cs.ps.add(tk.doc, vp, v.Off, ErrStructure, "a color value is an object with colorSpace and components, not %s", v.Kind)
		return colorref.Color{}, false
	}
	space, comps, alpha := v.Get("colorSpace"), v.Get("components"), v.Get("alpha")
	if space == nil || space.Kind != strictjson.String {
		cs.ps.add(tk.doc, vp, v.Off, ErrStructure, "a color needs a colorSpace string")
		return colorref.Color{}, false
	}
	if !slices.Contains(colorSpaces, space.Str) {
		cs.ps.add(tk.doc, vp+"/colorSpace", space.Off, ErrColorSpace, "unknown color space %q", space.Str)
		return colorref.Color{}, false
	}
	if comps == nil || comps.Kind != strictjson.Array || len(comps.Members) != 3 {
		cs.ps.add(tk.doc, vp, v.Off, ErrStructure, "a color needs three components")
		return colorref.Color{}, false
	}
	a := 1.0
	if alpha != nil {
		var ok bool
		if a, ok = alpha.Float(); !ok {
			cs.ps.add(tk.doc, vp+"/alpha", alpha.Off, ErrStructure, "alpha is a number")
			return colorref.Color{}, false
		}
		if a < 0 || a > 1 {
			cs.ps.add(tk.doc, vp+"/alpha", alpha.Off, ErrRange, "alpha %v is outside [0, 1]", a)
			return colorref.Color{}, false
		}
	}
	x, ok := cs.components(tk, space.Str, comps, vp)
	if !ok {
		return colorref.Color{}, false
	}
	sp, known := colorref.ParseSpace(space.Str)
	if !known {
		cs.ps.add(tk.doc, vp+"/colorSpace", space.Off, ErrNotCatalog, "color space %q cannot be converted to hsl by this package", space.Str)
		return colorref.Color{}, false
	}
	col, inGamut := colorref.FromSpace(sp, x, a)
	if sp == colorref.SpaceHSL {
		return col, true
	}
	if !inGamut {
		cs.ps.add(tk.doc, vp, v.Off, ErrConverted, "%s color outside sRGB, clamped and converted to %s, the catalog's form", space.Str, col.String())
	} else {
		cs.ps.add(tk.doc, vp, v.Off, ErrConverted, "%s color converted to %s, the catalog's form", space.Str, col.String())
	}
	return col, true
}

// hex reads a color written as a CSS hex string, as the Color module
// wrote colors before it took objects and as design tools still do: it
// is converted to the hsl() that renders as the same 8-bit color, with a
// warning.
func (cs *colors) hex(tk *tok, vp string) (colorref.Color, bool) {
	v := tk.value
	c, err := colorref.ParseHex(v.Str)
	if err != nil {
		cs.ps.add(tk.doc, vp, v.Off, ErrStructure, "%q is not a hex color (%v); a color value is an object with colorSpace and components", v.Str, err)
		return colorref.Color{}, false
	}
	c = c.ShortestHSL()
	cs.ps.add(tk.doc, vp, v.Off, ErrConverted, "hex string %q converted to %s, the catalog's form (the Color module writes a color as an object)", v.Str, c.String())
	return c, true
}

// components reads the three components of a color in space, each a
// number in the space's range or "none" (0).
func (cs *colors) components(tk *tok, space string, comps *strictjson.Value, vp string) ([3]float64, bool) {
	var x [3]float64
	ok := true
	for i := range comps.Members {
		c, cp := &comps.Members[i].Value, vp+"/components/"+strconv.Itoa(i)
		if c.Kind == strictjson.String && c.Str == "none" {
			continue
		}
		f, isNum := c.Float()
		if !isNum {
			cs.ps.add(tk.doc, cp, c.Off, ErrStructure, "a component is a number or \"none\"")
			ok = false
			continue
		}
		x[i] = f
		lo, hi, open := componentRange(space, i)
		if f < lo || f > hi || open && f == hi {
			bound := "]"
			if open {
				bound = ")"
			}
			cs.ps.add(tk.doc, cp, c.Off, ErrRange, "%s component %d is %v, outside [%v, %v%s", space, i, f, lo, hi, bound)
			ok = false
		}
	}
	return x, ok
}

// componentRange returns the range the Color module gives component i of
// a color space, and whether it excludes its upper end (a hue).
func componentRange(space string, i int) (lo, hi float64, open bool) {
	inf := math.Inf(1)
	switch space {
	case "hsl", "hwb":
		if i == 0 {
			return 0, 360, true
		}
		return 0, 100, false
	case "lab":
		if i == 0 {
			return 0, 100, false
		}
		return -inf, inf, false
	case "lch":
		return [3]float64{0, 0, 0}[i], [3]float64{100, inf, 360}[i], i == 2
	case "oklab":
		if i == 0 {
			return 0, 1, false
		}
		return -inf, inf, false
	case "oklch":
		return 0, [3]float64{1, inf, 360}[i], i == 2
	}
	return 0, 1, false
}
