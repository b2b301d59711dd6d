package fix

import (
	"slices"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/kernel"
	"github.com/themekit/themekit/theming"
)

// Finding is the outcome of one contrast rule, for one theme and scheme,
// under the policy of the [Report] it belongs to.
//
// The component is the foreground (the text, border or fill that is
// drawn) and the target the background it is drawn on, each as the page
// paints it. A component's rule judges each of its variables that the
// catalog does not exempt ([theming.Role]): Variable names the one this
// finding judged, and Foreground is its value (the component's color for
// a component without variables, whose Variable is ""). Background is
// the target's first variable's value, or the target variable's.
// Translucent colors are resolved as a browser paints them: the
// background over the page background, then the foreground over that.
//
// The measurements are named as [contrast.Result] names them. Ratio is
// the WCAG 2 ratio the verdict rests on under the policy's method
// ([contrast.Method.Ratio]: the exact one, the rendered one, or under
// [contrast.Both] the lower of the two), and both are reported beside it:
// Exact on the exact colors ([contrast.RatioOver]) and Rendered on the
// 8-bit colors a browser computes and composites, the ratio axe-core
// measures ([contrast.RatioRendered]). WCAGPass is the verdict on them
// ([contrast.Method.Judge]). Lc is the APCA-W3 Lc of the foreground as
// text on the background, always measured; LcRequired and APCAPass are
// set only when the policy checks APCA. Pass is the whole verdict:
// WCAGPass, and APCAPass when the policy checks APCA.
//
// Field, Origin, TargetField and TargetOrigin say where each side's color
// came from, as the resolver recorded it while it resolved the theme: the
// theme field ("colors.<id>.<scheme>", see [theming.FieldName]) whose override
// decided the color, directly or through a fallback chain that passes the
// overridden component, or "" when no override was involved; and the id
// of the component whose override or fallback literal gave the color. A
// variable target has the field and origin of its component; a literal
// hsl target has neither.
//
// A Finding holds values only. Its own fixes, [Finding.Suggest] and
// [Finding.Suggestions], move one color of its pair; the fixes as edits
// of the theme it was audited in come from its report
// ([Report.SuggestEdit], [Report.Suggestions]).
type Finding struct {
	ThemeID      int                    `json:"theme"` // the id of the theme audited
	ThemeName    string                 `json:"theme_name"`
	Scheme       theming.Scheme         `json:"scheme"`
	Component    string                 `json:"component"`
	Variable     string                 `json:"variable"` // the CSS variable judged; "" for a component without variables
	Target       theming.ContrastTarget `json:"target"`
	Field        string                 `json:"field"`         // the theme field that decided the foreground, or ""
	Origin       string                 `json:"origin"`        // the component whose literal gave the foreground
	TargetField  string                 `json:"target_field"`  // the theme field that decided the background, or ""
	TargetOrigin string                 `json:"target_origin"` // the component whose literal gave the background; "" for an hsl target
	Foreground   colorref.Color         `json:"foreground"`
	Background   colorref.Color         `json:"background"`
	Backdrop     colorref.Color         `json:"backdrop"`
	Ratio        float64                `json:"ratio"`    // the WCAG 2 ratio the verdict rests on
	Exact        float64                `json:"exact"`    // WCAG 2 ratio of the exact colors
	Rendered     float64                `json:"rendered"` // WCAG 2 ratio of the rendered 8-bit colors
	Required     float64                `json:"required"`
	WCAGPass     bool                   `json:"wcag_pass"`
	Lc           float64                `json:"lc"`                    // APCA-W3 Lc, signed
	LcRequired   float64                `json:"lc_required,omitempty"` // the |Lc| required; 0 when APCA is not checked
	APCAPass     bool                   `json:"apca_pass"`             // false when APCA is not checked
	Pass         bool                   `json:"pass"`

	// Policy is the policy the finding was judged under, the report's.
	// Suggest and Suggestions search and re-check fixes under it. It is
	// not encoded: a report's JSON carries it once.
	Policy contrast.Policy `json:"-"`
}

