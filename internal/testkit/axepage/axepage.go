// Package axepage proves a theme's contrast in a browser: it builds a page
// from a snapshot's catalog, with one element per contrast rule and
// variable it judges (each variable of the component that the rule
// judges, [theming.Component.Foregrounds], as the element's color, the
// rule's target as the background behind it), links the theme's stylesheet as served, loads the
// page in headless Chromium in the scheme and contrast preference asked
// for, and runs axe-core's color-contrast rules on it. Text rules must get
// axe-core's pass; non-text rules, which axe-core does not judge, must
// reach 3:1 on the colors the browser computed, measured by
// [contrast.RatioRendered] (the ratio axe-core computes for text).
//
// One [Browser] (one Chromium, driven over the DevTools protocol on a
// pipe) loads every page of a test: the scheme and prefers-contrast are
// emulated per page with Emulation.setEmulatedMedia.
//
// axe-core is the one contrast's tests pin (contrast/testdata/axe, which
// .ci/npm-dirs lists). Without chromium or that folder's node_modules the
// tests skip, saying what is missing.
//
// A test checks a snapshot's themes as they are served, in both schemes:
//
//	b := axepage.Launch(t) // skips without chromium or axe-core
//	b.Check(t, snap, axepage.Options{})
//
// and themes a function returns with [Browser.CheckThemes], which puts them
// in a snapshot of the catalog first. The stylesheet's
// high-contrast variant is checked with Options.ContrastMore and
// Options.Level [contrast.AAA], and, when Options.Expect holds the
// variant's themes in a snapshot, compared with them color by color.
// [Browser.Run] returns the violations without failing, for tests that show
// a broken theme caught. Tests of package theming must be in theming_test:
// this package imports theming.
//
// Only tests import this package.
package axepage

import (
	"fmt"
	"html"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// AxeScript returns the path of the pinned axe.min.js
// (contrast/testdata/axe/node_modules/axe-core), or skips tb with a
// message saying how to install it.
func AxeScript(tb testing.TB) string {
	tb.Helper()
	p := filepath.Join(moduleRoot(), "contrast", "testdata", "axe", "node_modules", "axe-core", "axe.min.js")
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("skipping the axe-core test: %s is missing (run npm ci in contrast/testdata/axe; .ci/run does it for every folder in .ci/npm-dirs)", p)
	}
	return p
}

// moduleRoot is the module's root directory: the nearest directory above
// the working directory (a test's is its package's) that holds go.mod,
// or "" when there is none.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Options says which pages [Browser.Run] loads and what it demands.
type Options struct {
	// Schemes are the color schemes to load each theme in; nil means
	// both, light first.
	Schemes []theming.Scheme
	// ContrastMore loads the pages with prefers-contrast: more (or, with
	// ByAttribute, data-contrast="more" on the root element), so that
	// the stylesheet's high-contrast variant applies.
	ContrastMore bool
	// Level is the level text rules must pass: AA runs axe-core's
	// color-contrast (4.5:1); AAA runs color-contrast-enhanced (7:1) as
	// well, since color-contrast-enhanced leaves pairs under 4.5:1 to
	// color-contrast and passes them. Non-text rules need 3:1 at both.
	Level contrast.Level
	// ByAttribute selects the scheme and the contrast preference with the
	// root element's data-color-scheme and data-contrast attributes,
	// with the media features emulated as light and no-preference;
	// otherwise prefers-color-scheme and prefers-contrast are emulated
	// and the root element has no attributes.
	ByAttribute bool
	// Stylesheet returns the CSS a theme's page links; nil means the
	// sheet httpadapter serves: [css.Stylesheet] with the theme's
	// high-contrast variant from an engine of the snapshot's catalog.
	Stylesheet func(*theming.ResolvedTheme) string
	// Expect, when set, is a snapshot holding the themes (by id) whose
	// colors the page must compute: every rule's foreground, background
	// and the page background are compared with its resolved colors, so
	// that a page which does not show what was meant fails. Nil means
	// the snapshot checked, unless ContrastMore is set (the variant's
	// colors are then the stylesheet's own, and nothing is compared).
	Expect *theming.Snapshot
	// Themes are the ids of the themes to load; nil means all of the
	// snapshot's.
	Themes []int
	// ForcedColors loads the pages with forced-colors: active emulated
	// (the palette of the scheme's prefers-color-scheme) and every
	// element opted out with forced-color-adjust: none, so that what is
	// judged is the stylesheet's forced-colors block: the system colors
	// it maps the variables to. Rules whose target is a literal hsl()
	// color, which the stylesheet does not paint, are left out. Nothing
	// is compared with Expect.
	ForcedColors bool
}

