// Package htmlreport renders a contrast audit ([fix.Report]) as a
// self-contained HTML page: a swatch in the actual colors for every pair,
// its ratios and verdict, and the suggested fixes of a failing pair. The
// page has no scripts and no external assets, and renders completely
// under [ContentSecurityPolicy].
package htmlreport

import (
	"bytes"
	"cmp"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// Options configures [Write]. The zero value is ready to use.
type Options struct {
	// Title is the page's <title> and heading; "" means "Contrast report".
	Title string
	// HighContrast, when set, is the audit of the themes' high-contrast
	// variants ([fix.Engine.HighContrastAudit]): the page then ends
	// with a section on them, the variant the stylesheet serves under
	// prefers-contrast: more. It says how many rules each theme's variant
	// brings to its level and draws, as swatches with their ratios, the
	// rules that cannot reach it, each at the most contrast it reaches.
	HighContrast *fix.Report
}

// ContentSecurityPolicy is a Content-Security-Policy under which the
// page [Write] writes renders completely: it has no scripts, images,
// fonts or links to fetch, only one <style> element, and no style
// attributes.
const ContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Write writes the report r as a self-contained HTML5 page: inline CSS,
// no scripts and no external assets. For each theme and scheme it draws
// every pair as a swatch in the actual colors: the page background, the
// target color over it (composited by the browser exactly as the audit
// composites it), and on that sample text (contrast_type text) or a
// sample border and shape (non-text) in the component's color. The page
// names the report's policy (method, level, APCA). Each pair shows its
// WCAG 2 ratio (the exact and the rendered one when they print
// differently), the required ratio, its APCA Lc (with the level required
// under an APCA policy) and a pass or fail badge (with the WCAG 2 and APCA
// verdicts apart under an APCA policy); a failing pair also shows
// [fix.Report.Suggestions]' fixes as swatches, each saying which side moves,
// or says that no lightness passes.
//
// A summary table lists every theme and scheme in report order (theme id,
// light before dark) and links to its section. The sections put groups
// with failures first, then the others, each in report order; within a
// section failures come first, then passes, each in report order. Ratios are truncated to two decimals for
// display, never rounded, so a failing 4.4999 reads 4.49:1. Every value is
// HTML-escaped; the output depends only on the report and opts. The page
// is rendered in full before anything is written, so on an error nothing
// is written.
func Write(w io.Writer, r *fix.Report, opts Options) error {
	var buf bytes.Buffer
	if err := reportTemplate().Execute(&buf, newReportView(r, opts)); err != nil {
		return fmt.Errorf("htmlreport: rendering the contrast report: %w", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("htmlreport: writing the contrast report: %w", err)
	}
	return nil
}

// reportView is what reportTemplate renders.
type reportView struct {
	Title   string
	Style   template.CSS // reportStyle and one rule per color the swatches use
	Method  string       // "both", "exact" or "rendered"
	Level   string       // "AA" or "AAA"
	APCA    bool
	Checked int
	Failed  int
	Summary []groupView  // in report order
	Groups  []groupView  // failing groups first
	Variant *variantView // the high-contrast variants' section, or nil
}

// variantView is the section on the high-contrast variants.
type variantView struct {
	Method  string
	Level   string
	Checked int
	Failed  int
	Themes  []variantTheme
	Rows    []variantRow // the rules that cannot reach the level
}

// variantTheme is one theme's line in the variants' table.
type variantTheme struct {
	Theme           int
	ThemeName       string
	Checked, Failed int
}

// variantRow is a rule a variant cannot bring to its level.
type variantRow struct {
	rowView
	ThemeName string
	Theme     int
	Scheme    theming.Scheme
}

// groupView is one theme in one scheme.
type groupView struct {
	Anchor    string // "theme-1-light"
	Theme     int
	ThemeName string
	Scheme    theming.Scheme
	Page      string // the class painting the page background
	PageColor string
	Checked   int
	Failed    int
	Rows      []rowView
}

// rowView is one finding.
type rowView struct {
	Component    string
	Variable     string // the CSS variable judged, or "" for a component without variables
	Target       theming.ContrastTarget
	Field        string // the theme field that decided the component's color, or ""
	Origin       string // the component whose literal gave it
	TargetField  string
	TargetOrigin string
	Text         bool // draw sample text, not a border and shape
	Swatch       swatchColors
	Exact        string // the exact ratio
	Rendered     string // the rendered ratio, "" when it prints as the exact one does
	Required     string
	APCA         string
	APCARequired string // "" unless the policy checks APCA
	WCAGPass     bool
	APCAPass     bool
	Pass         bool
	Fixes        []fixView
	Foreground   string
	Background   string
	Backdrop     string
	Translucent  bool // the background is not opaque: name the backdrop
}

// fixView is one suggested fix.
type fixView struct {
	Side      string // "component" or "target"
	Field     string // the theme field to set, or ""
	Verified  bool   // setting Field was verified on the whole theme
	Edit      bool   // the fix is Report.SuggestEdit's field edit
	InCatalog bool   // the target is a variable or a literal color: moving it changes the catalog, not a theme
	Swatch    swatchColors
	ColorText string // the new color in canonical form
	Ratio     string
	APCA      string
	Pass      bool
	Same      bool // the fix prints as the color it replaces: only unprinted digits differed
}

// swatchColors names the classes that paint a swatch: Backdrop and
// Background set background-color, Foreground sets color (borders and
// shapes use currentColor). Each class is "c" and an index into the
// page's color rules.
type swatchColors struct {
	Backdrop, Background, Foreground string
}

// colorClasses assigns a class to each distinct (property, color) pair in
// order of first use, so the style sheet is deterministic and small.
type colorClasses struct {
	index map[string]string
	rules strings.Builder
}

func (cc *colorClasses) class(prop string, c colorref.Color) string {
	// Color.String is this module's canonical form: "hsl(" or "hsla(",
	// digits, '.', '%', ',' and spaces only, so it is safe inside CSS.
	decl := prop + ":" + c.String()
	if name, ok := cc.index[decl]; ok {
		return name
	}
	name := "c" + strconv.Itoa(len(cc.index))
	cc.index[decl] = name
	cc.rules.WriteString(".")
	cc.rules.WriteString(name)
	cc.rules.WriteString("{")
	cc.rules.WriteString(decl)
	cc.rules.WriteString("}\n")
	return name
}

func (cc *colorClasses) swatch(fg, bg, backdrop colorref.Color) swatchColors {
	return swatchColors{
		Backdrop:   cc.class("background-color", backdrop.WithAlpha(1)),
		Background: cc.class("background-color", bg),
		Foreground: cc.class("color", fg),
	}
}

func newReportView(r *fix.Report, opts Options) reportView {
	p := r.Policy()
	v := reportView{Title: cmp.Or(opts.Title, "Contrast report"), Method: p.Method.String(), Level: p.Level.String(), APCA: p.APCA}
	cc := &colorClasses{index: make(map[string]string)}
	var findings []fix.Finding
	if r != nil {
		findings = r.Findings
	}
	for start := 0; start < len(findings); {
		first := findings[start]
		end := start
		for end < len(findings) && findings[end].ThemeID == first.ThemeID && findings[end].Scheme == first.Scheme {
			end++
		}
		g := groupView{
			Anchor:    "theme-" + strconv.Itoa(first.ThemeID) + "-" + string(first.Scheme),
			Theme:     first.ThemeID,
			ThemeName: first.ThemeName,
			Scheme:    first.Scheme,
			Page:      cc.class("background-color", first.Backdrop.WithAlpha(1)),
			PageColor: first.Backdrop.String(),
		}
		group := slices.Clone(findings[start:end])
		slices.SortStableFunc(group, func(a, b fix.Finding) int { return cmpPass(a.Pass, b.Pass) })
		for _, f := range group {
			g.Checked++
			if !f.Pass {
				g.Failed++
			}
			g.Rows = append(g.Rows, newRowView(r, f, cc))
		}
		v.Checked += g.Checked
		v.Failed += g.Failed
		v.Groups = append(v.Groups, g)
		start = end
	}
	v.Summary = slices.Clone(v.Groups)
	slices.SortStableFunc(v.Groups, func(a, b groupView) int { return cmpPass(a.Failed == 0, b.Failed == 0) })
	if opts.HighContrast != nil {
		v.Variant = newVariantView(opts.HighContrast, cc)
	}
	v.Style = template.CSS(reportStyle + cc.rules.String())
	return v
}

// newVariantView is the section on the high-contrast variants' audit hc.
func newVariantView(hc *fix.Report, cc *colorClasses) *variantView {
	p := hc.Policy()
	v := &variantView{Method: p.Method.String(), Level: p.Level.String(), Checked: hc.Checked, Failed: hc.Failed}
	for _, f := range hc.Findings {
		if n := len(v.Themes); n == 0 || v.Themes[n-1].Theme != f.ThemeID {
			v.Themes = append(v.Themes, variantTheme{Theme: f.ThemeID, ThemeName: f.ThemeName})
		}
		t := &v.Themes[len(v.Themes)-1]
		t.Checked++
		if f.Pass {
			continue
		}
		t.Failed++
		v.Rows = append(v.Rows, variantRow{rowView: newRowView(nil, f, cc), ThemeName: f.ThemeName, Theme: f.ThemeID, Scheme: f.Scheme})
	}
	return v
}

// cmpPass orders failures (false) before passes (true).
func cmpPass(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// source is where one side's color came from, for the "source" template.
type source struct{ Field, Origin string }

func sourceOf(field, origin string) source { return source{field, origin} }

// newRowView is finding f of report r; a nil r draws no fixes.
func newRowView(r *fix.Report, f fix.Finding, cc *colorClasses) rowView {
	row := rowView{
		Component:    f.Component,
		Variable:     f.Variable,
		Target:       f.Target,
		Field:        f.Field,
		Origin:       f.Origin,
		TargetField:  f.TargetField,
		TargetOrigin: f.TargetOrigin,
		Text:         f.Target.ContrastType != contrast.NonText,
		Swatch:       cc.swatch(f.Foreground, f.Background, f.Backdrop),
		Exact:        contrast.FormatRatio(f.Exact),
		Rendered:     renderedIfDifferent(f.Exact, f.Rendered),
		Required:     strconv.FormatFloat(f.Required, 'g', -1, 64) + ":1",
		APCA:         formatLc(f.Lc),
		WCAGPass:     f.WCAGPass,
		APCAPass:     f.APCAPass,
		Pass:         f.Pass,
		Foreground:   f.Foreground.String(),
		Background:   f.Background.String(),
		Backdrop:     f.Backdrop.String(),
		Translucent:  !f.Background.Opaque(),
	}
	if f.Policy.APCA {
		row.APCARequired = strconv.FormatFloat(f.LcRequired, 'g', -1, 64)
	}
	if f.Pass || r == nil {
		return row
	}
	if s, ok := r.SuggestEdit(f); ok && s.Field != "" {
		fv := fixView{
			Side: "component", Field: s.Field, Verified: true, Edit: true,
			Swatch:    cc.swatch(s.Foreground, s.Background, f.Backdrop),
			ColorText: s.To,
			Ratio:     formatRatios(s.Exact, s.Rendered),
			APCA:      formatLc(s.Lc),
			Pass:      s.Pass,
		}
		if s.Side == contrast.Background {
			fv.Side = "target"
		}
		row.Fixes = append(row.Fixes, fv)
	}
	for _, s := range r.Suggestions(f) {
		fv := fixView{
			Field: s.Field, Verified: s.Applies,
			Side:      "component",
			Swatch:    cc.swatch(s.Foreground, s.Background, f.Backdrop),
			ColorText: s.Color().String(),
			Ratio:     formatRatios(s.Exact, s.Rendered),
			APCA:      formatLc(s.Lc),
			Pass:      s.Pass,
		}
		if len(row.Fixes) > 0 && row.Fixes[0].Edit && s.Applies && s.Field == row.Fixes[0].Field && s.To == row.Fixes[0].ColorText {
			continue // the field edit above
		}
		was := row.Foreground
		if s.Side == contrast.Background {
			fv.Side, was = "target", row.Background
			fv.InCatalog = f.Target.Type != theming.TargetComponent
		}
		fv.Same = fv.ColorText == was
		row.Fixes = append(row.Fixes, fv)
	}
	return row
}

// formatRatios writes the exact ratio, and the rendered one after it when
// the two print differently: "4.50:1", or "4.50:1 exact, 4.49:1 rendered".
func formatRatios(exact, rendered float64) string {
	if r := renderedIfDifferent(exact, rendered); r != "" {
		return contrast.FormatRatio(exact) + " exact, " + r + " rendered"
	}
	return contrast.FormatRatio(exact)
}

// renderedIfDifferent formats the rendered ratio, or returns "" when it
// prints as the exact one does.
func renderedIfDifferent(exact, rendered float64) string {
	if r := contrast.FormatRatio(rendered); r != contrast.FormatRatio(exact) {
		return r
	}
	return ""
}

// formatLc writes an APCA Lc with one decimal and its sign.
func formatLc(lc float64) string {
	if lc == 0 {
		return "Lc 0"
	}
	return "Lc " + strconv.FormatFloat(lc, 'f', 1, 64)
}

// reportStyle is the page's own CSS; the color rules follow it.
const reportStyle = `:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f4f5}
body{margin:0 auto;max-width:72rem;padding:1.5rem}
h1{font-size:1.6rem;margin:0 0 .5rem}
h2{font-size:1.2rem;margin:2rem 0 .25rem}
p{margin:.25rem 0}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #d4d4d8;padding:.5rem;text-align:left;vertical-align:middle}
th{background:#e4e4e7;font-weight:600}
table.pairs{table-layout:fixed}
col.pair{width:16%}
col.swatch{width:22.5%}
col.ratio{width:13%}
col.num{width:8.5%}
col.result{width:7%}
td{overflow-wrap:anywhere}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em}
.summary td,.summary th{background:#fff}
.badge{display:inline-block;border-radius:.25rem;padding:.1rem .45rem;font-weight:700;font-size:.85rem;color:#fff}
.pass{background:#166534}
.fail{background:#b91c1c}
.backdrop{padding:.5rem;border-radius:.375rem;border:1px solid #a1a1aa}
.surface{padding:.75rem 1rem;border-radius:.25rem}
.sample{font-size:1rem;line-height:1.5}
.shape{display:inline-block;vertical-align:middle;width:2.5rem;height:1.5rem;border:3px solid;border-radius:.25rem}
.dot{display:inline-block;vertical-align:middle;width:1.25rem;height:1.25rem;margin-left:.75rem;border-radius:50%;background-color:currentColor}
.chip{display:inline-block;vertical-align:middle;width:1.5rem;height:1rem;border:1px solid #a1a1aa;border-radius:.2rem}
.colors{font-size:.8rem;color:#3f3f46;margin-top:.25rem}
.none{color:#52525b;font-style:italic}
.fix+.fix{margin-top:.75rem}
.policy{font-size:.9rem}
`

// reportTemplate is the page. html/template escapes every value for its
// context; Style holds only reportStyle and rules built from canonical
// colors.
var reportTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{"dict2": sourceOf}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>{{.Title}}</title>
<style>
{{.Style}}</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<p>{{.Checked}} contrast {{if eq .Checked 1}}rule{{else}}rules{{end}} checked, {{.Failed}} failed.
{{- if .Failed}} <span class="badge fail">fail</span>{{else}} <span class="badge pass">pass</span>{{end}}</p>
<p class="policy">Policy: WCAG 2 level <strong>{{.Level}}</strong>, method <strong>{{.Method}}</strong>
{{- if eq .Method "both"}} (the exact ratio and the rendered one must both pass)
{{- else if eq .Method "exact"}} (the ratio of the exact colors must reach the minimum)
{{- else if eq .Method "rendered"}} (the ratio of the 8-bit colors a browser renders must exceed the minimum, as axe-core judges){{end}}, APCA <strong>{{if .APCA}}on{{else}}off{{end}}</strong>.</p>
<p>Each swatch paints the page background, the target color over it and the component in its own color on top, as a browser composites them. Ratios are WCAG 2 contrast ratios, truncated to two decimals: the ratio of the exact colors, and the ratio of the 8-bit colors a browser renders (what axe-core measures) where the two differ; Lc is the APCA-W3 lightness contrast. Suggested fixes keep the hue, saturation and alpha of the color they move, the component's or the target's, and move its lightness; the nearest comes first. Under each pair, where its colors came from: the theme field that decided each side, or the catalog, and the component whose color it is. A fix that names a field was checked by auditing the whole theme with the field set.</p>
</header>
<main>
{{- if .Groups}}
<table class="summary">
<thead><tr><th scope="col">Theme</th><th scope="col">Scheme</th><th scope="col">Rules</th><th scope="col">Failed</th></tr></thead>
<tbody>
{{- range .Summary}}
<tr><td><a href="#{{.Anchor}}">{{.ThemeName}}</a> (id {{.Theme}})</td><td>{{.Scheme}}</td><td class="num">{{.Checked}}</td><td class="num">{{.Failed}}</td></tr>
{{- end}}
</tbody>
</table>
{{- else}}
<p class="none">There are no contrast rules to check.</p>
{{- end}}
{{- range .Groups}}
<section id="{{.Anchor}}">
<h2>{{.ThemeName}} (theme {{.Theme}}), {{.Scheme}} scheme</h2>
<p>{{.Checked}} {{if eq .Checked 1}}rule{{else}}rules{{end}}, {{.Failed}} failed. Page background: <span class="chip {{.Page}}"></span> <code>{{.PageColor}}</code></p>
<table class="pairs">
<colgroup><col class="pair"><col class="swatch"><col class="ratio"><col class="num"><col class="num"><col class="result"><col class="swatch"></colgroup>
<thead><tr><th scope="col">Pair</th><th scope="col">Swatch</th><th scope="col">Ratio</th><th scope="col">Required</th><th scope="col">APCA</th><th scope="col">Result</th><th scope="col">Suggested fix</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr>
<td><code>{{.Component}}</code>{{if .Variable}} (<code>{{.Variable}}</code>){{end}} on {{.Target.Type}} <code>{{.Target.Value}}</code><br>{{.Target.ContrastType}}
<div class="colors">{{template "source" dict2 .Field .Origin}}{{if or .TargetField .TargetOrigin}}; target: {{template "source" dict2 .TargetField .TargetOrigin}}{{end}}</div></td>
<td>{{template "swatch" .Swatch}}{{if .Text}}{{template "text" .Swatch}}{{else}}{{template "shape" .Swatch}}{{end}}</div></div>
<div class="colors"><code>{{.Foreground}}</code> on <code>{{.Background}}</code>{{if .Translucent}} over <code>{{.Backdrop}}</code>{{end}}</div></td>
<td class="num">{{.Exact}}{{if .Rendered}} exact<br>{{.Rendered}} rendered{{end}}</td>
<td class="num">{{.Required}}</td>
<td class="num">{{.APCA}}{{if .APCARequired}}<br>needs {{.APCARequired}}{{end}}</td>
<td>{{if .Pass}}<span class="badge pass">pass</span>{{else}}<span class="badge fail">fail</span>{{end}}
{{- if .APCARequired}}<div class="colors">WCAG 2 {{if .WCAGPass}}pass{{else}}fail{{end}}, APCA {{if .APCAPass}}pass{{else}}fail{{end}}</div>{{end}}</td>
<td>{{if .Pass}}<span class="none">none needed</span>
{{- else if .Fixes}}
{{- $text := .Text}}
{{- range .Fixes}}
<div class="fix"><div class="colors">Move the {{.Side}}{{if .InCatalog}} (a change to the catalog){{end}}:{{if .Edit}} set <code>{{.Field}}</code>, verified on the whole theme{{else if .Field}}{{if .Verified}} set <code>{{.Field}}</code>{{else}} not by <code>{{.Field}}</code> alone, which moves other colors too{{end}}{{end}}</div>{{template "swatch" .Swatch}}{{if $text}}{{template "text" .Swatch}}{{else}}{{template "shape" .Swatch}}{{end}}</div></div>
<div class="colors"><code>{{.ColorText}}</code>: {{.Ratio}}, {{.APCA}} {{if .Pass}}<span class="badge pass">pass</span>{{else}}<span class="badge fail">fails APCA</span>{{end}}{{if .Same}} (as printed; only digits beyond the second decimal failed){{end}}</div></div>
{{- end}}
{{- else if not .WCAGPass}}<span class="none">No lightness of this hue and saturation, on either side, reaches {{.Required}}.</span>
{{- else}}<span class="none">The WCAG 2 ratio passes; no field of the theme reaches the APCA level.</span>{{end}}</td>
</tr>
{{- end}}
</tbody>
</table>
</section>
{{- end}}
{{- with .Variant}}
<section id="high-contrast">
<h2>High-contrast variant</h2>
<p>Each theme's stylesheet serves its high-contrast variant under <code>prefers-contrast: more</code> and <code>data-contrast="more"</code>: {{.Checked}} contrast {{if eq .Checked 1}}rule{{else}}rules{{end}} checked at WCAG 2 level <strong>{{.Level}}</strong>, method <strong>{{.Method}}</strong>; {{.Failed}} cannot reach it.
{{- if .Failed}} <span class="badge fail">fail</span>{{else}} <span class="badge pass">pass</span>{{end}}</p>
<table class="summary">
<thead><tr><th scope="col">Theme</th><th scope="col">Rules</th><th scope="col">Cannot reach {{.Level}}</th></tr></thead>
<tbody>
{{- range .Themes}}
<tr><td>{{.ThemeName}} (id {{.Theme}})</td><td class="num">{{.Checked}}</td><td class="num">{{.Failed}}</td></tr>
{{- end}}
</tbody>
</table>
{{- if .Rows}}
<p>Each rule below is given the most contrast it can reach without failing a rule that passes; the stylesheet names them in a comment before the variant.</p>
<table class="pairs">
<colgroup><col class="pair"><col class="swatch"><col class="ratio"><col class="num"></colgroup>
<thead><tr><th scope="col">Pair</th><th scope="col">Swatch</th><th scope="col">Ratio reached</th><th scope="col">Required</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr>
<td>{{.ThemeName}} (theme {{.Theme}}), {{.Scheme}}: <code>{{.Component}}</code>{{if .Variable}} (<code>{{.Variable}}</code>){{end}} on {{.Target.Type}} <code>{{.Target.Value}}</code><br>{{.Target.ContrastType}}</td>
<td>{{template "swatch" .Swatch}}{{if .Text}}{{template "text" .Swatch}}{{else}}{{template "shape" .Swatch}}{{end}}</div></div>
<div class="colors"><code>{{.Foreground}}</code> on <code>{{.Background}}</code>{{if .Translucent}} over <code>{{.Backdrop}}</code>{{end}}</div></td>
<td class="num">{{.Exact}}{{if .Rendered}} exact<br>{{.Rendered}} rendered{{end}}</td>
<td class="num">{{.Required}}</td>
</tr>
{{- end}}
</tbody>
</table>
{{- end}}
</section>
{{- end}}
</main>
</body>
</html>
{{define "source"}}{{if .Field}}field <code>{{.Field}}</code>{{if .Origin}}, from <code>{{.Origin}}</code>{{end}}{{else if .Origin}}catalog, from <code>{{.Origin}}</code>{{end}}{{end}}
{{define "swatch"}}<div class="backdrop {{.Backdrop}}"><div class="surface {{.Background}}">{{end}}
{{- define "text"}}<span class="sample {{.Foreground}}">Sample text Aa</span>{{end}}
{{- define "shape"}}<span class="{{.Foreground}}"><span class="shape"></span><span class="dot"></span></span>{{end}}`))
})