// Report is a contrast audit: every contrast rule of every visible
// component, in both schemes, under every theme audited, judged under one
// [contrast.Policy], which the report records (Method, Level and APCA, in
// its JSON too). Findings are sorted by theme id, then scheme (light
// first), then the component's position in the catalog, then the rule's
// position in contrast_against, then the judged variable's position in
// the component's variables.
//
// A report made by an audit keeps the engine and the themes it audited,
// so that it can suggest edits of them ([Report.SuggestEdit],
// [Report.Suggestions]); a Report built by hand or decoded has none.
type Report struct {
	Method   contrast.Method `json:"method"`
	Level    contrast.Level  `json:"level"`
	APCA     bool            `json:"apca"`
	Findings []Finding       `json:"findings"`
	Checked  int             `json:"checked"`
	Failed   int             `json:"failed"`

	e      *Engine                  // the engine that audited
	themes []*theming.ResolvedTheme // the themes audited, in ascending id order
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

// clone returns a copy of r that shares no memory with it that the
// caller may change: a Finding holds only values, and the themes are
// immutable.
func (r *Report) clone() *Report {
	out := *r
	out.Findings = slices.Clone(r.Findings)
	return &out
}

// Audit returns the contrast audit of every theme of snapshot s under p.
// The zero [contrast.Policy] is the default: WCAG 2 AA, judged under
// [contrast.Both] (the exact ratio and the rendered one must both pass),
// without APCA; its report is worked out once per snapshot and kept (see
// [Engine]). Under another policy (another method, level AAA, APCA
// beside WCAG 2) a new report is worked out on each call. Either way the
// report returned is a copy, the caller's to modify. An unknown level or
// method is an error wrapping [contrast.ErrUnknownLevel] or
// [contrast.ErrUnknownMethod]. The zero Snapshot's audit checks nothing.
func (e *Engine) Audit(s *theming.Snapshot, p contrast.Policy) (*Report, error) {
	if err := checkPolicy(p); err != nil {
		return nil, err
	}
	if s == nil {
		return New(nil).audit(nil, p), nil
	}
	e = e.of(s.CompiledCatalog())
	if p != (contrast.Policy{}) {
		return e.audit(s.Themes(), p), nil
	}
	return e.audits.get(s, func() *Report { return e.audit(s.Themes(), p) }).clone(), nil
}

// AuditResolved returns the contrast audit of one theme of a snapshot
// under p: for a host's admin page, which shows the problems of the
// theme being edited (for a theme not yet saved, use
// [Engine.AuditTheme]). Its findings are those of the snapshot's audit
// for the theme. An unknown level or method is an error wrapping
// [contrast.ErrUnknownLevel] or [contrast.ErrUnknownMethod]; the zero
// ResolvedTheme's audit checks nothing.
func (e *Engine) AuditResolved(rt *theming.ResolvedTheme, p contrast.Policy) (*Report, error) {
	if err := checkPolicy(p); err != nil {
		return nil, err
	}
	cc, _, _ := core.Resolution(rt)
	return e.of(cc).audit([]*theming.ResolvedTheme{rt}, p), nil
}

// AuditTheme validates t exactly as [theming.CompiledCatalog.CheckTheme]
// does and, if it is valid, returns its contrast audit under p, as a
// snapshot holding t alone would audit it: for an admin's edit, before
// the host stores it, so that the save can show the problems of the one
// theme being edited. A theme with problems gives a
// *[theming.ValidationError] listing them and no report. The engine of no
// catalog gives an error wrapping [theming.ErrNoCatalog]; an unknown
// policy one wrapping [contrast.ErrUnknownLevel] or
// [contrast.ErrUnknownMethod]. For a theme already in a snapshot, use
// [Engine.AuditResolved].
func (e *Engine) AuditTheme(t theming.Theme, p contrast.Policy) (*Report, error) {
	if err := checkPolicy(p); err != nil {
		return nil, err
	}
	rt, err := core.Resolve(e.cc, t, nil)
	if err != nil {
		return nil, err
	}
	return e.audit([]*theming.ResolvedTheme{rt}, p), nil
}

// audit checks every contrast rule of the catalog under each theme, in
// both schemes, under p, which checkPolicy has accepted. Within one theme
// and scheme many rules compare the same two colors (fallbacks make many
// components one color): a pair is measured once and later rules copy
// its measurements. On the default data that is 510 pairs for 840 rules.
func (e *Engine) audit(themes []*theming.ResolvedTheme, p contrast.Policy) *Report {
	r := &Report{Method: p.Method, Level: p.Level, APCA: p.APCA, Findings: []Finding{}, e: e, themes: themes}
	if !e.ok() {
		return r
	}
	r.Findings = make([]Finding, 0, len(e.k.Rules)*len(themes)*2)
	first := make(map[pairKey]int, len(e.k.Rules)) // the finding that measured the pair, in this theme and scheme
	for _, rt := range themes {
		_, _, res := core.Resolution(rt)
		for k, sc := range theming.Schemes() {
			clear(first)
			for ri := range e.k.Rules {
				r.Findings = append(r.Findings, e.finding(rt, res, k, sc, ri, p))
				n := len(r.Findings) - 1
				f := &r.Findings[n]
				key := pairKey{f.Foreground, f.Background, f.Target.ContrastType}
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

// finding returns rule ri's finding in scheme sc (index k) of rt, whose
// resolution is res: its pair and where each side came from, not yet
// measured.
func (e *Engine) finding(rt *theming.ResolvedTheme, res *kernel.Resolution, k int, sc theming.Scheme, ri int, p contrast.Policy) Finding {
	ru := &e.k.Rules[ri]
	fg, bg, bd := e.pair(ru, k, res.Colors[k], members{}, colorref.Color{})
	f := Finding{
		ThemeID: rt.ID(), ThemeName: rt.Name(), Scheme: sc, Component: e.id(ru.Comp), Variable: e.varName(ru.FgVar), Target: e.target(ru),
		Foreground: fg, Background: bg, Backdrop: bd, Policy: p,
	}
	f.Field, f.Origin = e.sourceNames(res.Srcs[k], ru.Comp, k)
	if ru.BgComp >= 0 {
		f.TargetField, f.TargetOrigin = e.sourceNames(res.Srcs[k], ru.BgComp, k)
	}
	return f
}

// pairKey is what a finding's measurements depend on, within one theme
// and scheme (whose page background is the backdrop).
type pairKey struct {
	fg, bg colorref.Color
	t      contrast.Type
}

// measure checks fg over bg, with bg over backdrop, for content of type
// t under p: the one measurement of a finding ([Finding.measure]) and of
// a fix ([Suggestion.measure]). Both report the Lc whether or not p
// checks APCA, so the Result's Lc is set either way. The error is
// [contrast.Policy.Check]'s.
func measure(p contrast.Policy, fg, bg, backdrop colorref.Color, t contrast.Type) (contrast.Result, error) {
	res, err := p.Check(fg, bg, backdrop, t)
	if err == nil && !res.APCA {
		res.Lc = contrast.APCAOver(fg, bg, backdrop)
	}
	return res, err
}

// measure measures f's pair under p, which checkPolicy has accepted, and
// fills in its ratios, Lc and verdicts. The catalog's checks guarantee
// the type: the measurement cannot fail.
func (f *Finding) measure(p contrast.Policy) {
	res, _ := measure(p, f.Foreground, f.Background, f.Backdrop, f.Target.ContrastType)
	f.Ratio, f.Exact, f.Rendered, f.Required, f.WCAGPass = res.Ratio, res.Exact, res.Rendered, res.Required, res.WCAGPass
	f.Lc, f.LcRequired, f.APCAPass, f.Pass = res.Lc, res.LcRequired, res.APCAPass, res.Pass
}

// copyMeasures copies the ratios, Lc and verdicts of a finding of the same
// pair.
func (f *Finding) copyMeasures(m *Finding) {
	f.Ratio, f.Exact, f.Rendered, f.Required, f.WCAGPass = m.Ratio, m.Exact, m.Rendered, m.Required, m.WCAGPass
	f.Lc, f.LcRequired, f.APCAPass, f.Pass = m.Lc, m.LcRequired, m.APCAPass, m.Pass
}