// Violation is a rule that did not hold on a page, or one the harness
// could not judge.
type Violation struct {
	Theme        int
	Scheme       theming.Scheme
	ContrastMore bool
	Component    string
	Variable     string // the variable painted; "" for a component without variables
	Target       theming.ContrastTarget
	// Check is the axe-core rule ("color-contrast",
	// "color-contrast-enhanced") or "non-text" for the harness's own
	// check of a non-text rule.
	Check string
	// Outcome is axe-core's ("violation", "incomplete"), "unchecked"
	// when axe-core reported nothing for the element, or "fail" for a
	// non-text rule under 3:1.
	Outcome string
	// FG, BG and Backdrop are the colors Chromium computed for the
	// element, the background behind it and the page.
	FG, BG, Backdrop string
	// Rendered is contrast's rendered ratio of those colors; Required is
	// the minimum.
	Rendered, Required float64
	// Message is axe-core's message, when it gave one.
	Message string
}

// String describes v in one line.
func (v Violation) String() string {
	more := ""
	if v.ContrastMore {
		more = ", prefers-contrast: more"
	}
	s := fmt.Sprintf("theme %d (%s%s): %s %s on %s %q: %s %s: %s on %s over %s, rendered %s, required %g",
		v.Theme, v.Scheme, more, v.Component, v.Variable, v.Target.Type, v.Target.Value, v.Check, v.Outcome,
		v.FG, v.BG, v.Backdrop, contrast.FormatRatio(v.Rendered), v.Required)
	if v.Message != "" {
		s += " (" + v.Message + ")"
	}
	return s
}

// Result is what [Browser.Run] saw.
type Result struct {
	Pages     int // pages loaded
	TextRules int // text rules axe-core judged, summed over pages
	NonText   int // non-text rules measured, summed over pages
	// Violations are the rules that did not hold.
	Violations []Violation
	// Mismatches are the colors the page computed that differ from
	// Options.Expect's: a page that does not show the theme meant.
	Mismatches []string
	// Axe is axe-core's version.
	Axe string
}

// Check runs [Browser.Run] and fails tb for every violation and mismatch,
// logging what was checked.
func (b *Browser) Check(tb testing.TB, snap *theming.Snapshot, opts Options) Result {
	tb.Helper()
	res := b.Run(tb, snap, opts)
	for _, v := range res.Violations {
		tb.Errorf("axepage: %s", v)
	}
	for _, m := range res.Mismatches {
		tb.Errorf("axepage: %s", m)
	}
	tb.Logf("axepage: axe-core %s, %d pages, %d text rules judged, %d non-text rules measured, %d violations",
		res.Axe, res.Pages, res.TextRules, res.NonText, len(res.Violations))
	return res
}

// CheckThemes checks themes a function returned (a fixed, high-contrast
// or generated theme): it puts them in a snapshot of cc, as a host would
// serve them, and runs [Browser.Check] on it. It fails tb when cc refuses
// the themes.
func (b *Browser) CheckThemes(tb testing.TB, cc *theming.CompiledCatalog, themes []theming.Theme, opts Options) Result {
	tb.Helper()
	snap, err := cc.Snapshot(themes)
	if err != nil {
		tb.Fatalf("axepage: the themes to check do not make a snapshot: %v", err)
	}
	return b.Check(tb, snap, opts)
}

