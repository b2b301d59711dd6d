package theming

import (
	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// Finding is the outcome of one contrast rule, for one theme and scheme.
//
// The component is the foreground (the text, border or fill that is
// drawn) and the target the background it is drawn on. Translucent colors
// are resolved as a browser paints them: the background over the page
// background, then the foreground over that. Ratio is the WCAG 2 contrast
// ratio, APCA the APCA-W3 Lc of the foreground as text on the background.
type Finding struct {
	Theme      int            `json:"theme"`
	ThemeName  string         `json:"theme_name"`
	Scheme     Scheme         `json:"scheme"`
	Component  string         `json:"component"`
	Target     ContrastTarget `json:"target"`
	Foreground colorref.Color `json:"foreground"`
	Background colorref.Color `json:"background"`
	Backdrop   colorref.Color `json:"backdrop"`
	Ratio      float64        `json:"ratio"`
	Required   float64        `json:"required"`
	APCA       float64        `json:"apca"`
	Pass       bool           `json:"pass"`
}

// Report is a catalog-wide contrast audit: every contrast rule of every
// visible component, in both schemes, under every theme. Findings are
// sorted by theme id, then scheme (light first), then the component's
// position in the catalog, then the rule's position in contrast_against.
type Report struct {
	Findings []Finding `json:"findings"`
	Checked  int       `json:"checked"`
	Failed   int       `json:"failed"`
}

// OK reports whether every rule passed.
func (r *Report) OK() bool { return r.Failed == 0 }

// Failures returns the findings that failed, in report order.
func (r *Report) Failures() []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if !f.Pass {
			out = append(out, f)
		}
	}
	return out
}

// Audit returns the contrast audit of the snapshot. It is computed on the
// first call and shared afterwards; callers must not modify it. The zero
// Snapshot's audit checks nothing.
func (s *Snapshot) Audit() *Report {
	s.auditOnce.Do(func() { s.audit = s.runAudit() })
	return s.audit
}

func (s *Snapshot) runAudit() *Report {
	if !s.cat.ok() {
		return &Report{Findings: []Finding{}}
	}
	c := s.cat
	r := &Report{Findings: make([]Finding, 0, len(c.rules)*len(s.themes)*2)}
	for _, rt := range s.themes {
		for _, sc := range Schemes() {
			k := schemeIndex(sc)
			colors := rt.res.colors[k]
			backdrop := colors[c.pageBG]
			for _, ru := range c.rules {
				f := Finding{
					Theme: rt.ID(), ThemeName: rt.Name(), Scheme: sc, Component: c.cat.Components[ru.comp].ID, Target: ru.target,
					Foreground: colors[ru.comp], Background: rt.target(k, ru), Backdrop: backdrop,
				}
				// The catalog's checks guarantee the type; Required cannot fail.
				f.Required, _ = contrast.Required(contrast.Type(ru.target.ContrastType), contrast.AA)
				f.Ratio = contrast.RatioOver(f.Foreground, f.Background, backdrop)
				f.APCA = contrast.APCAOver(f.Foreground, f.Background, backdrop)
				f.Pass = f.Ratio >= f.Required
				r.Findings = append(r.Findings, f)
				r.Checked++
				if !f.Pass {
					r.Failed++
				}
			}
		}
	}
	return r
}

// target returns the color of a contrast rule's target in scheme k.
func (r *ResolvedTheme) target(k int, ru rule) colorref.Color {
	switch ru.kind {
	case targetComp:
		return r.res.colors[k][ru.index]
	case targetVar:
		return r.value(k, ru.index)
	}
	return ru.color
}
