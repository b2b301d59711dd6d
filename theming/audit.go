package theming

import (
	"fmt"
	"slices"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// Finding is the outcome of one contrast rule, for one theme and scheme,
// under the policy of the [Report] it belongs to.
//
// The component is the foreground (the text, border or fill that is
// drawn) and the target the background it is drawn on. Translucent colors
// are resolved as a browser paints them: the background over the page
// background, then the foreground over that.
//
// Both WCAG 2 ratios are always reported: Ratio on the exact colors
// ([contrast.RatioOver]) and Rendered on the 8-bit colors a browser
// computes and composites, the ratio axe-core measures
// ([contrast.RatioRendered]). WCAGPass is the verdict on them under the
// policy's method ([contrast.Method.Judge]). APCA is the APCA-W3 Lc of the
// foreground as text on the background, always measured; APCARequired and
// APCAPass are set only when the policy checks APCA. Pass is the whole
// verdict: WCAGPass, and APCAPass when the policy checks APCA.
//
// Field, Origin, TargetField and TargetOrigin say where each side's color
// came from, as the resolver recorded it while it resolved the theme: the
// theme field ("colors.<id>.<scheme>", see [FieldName]) whose override
// decided the color, directly or through a fallback chain that passes the
// overridden component, or "" when no override was involved; and the id
// of the component whose override or fallback literal gave the color. A
// variable target has the field and origin of its component; a literal
// hsl target has neither.
type Finding struct {
	Theme        int            `json:"theme"`
	ThemeName    string         `json:"theme_name"`
	Scheme       Scheme         `json:"scheme"`
	Component    string         `json:"component"`
	Target       ContrastTarget `json:"target"`
	Field        string         `json:"field"`         // the theme field that decided the foreground, or ""
	Origin       string         `json:"origin"`        // the component whose literal gave the foreground
	TargetField  string         `json:"target_field"`  // the theme field that decided the background, or ""
	TargetOrigin string         `json:"target_origin"` // the component whose literal gave the background; "" for an hsl target
	Foreground   colorref.Color `json:"foreground"`
	Background   colorref.Color `json:"background"`
	Backdrop     colorref.Color `json:"backdrop"`
	Ratio        float64        `json:"ratio"`    // exact WCAG 2 ratio
	Rendered     float64        `json:"rendered"` // WCAG 2 ratio of the rendered 8-bit colors
	Required     float64        `json:"required"`
	WCAGPass     bool           `json:"wcag_pass"`
	APCA         float64        `json:"apca"`                    // APCA-W3 Lc, signed
	APCARequired float64        `json:"apca_required,omitempty"` // the |Lc| required; 0 when APCA is not checked
	APCAPass     bool           `json:"apca_pass"`               // false when APCA is not checked
	Pass         bool           `json:"pass"`

	// Policy is the policy the finding was judged under, the report's.
	// Suggest and Suggestions search and re-check fixes under it. It is
	// not encoded: a report's JSON carries it once.
	Policy contrast.Policy `json:"-"`

	// src is the resolved theme the finding was audited in and rule the
	// index of its rule in the catalog: what Suggest needs to re-audit the
	// theme with an edit applied. Nil in a Finding built by hand.
	src  *ResolvedTheme
	rule int
}

// Report is a contrast audit: every contrast rule of every visible
// component, in both schemes, under every theme audited, judged under one
// [contrast.Policy], which the report records (Method, Level and APCA, in
// its JSON too). Findings are sorted by theme id, then scheme (light
// first), then the component's position in the catalog, then the rule's
// position in contrast_against.
type Report struct {
	Method   contrast.Method `json:"method"`
	Level    contrast.Level  `json:"level"`
	APCA     bool            `json:"apca"`
	Findings []Finding       `json:"findings"`
	Checked  int             `json:"checked"`
	Failed   int             `json:"failed"`
}

// Policy returns the policy the report's findings were judged under.
func (r *Report) Policy() contrast.Policy {
	if r == nil {
		return contrast.Policy{}
	}
	return contrast.Policy{Level: r.Level, Method: r.Method, APCA: r.APCA}
}

// OK reports whether every rule passed.
func (r *Report) OK() bool { return r == nil || r.Failed == 0 }

// Failures returns the findings that failed, in report order.
func (r *Report) Failures() []Finding {
	if r == nil {
		return nil
	}
	var out []Finding
	for _, f := range r.Findings {
		if !f.Pass {
			out = append(out, f)
		}
	}
	return out
}

// Audit returns the contrast audit of the snapshot under the default
// policy, the zero [contrast.Policy]: WCAG 2 AA, judged under
// [contrast.Both] (the exact ratio and the rendered one must both pass),
// without APCA. It is computed once per snapshot; each call returns a
// copy, which the caller may modify. The zero Snapshot's audit checks
// nothing.
func (s *Snapshot) Audit() *Report {
	s.auditOnce.Do(func() { s.audit = s.cat.audit(s.themes, contrast.Policy{}) })
	return s.audit.clone()
}

// clone returns a copy of r that shares no memory with it: a Finding
// holds only values.
func (r *Report) clone() *Report {
	out := *r
	out.Findings = slices.Clone(r.Findings)
	return &out
}

// AuditWith returns the contrast audit of the snapshot under p: another
// method ([contrast.Exact], [contrast.Rendered]), level AAA, or APCA
// beside WCAG 2. Under the zero policy it returns a copy of
// [Snapshot.Audit]'s report; under any other it computes a new report.
// Either is the caller's. An unknown level or method is an error wrapping
// [contrast.ErrUnknownLevel] or [contrast.ErrUnknownMethod].
func (s *Snapshot) AuditWith(p contrast.Policy) (*Report, error) {
	if p == (contrast.Policy{}) {
		return s.Audit(), nil
	}
	if err := checkPolicy(p); err != nil {
		return nil, err
	}
	return s.cat.audit(s.themes, p), nil
}

// AuditTheme returns the contrast audit, under p, of the one theme with
// the given id: for a host's admin page, which shows the problems of the
// theme being edited. The error wraps [ErrUnknownTheme] when no theme has
// the id, and [contrast.ErrUnknownLevel] or [contrast.ErrUnknownMethod]
// for an unknown policy. For a theme not yet saved, use
// [CompiledCatalog.AuditTheme].
func (s *Snapshot) AuditTheme(id int, p contrast.Policy) (*Report, error) {
	if err := checkPolicy(p); err != nil {
		return nil, err
	}
	rt, ok := s.Theme(id)
	if !ok {
		return nil, fmt.Errorf("%w: id %d", ErrUnknownTheme, id)
	}
	return s.cat.audit([]*ResolvedTheme{rt}, p), nil
}

// AuditTheme validates t exactly as [CompiledCatalog.CheckTheme] does and,
// if it is valid, returns its contrast audit under p, as a snapshot holding
// t alone would audit it: for an admin's edit, before the host stores it,
// so that the save can show the problems of the one theme being edited.
// A theme with problems gives a *ValidationError listing them and no
// report. The zero CompiledCatalog gives an error wrapping
// [ErrNoCatalog]; an unknown policy one wrapping
// [contrast.ErrUnknownLevel] or [contrast.ErrUnknownMethod]. For a theme
// already in a snapshot, use [Snapshot.AuditTheme].
func (c *CompiledCatalog) AuditTheme(t Theme, p contrast.Policy) (*Report, error) {
	if err := checkPolicy(p); err != nil {
		return nil, err
	}
	res, err := c.checkOne(&t)
	if err != nil {
		return nil, err
	}
	return c.audit([]*ResolvedTheme{{cat: c, theme: t, res: res}}, p), nil
}

// checkPolicy reports an unknown level or method in p, with the error
// contrast gives for it.
func checkPolicy(p contrast.Policy) error {
	_, err := p.Check(colorref.Color{}, colorref.Color{}, colorref.Color{}, contrast.Text)
	return err
}

// audit checks every contrast rule of the catalog under each theme, in
// both schemes, under p, which checkPolicy has accepted. Within one theme
// and scheme many rules compare the same two colors (fallbacks make many
// components one color): a pair is measured once and later rules copy
// its measurements. On the default data that is 510 pairs for 840 rules.
func (c *CompiledCatalog) audit(themes []*ResolvedTheme, p contrast.Policy) *Report {
	r := &Report{Method: p.Method, Level: p.Level, APCA: p.APCA, Findings: []Finding{}}
	if !c.ok() {
		return r
	}
	r.Findings = make([]Finding, 0, len(c.rules)*len(themes)*2)
	first := make(map[pairKey]int, len(c.rules)) // the finding that measured the pair, in this theme and scheme
	for _, rt := range themes {
		for k, sc := range Schemes() {
			clear(first)
			for ri := range c.rules {
				ru := &c.rules[ri]
				fg, bg, bd := c.pair(ru, rt.res.colors[k], members{}, colorref.Color{})
				r.Findings = append(r.Findings, Finding{
					Theme: rt.ID(), ThemeName: rt.Name(), Scheme: sc, Component: c.cat.Components[ru.comp].ID, Target: ru.target,
					Foreground: fg, Background: bg, Backdrop: bd, Policy: p,
					src: rt, rule: ri,
				})
				n := len(r.Findings) - 1
				f := &r.Findings[n]
				f.Field, f.Origin = c.sourceNames(rt.res.srcs[k], ru.comp, k)
				if ru.bgComp >= 0 {
					f.TargetField, f.TargetOrigin = c.sourceNames(rt.res.srcs[k], ru.bgComp, k)
				}
				key := pairKey{f.Foreground, f.Background, ru.target.ContrastType}
				if m, ok := first[key]; ok {
					f.copyMeasures(&r.Findings[m])
				} else {
					first[key] = n
					f.measure(p)
				}
				r.Checked++
				if !f.Pass {
					r.Failed++
				}
			}
		}
	}
	return r
}

// pairKey is what a finding's measurements depend on, within one theme
// and scheme (whose page background is the backdrop).
type pairKey struct {
	fg, bg colorref.Color
	t      contrast.Type
}

// measure checks f's pair under p, which checkPolicy has accepted, and
// fills in its ratios, Lc and verdicts. The catalog's checks guarantee
// the type: Check cannot fail. The Lc is measured whether or not p checks
// APCA.
func (f *Finding) measure(p contrast.Policy) {
	res, _ := p.Check(f.Foreground, f.Background, f.Backdrop, f.Target.ContrastType)
	f.Ratio, f.Rendered, f.Required = res.Exact, res.Rendered, res.Required
	f.WCAGPass, f.Pass = res.WCAGPass, res.Pass
	if res.APCA {
		f.APCA, f.APCARequired, f.APCAPass = res.Lc, res.LcRequired, res.APCAPass
	} else {
		f.APCA = contrast.APCAOver(f.Foreground, f.Background, f.Backdrop)
	}
}

// copyMeasures copies the ratios, Lc and verdicts of a finding of the same
// pair.
func (f *Finding) copyMeasures(m *Finding) {
	f.Ratio, f.Rendered, f.Required, f.WCAGPass = m.Ratio, m.Rendered, m.Required, m.WCAGPass
	f.APCA, f.APCARequired, f.APCAPass, f.Pass = m.APCA, m.APCARequired, m.APCAPass, m.Pass
}