// Check launches a browser for this one call and runs [Browser.Check]:
// for a test that checks one snapshot. Tests that check several should
// [Launch] once and call [Browser.Check] on each.
func Check(tb testing.TB, snap *theming.Snapshot, opts Options) Result {
	tb.Helper()
	return Launch(tb).Check(tb, snap, opts)
}

// rulePage is one contrast rule on a page.
type rulePage struct {
	id        string
	component string
	variable  string // the variable painted; "" for a component without variables
	target    theming.ContrastTarget
}

// Run loads one page per theme and scheme of opts, runs axe-core on each
// and measures the non-text rules, and returns what it found without
// failing tb for a violation (a test that shows the harness able to fail
// calls Run on a broken theme). It fails tb when a page cannot be built,
// served or loaded.
func (b *Browser) Run(tb testing.TB, snap *theming.Snapshot, opts Options) Result {
	tb.Helper()
	expect := opts.Expect
	if expect == nil && !opts.ContrastMore {
		expect = snap
	}
	if opts.ForcedColors {
		expect = nil
	}
	comps := snap.Components()
	byID := make(map[string]theming.Component, len(comps))
	for _, c := range comps {
		byID[c.ID] = c
	}
	pageBG, ok := byID[snap.PageBackground()]
	if !ok {
		tb.Fatalf("axepage: the page background %q is not a visible component", snap.PageBackground())
	}
	site := buildSite(tb, snap, comps, byID, pageBG, opts)
	srv := httptest.NewServer(site.handler(b.axeJS))
	defer srv.Close()

	axeRules := []string{"color-contrast"}
	if opts.Level == contrast.AAA {
		axeRules = append(axeRules, "color-contrast-enhanced")
	}
	var res Result
	for _, r := range site.runs {
		b.emulatePreference(tb, r.scheme, opts)
		b.navigate(tb, srv.URL+r.path)
		got := b.measure(tb, axeRules)
		res.Axe = got.Axe
		res.Pages++
		var exp *theming.ResolvedTheme
		if expect != nil {
			e, ok := expect.Theme(r.rt.ID())
			if !ok {
				tb.Fatalf("axepage: Options.Expect has no theme %d", r.rt.ID())
			}
			exp = e
		}
		judgePage(tb, &res, r.rt.ID(), r.scheme, r.rules, got, exp, byID, pageBG, opts)
	}
	return res
}

// site is the pages and stylesheets of a Run, by path, and the pages in
// the order they are loaded.
type site struct {
	pages, sheets map[string][]byte
	runs          []pageRun
}

// pageRun is one page of a Run: a theme in a scheme.
type pageRun struct {
	rt     *theming.ResolvedTheme
	scheme theming.Scheme
	path   string
	rules  []rulePage
}

// buildSite builds the page of every theme and scheme opts asks for, and
// each theme's stylesheet. One body per scheme would do, but a component
// without a variable carrying its color is written as a literal of the
// theme's own color, so the body is built per theme and scheme.
func buildSite(tb testing.TB, snap *theming.Snapshot, comps []theming.Component, byID map[string]theming.Component, pageBG theming.Component, opts Options) site {
	tb.Helper()
	schemes := opts.Schemes
	if schemes == nil {
		schemes = []theming.Scheme{theming.Light, theming.Dark}
	}
	sheetOf := opts.Stylesheet
	if sheetOf == nil {
		e := fix.New(snap.CompiledCatalog())
		sheetOf = func(rt *theming.ResolvedTheme) string { return string(css.Stylesheet(rt, e.HighContrast(rt))) }
	}
	themes := snap.Themes()
	if opts.Themes != nil {
		themes = themes[:0]
		for _, id := range opts.Themes {
			rt, ok := snap.Theme(id)
			if !ok {
				tb.Fatalf("axepage: the snapshot has no theme %d", id)
			}
			themes = append(themes, rt)
		}
	}
	st := site{pages: map[string][]byte{}, sheets: map[string][]byte{}}
	for _, rt := range themes {
		sheet := "/sheet/" + strconv.Itoa(rt.ID()) + ".css"
		st.sheets[sheet] = []byte(sheetOf(rt))
		for _, sc := range schemes {
			page, rules := buildPage(rt, sc, comps, byID, pageBG, sheet, opts)
			path := fmt.Sprintf("/page/%d/%s", rt.ID(), sc)
			st.pages[path] = page
			st.runs = append(st.runs, pageRun{rt, sc, path, rules})
		}
	}
	return st
}

