package theming

// appendProperties registers each visible CSS variable as a typed custom
// property, its initial value the light scheme's:
//
//	@property --x { syntax: '<color>'; inherits: true; initial-value: …; }
//
// so that browsers type-check the variables and can animate them. A
// registered <color> computes to rgb() (rgba() when translucent): what a
// page reads back with getPropertyValue is that, not the hsl() written.
func (r *ResolvedTheme) appendProperties(b []byte) []byte {
	for n, vd := range r.vars() {
		b = append(b, "@property "...)
		b = append(b, vd.v.CSSVariable...)
		b = append(b, " { syntax: '<color>'; inherits: true; initial-value: "...)
		b, _ = r.value(0, n).AppendText(b)
		b = append(b, "; }\n"...)
	}
	return b
}