// handler serves the site's pages and stylesheets, and axe.min.js.
func (st site) handler(axeJS string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := st.pages[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(p)
			return
		}
		if s, ok := st.sheets[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/css; charset=utf-8")
			w.Write(s)
			return
		}
		if r.URL.Path == "/axe.min.js" {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Write([]byte(axeJS))
			return
		}
		http.NotFound(w, r)
	})
}

// emulatePreference sets the tab's prefers-color-scheme and
// prefers-contrast for a page of scheme sc under opts.
func (b *Browser) emulatePreference(tb testing.TB, sc theming.Scheme, opts Options) {
	tb.Helper()
	scheme, more := string(sc), "no-preference"
	if opts.ContrastMore {
		more = "more"
	}
	if opts.ByAttribute {
		scheme, more = "light", "no-preference"
	}
	forced := "none"
	if opts.ForcedColors {
		forced = "active"
	}
	b.emulate(tb, mediaFeature{"prefers-color-scheme", scheme}, mediaFeature{"prefers-contrast", more}, mediaFeature{"forced-colors", forced})
}

// colorExpr returns the CSS that paints component c in scheme sc of rt
// through variable v, as its contrast rules judge it: the variable, or,
// for "" (a component without variables), its resolved color as a
// literal.
func colorExpr(rt *theming.ResolvedTheme, sc theming.Scheme, c theming.Component, v string) string {
	if v != "" {
		return "var(" + v + ")"
	}
	col, _ := rt.Color(sc, c.ID)
	return col.String()
}

// painted returns the color component c paints in scheme sc of rt
// through variable v: its value, or, for "", the component's color.
func painted(rt *theming.ResolvedTheme, sc theming.Scheme, c theming.Component, v string) colorref.Color {
	if v != "" {
		col, _ := rt.Variable(sc, v)
		return col
	}
	col, _ := rt.Color(sc, c.ID)
	return col
}

// first returns the name of c's first variable, which paints it as a
// target and as the page, or "" when it has none.
func first(c theming.Component) string {
	if len(c.Variables) > 0 {
		return c.Variables[0].CSSVariable
	}
	return ""
}

// foregrounds returns the variables c's rule against tg judges, as the
// audit judges them ([theming.Component.Foregrounds]): "" alone for a
// component without variables, its color.
func foregrounds(c theming.Component, tg theming.ContrastTarget) []string {
	if len(c.Variables) == 0 {
		return []string{""}
	}
	var out []string
	for _, v := range c.Foregrounds(tg) {
		out = append(out, v.CSSVariable)
	}
	return out
}

// buildPage writes the page of theme rt in scheme sc: the body painted
// with the page background, and per rule a block painted with the target
// holding the component's element: text of 16px (normal text for
// axe-core; 24px for a large-text rule) or, for a non-text rule, a swatch
// without text, which axe-core skips and the harness measures.
func buildPage(rt *theming.ResolvedTheme, sc theming.Scheme, comps []theming.Component, byID map[string]theming.Component, pageBG theming.Component, sheet string, opts Options) ([]byte, []rulePage) {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"`)
	if opts.ByAttribute {
		fmt.Fprintf(&b, ` data-color-scheme="%s"`, html.EscapeString(string(sc)))
		if opts.ContrastMore {
			b.WriteString(` data-contrast="more"`)
		}
	}
	fmt.Fprintf(&b, `><head><meta charset="utf-8"><title>theme %d, %s: contrast rules</title>
<link rel="stylesheet" href="%s">
<style>
body{margin:0;padding:8px;font-family:sans-serif;line-height:1.5;background-color:%s}
main{display:flex;flex-wrap:wrap;gap:2px}
.r{padding:4px 6px}
.t{font-size:16px}
.l{font-size:24px}
.n{display:inline-block;width:32px;height:16px;border:4px solid currentColor;box-sizing:border-box;vertical-align:middle}
%s</style></head><body><main>
`, rt.ID(), html.EscapeString(string(sc)), html.EscapeString(sheet), html.EscapeString(colorExpr(rt, sc, pageBG, first(pageBG))), pick(opts.ForcedColors, "*{forced-color-adjust:none}\n", ""))
	var rules []rulePage
	for _, c := range comps {
		for _, tg := range c.ContrastAgainst {
			if opts.ForcedColors && tg.Type == theming.TargetHSL {
				continue // a literal the stylesheet does not paint
			}
			var bg string
			switch tg.Type {
			case theming.TargetComponent:
				bg = colorExpr(rt, sc, byID[tg.Value], first(byID[tg.Value]))
			case theming.TargetVariable:
				bg = "var(" + tg.Value + ")"
			default:
				bg = tg.Value
			}
			for _, v := range foregrounds(c, tg) {
				id := "r" + strconv.Itoa(len(rules))
				rules = append(rules, rulePage{id: id, component: c.ID, variable: v, target: tg})
				fmt.Fprintf(&b, `<div class="r" style="background-color: %s">`, html.EscapeString(bg))
				fg := html.EscapeString(colorExpr(rt, sc, c, v))
				title := html.EscapeString(strings.TrimSpace(c.ID + " " + v + " on " + tg.Value))
				switch tg.ContrastType {
				case contrast.NonText:
					fmt.Fprintf(&b, `<span id="%s" class="n" data-rule="%s" style="color: %s"></span>`, id, title, fg)
				case contrast.LargeText:
					fmt.Fprintf(&b, `<span id="%s" class="l" data-rule="%s" style="color: %s">%s</span>`, id, title, fg, title)
				default:
					fmt.Fprintf(&b, `<span id="%s" class="t" data-rule="%s" style="color: %s">%s</span>`, id, title, fg, title)
				}
				b.WriteString("</div>\n")
			}
		}
	}
	b.WriteString(`</main><script src="/axe.min.js"></script></body></html>`)
	return []byte(b.String()), rules
}

// pageResult is what measureScript returns.
type pageResult struct {
	Axe      string `json:"axe"`
	Backdrop string `json:"backdrop"`
	Rules    map[string]struct {
		FG string `json:"fg"`
		BG string `json:"bg"`
	} `json:"rules"`
	Results []struct {
		ID       string  `json:"id"`
		Rule     string  `json:"rule"`
		Outcome  string  `json:"outcome"`
		Ratio    float64 `json:"ratio"`
		Expected string  `json:"expected"`
		Message  string  `json:"message"`
	} `json:"results"`
}

// measureScript reads the computed colors of every rule's element and of
// the block behind it, then runs axe-core's rules (%s: a JSON list) on
// the page and lists every node's outcome.
const measureScript = `(async () => {
  const out = {axe: axe.version, backdrop: getComputedStyle(document.body).backgroundColor, rules: {}, results: []};
  for (const el of document.querySelectorAll('[data-rule]')) {
    out.rules[el.id] = {fg: getComputedStyle(el).color, bg: getComputedStyle(el.parentElement).backgroundColor};
  }
  const res = await axe.run(document, {runOnly: %s, resultTypes: ['violations', 'incomplete', 'passes']});
  for (const [outcome, list] of [['violation', res.violations], ['incomplete', res.incomplete], ['pass', res.passes]]) {
    for (const rule of list) for (const node of rule.nodes) {
      const check = node.any[0] || {}, d = check.data || {};
      out.results.push({id: String(node.target[0]).replace(/^#/, ''), rule: rule.id, outcome,
        ratio: d.contrastRatio || 0, expected: String(d.expectedContrastRatio || ''), message: check.message || ''});
    }
  }
  return out;
})()`

// measure runs measureScript on the loaded page.
func (b *Browser) measure(tb testing.TB, axeRules []string) pageResult {
	tb.Helper()
	list := `["` + strings.Join(axeRules, `", "`) + `"]`
	var got pageResult
	b.evaluate(tb, fmt.Sprintf(measureScript, list), &got)
	return got
}

// judgePage turns one page's measurements into res's counts, violations
// and mismatches.
func judgePage(tb testing.TB, res *Result, theme int, sc theming.Scheme, rules []rulePage, got pageResult, exp *theming.ResolvedTheme, byID map[string]theming.Component, pageBG theming.Component, opts Options) {
	tb.Helper()
	verdicts := map[[2]string]axeVerdict{}
	for _, r := range got.Results {
		verdicts[[2]string{r.ID, r.Rule}] = axeVerdict{r.Outcome, r.Message}
	}
	backdrop, err := ParseComputed(got.Backdrop)
	if err != nil {
		tb.Fatalf("axepage: theme %d (%s): the page background: %v", theme, sc, err)
	}
	if exp != nil {
		if want := painted(exp, sc, pageBG, first(pageBG)); !SameRendered(backdrop, want) {
			res.Mismatches = append(res.Mismatches, fmt.Sprintf("theme %d (%s): the page background computes to %s, the theme's is %s", theme, sc, got.Backdrop, want))
		}
	}
	axeRules := []string{"color-contrast"}
	if opts.Level == contrast.AAA {
		axeRules = append(axeRules, "color-contrast-enhanced")
	}
	for _, ru := range rules {
		m, ok := got.Rules[ru.id]
		if !ok {
			tb.Fatalf("axepage: theme %d (%s): the page lost the element of %s on %s", theme, sc, ru.component, ru.target.Value)
		}
		fg, err := ParseComputed(m.FG)
		if err == nil {
			var bg colorref.Color
			bg, err = ParseComputed(m.BG)
			if err == nil {
				judgeRule(tb, res, theme, sc, ru, fg, bg, backdrop, m.FG, m.BG, got.Backdrop, verdicts, axeRules, opts)
				if exp != nil {
					wantFG := painted(exp, sc, byID[ru.component], ru.variable)
					wantBG := expectedTarget(exp, sc, ru.target, byID)
					if !SameRendered(fg, wantFG) || !SameRendered(bg, wantBG) {
						res.Mismatches = append(res.Mismatches, fmt.Sprintf("theme %d (%s): %s %s on %s %q computes to %s on %s, the theme's colors are %s on %s",
							theme, sc, ru.component, ru.variable, ru.target.Type, ru.target.Value, m.FG, m.BG, wantFG, wantBG))
					}
				}
			}
		}
		if err != nil {
			tb.Fatalf("axepage: theme %d (%s): %s on %s: %v", theme, sc, ru.component, ru.target.Value, err)
		}
	}
}

// axeVerdict is axe-core's outcome for one element under one rule.
type axeVerdict struct{ outcome, message string }

// judgeRule judges one rule: axe-core's verdicts for text, the rendered
// ratio of the computed colors for non-text.
func judgeRule(tb testing.TB, res *Result, theme int, sc theming.Scheme, ru rulePage, fg, bg, backdrop colorref.Color, fgS, bgS, bdS string, verdicts map[[2]string]axeVerdict, axeRules []string, opts Options) {
	tb.Helper()
	rendered := contrast.RatioRendered(fg, bg, backdrop)
	v := Violation{Theme: theme, Scheme: sc, ContrastMore: opts.ContrastMore, Component: ru.component, Variable: ru.variable, Target: ru.target,
		FG: fgS, BG: bgS, Backdrop: bdS, Rendered: rendered}
	if ru.target.ContrastType == contrast.NonText {
		res.NonText++
		required, err := contrast.Required(contrast.NonText, opts.Level)
		if err != nil {
			tb.Fatalf("axepage: %v", err)
		}
		v.Check, v.Required = "non-text", required
		if !contrast.Rendered.Judge(rendered, rendered, required) {
			v.Outcome = "fail"
			res.Violations = append(res.Violations, v)
		}
		return
	}
	res.TextRules++
	for _, rule := range axeRules {
		typ := ru.target.ContrastType
		level := contrast.AA
		if rule == "color-contrast-enhanced" {
			level = contrast.AAA
		}
		required, err := contrast.Required(typ, level)
		if err != nil {
			tb.Fatalf("axepage: %v", err)
		}
		v.Check, v.Required = rule, required
		vd, ok := verdicts[[2]string{ru.id, rule}]
		switch {
		case !ok:
			v.Outcome, v.Message = "unchecked", "axe-core reported nothing for the element"
		case vd.outcome == "pass":
			continue
		default:
			v.Outcome, v.Message = vd.outcome, vd.message
		}
		res.Violations = append(res.Violations, v)
	}
}

// expectedTarget returns the color a rule's target paints in scheme sc
// of rt.
func expectedTarget(rt *theming.ResolvedTheme, sc theming.Scheme, tg theming.ContrastTarget, byID map[string]theming.Component) colorref.Color {
	switch tg.Type {
	case theming.TargetComponent:
		return painted(rt, sc, byID[tg.Value], first(byID[tg.Value]))
	case theming.TargetVariable:
		c, _ := rt.Variable(sc, tg.Value)
		return c
	}
	c, _ := colorref.ParseColor(tg.Value)
	return c
}

// ParseComputed parses a color as Chromium's getComputedStyle reports an
// sRGB color: "rgb(r, g, b)" or "rgba(r, g, b, a)" with 8-bit channels,
// or, for a color written with the relative color syntax,
// "color(srgb r g b)" or "color(srgb r g b / a)" with channels in [0, 1],
// which are rounded to the 8-bit steps the browser paints. A color
// written in oklch(), oklab() or color(display-p3), which Chromium
// reports in its own notation ("oklch(0.7 0.4 150)"), is read with
// colorref.Parse and taken as the sRGB color it paints: its channels
// clipped to [0, 1] ([colorref.Color.SRGB]) and rounded to 8 bits, as
// axe-core reads it (Color.js, toGamut with method "clip").
func ParseComputed(s string) (colorref.Color, error) {
	var parts []string
	scale := 255.0
	switch {
	case strings.HasPrefix(s, "oklch(") || strings.HasPrefix(s, "oklab(") || strings.HasPrefix(s, "color(display-p3 "):
		c, err := colorref.Parse(s)
		if err != nil {
			return colorref.Color{}, fmt.Errorf("axepage: %q: %w", s, err)
		}
		r, g, b, a := c.SRGB()
		to8 := func(v float64) float64 { return math.Round(v*255) / 255 }
		return colorref.SRGB(to8(r), to8(g), to8(b), a), nil
	case strings.HasPrefix(s, "rgba(") && strings.HasSuffix(s, ")"):
		parts = strings.Split(s[5:len(s)-1], ",")
	case strings.HasPrefix(s, "rgb(") && strings.HasSuffix(s, ")"):
		parts = strings.Split(s[4:len(s)-1], ",")
	case strings.HasPrefix(s, "color(srgb ") && strings.HasSuffix(s, ")"):
		parts = strings.Fields(strings.Replace(s[11:len(s)-1], "/", " ", 1))
		scale = 1
	default:
		return colorref.Color{}, fmt.Errorf("axepage: %q is not a computed rgb(), rgba() or color(srgb) color", s)
	}
	if len(parts) != 3 && len(parts) != 4 {
		return colorref.Color{}, fmt.Errorf("axepage: %q has %d components", s, len(parts))
	}
	var v [4]float64
	v[3] = 1
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || f < 0 || i < 3 && f > scale || i == 3 && f > 1 {
			return colorref.Color{}, fmt.Errorf("axepage: %q: bad component %q", s, p)
		}
		if i < 3 {
			f = math.Round(f*255/scale) / 255
		}
		v[i] = f
	}
	return colorref.SRGB(v[0], v[1], v[2], v[3]), nil
}

// SameRendered reports whether a and b are the same 8-bit color, alpha
// included: whether a browser paints them alike.
func SameRendered(a, b colorref.Color) bool {
	ar, ag, ab, aa := a.RGBA8()
	br, bg, bb, ba := b.RGBA8()
	return ar == br && ag == bg && ab == bb && aa == ba
}

// pick returns a when cond holds, else b.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}
