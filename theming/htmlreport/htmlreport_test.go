package htmlreport_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/htmlreport"
)

func TestWriteIsAValidSelfContainedPage(t *testing.T) {
	page := renderReport(t, audit(t, loadBase(t)), htmlreport.Options{})
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>\n<html lang=\"en\">\n"), "doctype and lang first:\n%.80s", page)
	assert.Contains(t, page, "<title>Contrast report</title>", "the default title")
	assert.Equal(t, 1, strings.Count(page, "<style>"), "exactly one style element")
	for _, banned := range []string{"<script", "<link", "<img", "<iframe", "http:", "https:", "url(", "@import", " src=", " style=", "//"} {
		assert.NotContains(t, page, banned, "a self-contained page without scripts or style attributes has no %q", banned)
	}
	checkBalanced(t, page)

	again := renderReport(t, audit(t, loadBase(t)), htmlreport.Options{})
	assert.Equal(t, page, again, "the same report renders to the same bytes")
}

func TestWritePutsFailuresFirst(t *testing.T) {
	page := renderReport(t, audit(t, loadBase(t)), htmlreport.Options{})
	sections := regexp.MustCompile(`<section id="([^"]+)">`).FindAllStringSubmatch(page, -1)
	var order []string
	for _, m := range sections {
		order = append(order, m[1])
	}
	assert.Equal(t, []string{"theme-1-dark", "theme-2-dark", "theme-1-light", "theme-2-light"}, order,
		"sections with failures first, then the others, each in theme order")

	summary := regexp.MustCompile(`<a href="#([^"]+)">`).FindAllStringSubmatch(page, -1)
	order = order[:0]
	for _, m := range summary {
		order = append(order, m[1])
	}
	assert.Equal(t, []string{"theme-1-light", "theme-1-dark", "theme-2-light", "theme-2-dark"}, order,
		"the summary lists every theme and scheme in report order")

	dark := section(t, page, "theme-1-dark")
	assert.Equal(t, []string{"fail", "fail", "pass", "pass", "pass"}, resultBadges(dark), "failing rows first within a section")
	assert.Contains(t, dark, "5 rules, 2 failed.")
	assert.Contains(t, dark, "<code>primary</code> (<code>--primary-hover</code>) on component <code>page</code>", "a row names the variable it judged")
	assert.Contains(t, page, "20 contrast rules checked, 4 failed.")
	assert.Equal(t, []string{"pass", "pass", "pass", "pass", "pass"}, resultBadges(section(t, page, "theme-2-light")))
}

// TestWriteDrawsTheActualColors follows each swatch's classes to the
// rules of the page's style sheet. The fixes are those of
// TestFindingSuggestions, whose values were computed independently.
func TestWriteDrawsTheActualColors(t *testing.T) {
	page := renderReport(t, audit(t, loadBase(t)), htmlreport.Options{})
	rules := styleRules(t, page)
	swatch := regexp.MustCompile(`<div class="backdrop (c\d+)"><div class="surface (c\d+)">` +
		`(?:<span class="sample (c\d+)">Sample text Aa</span>|<span class="(c\d+)"><span class="shape"></span><span class="dot"></span></span>)`)
	dark := section(t, page, "theme-1-dark")
	type fix struct {
		side       string // "component" or "target"
		background string
		foreground string
		text       string
	}
	tests := []struct {
		name           string
		row            string // the pair cell's text
		wantBackdrop   string
		wantBackground string
		wantForeground string
		wantRatio      string
		wantFixes      []fix // nearest first; none when the row passes
	}{
		{
			name:         "a failing text pair on a translucent target, with a fix on each side, the target's nearer",
			row:          `<code>text</code> (<code>--text</code>) on variable <code>--button-soft</code>`,
			wantBackdrop: "hsl(0, 0%, 10%)", wantBackground: "hsla(210, 50%, 90%, 0.5)", wantForeground: "hsl(0, 0%, 95%)",
			wantRatio: "3.60:1 exact<br>3.56:1 rendered",
			wantFixes: []fix{
				{"target", "hsla(210, 50%, 77.84%, 0.5)", "hsl(0, 0%, 95%)", "<code>hsla(210, 50%, 77.84%, 0.5)</code>: 4.54:1 exact, 4.52:1 rendered"},
				{"component", "hsla(210, 50%, 90%, 0.5)", "hsl(0, 0%, 8.61%)", "<code>hsl(0, 0%, 8.61%)</code>: 4.50:1 exact, 4.53:1 rendered"},
			},
		},
		{
			name:         "a failing non-text pair, drawn as a border and a shape, the component's fix nearer",
			row:          `<code>text</code> (<code>--text</code>) on hsl <code>hsl(0, 0%, 100%)</code>`,
			wantBackdrop: "hsl(0, 0%, 10%)", wantBackground: "hsl(0, 0%, 100%)", wantForeground: "hsl(0, 0%, 95%)",
			wantRatio: "1.11:1",
			wantFixes: []fix{
				{"component", "hsl(0, 0%, 100%)", "hsl(0, 0%, 58.23%)", "<code>hsl(0, 0%, 58.23%)</code>: 3.01:1 exact, 3.03:1 rendered"},
				{"target", "hsl(0, 0%, 55%)", "hsl(0, 0%, 95%)", "<code>hsl(0, 0%, 55%)</code>: 3.00:1"},
			},
		},
		{
			name:         "a passing non-text pair on the page",
			row:          `<code>primary</code> (<code>--primary</code>) on component <code>page</code>`,
			wantBackdrop: "hsl(0, 0%, 10%)", wantBackground: "hsl(0, 0%, 10%)", wantForeground: "hsl(210, 50%, 70%)",
			wantRatio: "7.93:1 exact<br>7.92:1 rendered",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			row := tableRow(t, dark, tt.row)
			found := swatch.FindAllStringSubmatch(row, -1)
			require.Len(t, found, 1+len(tt.wantFixes), "swatches in the row %s:\n%s", tt.row, row)
			fg := func(m []string) string { return cmp.Or(m[3], m[4]) }
			assert.Equal(t, "background-color:"+tt.wantBackdrop, rules[found[0][1]], "backdrop of %s", tt.row)
			assert.Equal(t, "background-color:"+tt.wantBackground, rules[found[0][2]], "background of %s", tt.row)
			assert.Equal(t, "color:"+tt.wantForeground, rules[fg(found[0])], "foreground of %s", tt.row)
			assert.Contains(t, row, `<td class="num">`+tt.wantRatio+`</td>`, "ratios of %s", tt.row)
			if len(tt.wantFixes) == 0 {
				assert.Contains(t, row, "none needed")
				return
			}
			if strings.Contains(row, "Move the target") {
				assert.Contains(t, row, "Move the target (a change to the catalog):", "a variable or literal target is catalog data, not a theme's")
			}
			sides := regexp.MustCompile(`Move the (component|target)[^:<]*:`).FindAllStringSubmatch(row, -1)
			require.Len(t, sides, len(tt.wantFixes), "each fix says which side moves")
			at := 0
			for n, want := range tt.wantFixes {
				got := found[n+1]
				assert.Equal(t, want.side, sides[n][1], "fix %d of %s moves the %s", n, tt.row, want.side)
				assert.Equal(t, rules[found[0][1]], rules[got[1]], "fix %d is drawn over the same backdrop", n)
				assert.Equal(t, "background-color:"+want.background, rules[got[2]], "fix %d of %s: background", n, tt.row)
				assert.Equal(t, "color:"+want.foreground, rules[fg(got)], "fix %d of %s: foreground", n, tt.row)
				i := strings.Index(row[at:], want.text)
				require.GreaterOrEqual(t, i, 0, "fix %d of %s reads %q, after the fixes before it", n, tt.row, want.text)
				at += i + len(want.text)
			}
		})
	}
}

func TestWriteEscapesEveryValue(t *testing.T) {
	const hostile = `<script>alert(1)</script>`
	s := loadBaseWith(t, func(themes []theming.Theme) { themes[0].Name = hostile + ` & "quotes"` })
	page := renderReport(t, audit(t, s), htmlreport.Options{Title: hostile})
	assert.NotContains(t, page, "<script", "a theme name or title must never become markup")
	assert.Contains(t, page, "<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>", "the title is escaped")
	assert.Contains(t, page, "<h2>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34; (theme 1), dark scheme</h2>",
		"the theme name is escaped as text")
	checkBalanced(t, page)
}

func TestWriteFormatsRatiosWithoutRoundingUp(t *testing.T) {
	tests := []struct {
		name     string
		give     float64
		rendered float64
		want     string
	}{
		{"a ratio just under 4.5 reads 4.49", 4.49999, 4.49999, "4.49:1"},
		{"a whole ratio gets two decimals", 21, 21, "21.00:1"},
		{"one decimal is padded", 3.5, 3.5, "3.50:1"},
		{"more decimals are cut, not rounded", 7.0396, 7.0396, "7.03:1"},
		{"a rendered ratio that prints the same is not repeated", 4.5031, 4.5079, "4.50:1"},
		{"a rendered ratio that prints differently follows the exact one", 4.5001, 4.4966, "4.50:1 exact<br>4.49:1 rendered"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := &fix.Report{Checked: 1, Findings: []fix.Finding{{
				ThemeID: 1, ThemeName: "T", Scheme: theming.Light, Component: "text",
				Target:     theming.ContrastTarget{Type: theming.TargetHSL, Value: "hsl(0, 0%, 100%)", ContrastType: "text"},
				Foreground: colorref.HSL(0, 0, 0), Background: colorref.HSL(0, 0, 100), Backdrop: colorref.HSL(0, 0, 100),
				Exact: tt.give, Rendered: tt.rendered, Required: 3, Pass: true,
			}}}
			page := renderReport(t, rep, htmlreport.Options{})
			assert.Contains(t, page, `<td class="num">`+tt.want+`</td>`, "ratio %v, rendered %v", tt.give, tt.rendered)
		})
	}
}

func TestWriteWithoutRules(t *testing.T) {
	tests := []struct {
		name string
		give *fix.Report
	}{
		{"an empty report", &fix.Report{}},
		{"a nil report", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := renderReport(t, tt.give, htmlreport.Options{Title: "Nothing"})
			assert.Contains(t, page, "There are no contrast rules to check.")
			assert.Contains(t, page, "0 contrast rules checked, 0 failed.")
			assert.NotContains(t, page, "<table", "no tables without rules")
			checkBalanced(t, page)
		})
	}
}

func TestWriteReportsAWriteError(t *testing.T) {
	boom := errors.New("disk full")
	err := htmlreport.Write(failingWriter{boom}, audit(t, loadBase(t)), htmlreport.Options{})
	require.ErrorIs(t, err, boom)
	assert.True(t, strings.HasPrefix(err.Error(), "htmlreport: "), "error %q has the package prefix", err)
}

func TestWriteNamesThePolicyAndTheAPCAVerdict(t *testing.T) {
	tests := []struct {
		name   string
		muted  string
		policy contrast.Policy
		want   []string
	}{
		{
			name: "the default policy", muted: "hsl(0, 0%, 46.53%)", policy: contrast.Policy{},
			want: []string{
				"WCAG 2 level <strong>AA</strong>, method <strong>both</strong> (the exact ratio and the rendered one must both pass), APCA <strong>off</strong>.",
				`<td class="num">4.50:1 exact<br>4.47:1 rendered</td>`,
				"<code>hsl(0, 0%, 46.47%)</code>: 4.51:1 exact, 4.54:1 rendered, Lc 71.3 <span class=\"badge pass\">pass</span>",
				// The target is a component, which a theme overrides.
				`<div class="colors">Move the target:</div>`,
			},
		},
		{
			name: "exact at AAA", muted: "hsl(0, 0%, 40%)", policy: contrast.Policy{Method: contrast.Exact, Level: contrast.AAA},
			want: []string{
				"WCAG 2 level <strong>AAA</strong>, method <strong>exact</strong> (the ratio of the exact colors must reach the minimum), APCA <strong>off</strong>.",
				`<td class="num">7:1</td>`,
			},
		},
		{
			name: "APCA: a grey that passes WCAG 2 fails Lc 75", muted: "hsl(0, 0%, 46.47%)", policy: contrast.Policy{APCA: true},
			want: []string{
				"APCA <strong>on</strong>.",
				`<td class="num">Lc 71.3<br>needs 75</td>`,
				`<td><span class="badge fail">fail</span><div class="colors">WCAG 2 pass, APCA fail</div></td>`,
				// The theme's field edit is searched under the whole policy:
				// reference.py's APCA gives 43.32% Lc 75.001, 43.33% 74.990.
				"<code>hsl(0, 0%, 43.32%)</code>: 5.06:1 exact, 5.09:1 rendered, Lc 75.0 <span class=\"badge pass\">pass</span>",
			},
		},
		{
			name: "APCA: a fix that reaches 4.5:1 but not Lc 75 says so", muted: "hsl(0, 0%, 60%)", policy: contrast.Policy{APCA: true},
			want: []string{
				`<div class="colors">WCAG 2 fail, APCA fail</div>`,
				"<code>hsl(0, 0%, 46.47%)</code>: 4.51:1 exact, 4.54:1 rendered, Lc 71.3 <span class=\"badge fail\">fails APCA</span>",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := greyCatalog(t, tt.muted)
			rep, err := fix.New(s.CompiledCatalog()).Audit(s, tt.policy)
			require.NoError(t, err)
			page := renderReport(t, rep, htmlreport.Options{})
			for _, want := range tt.want {
				assert.Contains(t, page, want)
			}
			checkBalanced(t, page)
		})
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

func renderReport(t *testing.T, rep *fix.Report, opts htmlreport.Options) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, htmlreport.Write(&buf, rep, opts), "Write(%+v)", opts)
	return buf.String()
}

// section returns the markup of the section with the given id.
func section(t *testing.T, page, id string) string {
	t.Helper()
	start := strings.Index(page, `<section id="`+id+`">`)
	require.GreaterOrEqual(t, start, 0, "section %s", id)
	end := strings.Index(page[start:], "</section>")
	require.Positive(t, end, "end of section %s", id)
	return page[start : start+end]
}

// tableRow returns the <tr> whose first cell holds pair.
func tableRow(t *testing.T, markup, pair string) string {
	t.Helper()
	at := strings.Index(markup, "<td>"+pair)
	require.GreaterOrEqual(t, at, 0, "row %s", pair)
	end := strings.Index(markup[at:], "</tr>")
	require.Positive(t, end, "end of row %s", pair)
	return markup[at : at+end]
}

// resultBadges lists the result cells' badges in order.
func resultBadges(markup string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<td><span class="badge (pass|fail)">`).FindAllStringSubmatch(markup, -1) {
		out = append(out, m[1])
	}
	return out
}

// styleRules maps each color class of the page's style sheet to its
// declaration.
func styleRules(t *testing.T, page string) map[string]string {
	t.Helper()
	rules := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^\.(c\d+)\{([^}]*)\}$`).FindAllStringSubmatch(page, -1) {
		require.NotContains(t, rules, m[1], "class %s is defined once", m[1])
		rules[m[1]] = m[2]
	}
	require.NotEmpty(t, rules, "the page defines color classes")
	return rules
}

// checkBalanced checks that every element the page opens is closed in
// order, that void elements are not closed, and that ids are unique.
// html/template escapes every "<" in text, so every "<" is markup.
func checkBalanced(t *testing.T, page string) {
	t.Helper()
	void := []string{"meta", "br", "col", "hr", "img", "input", "link"}
	var stack []string
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>`).FindAllStringSubmatch(page, -1) {
		closing, name, attrs := m[1] == "/", strings.ToLower(m[2]), m[3]
		for _, id := range regexp.MustCompile(`\bid="([^"]*)"`).FindAllStringSubmatch(attrs, -1) {
			require.False(t, ids[id[1]], "id %q is unique", id[1])
			ids[id[1]] = true
		}
		switch {
		case slices.Contains(void, name):
			require.False(t, closing, "void element %s is never closed", name)
		case closing:
			require.NotEmpty(t, stack, "</%s> closes nothing", name)
			require.Equal(t, stack[len(stack)-1], name, "</%s> closes the innermost open element", name)
			stack = stack[:len(stack)-1]
		default:
			stack = append(stack, name)
		}
	}
	require.Empty(t, stack, "every element is closed")
}

// loadBaseWith loads the base data of the theming tests
// (theming/testdata/base), letting change edit its themes first.
func loadBaseWith(t *testing.T, change func([]theming.Theme)) *theming.Snapshot {
	t.Helper()
	fsys := os.DirFS("../testdata/base")
	if change == nil {
		s, err := theming.LoadFS(fsys)
		require.NoError(t, err)
		return s
	}
	b, err := fs.ReadFile(fsys, "themes.json")
	require.NoError(t, err)
	var doc struct {
		Themes []theming.Theme `json:"themes"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	change(doc.Themes)
	themes, err := json.Marshal(doc)
	require.NoError(t, err)
	catalog, err := fs.ReadFile(fsys, "catalog.json")
	require.NoError(t, err)
	s, err := theming.Load(catalog, themes)
	require.NoError(t, err)
	return s
}

func loadBase(t *testing.T) *theming.Snapshot { return loadBaseWith(t, nil) }

// audit returns s's audit under the default policy.
func audit(t *testing.T, s *theming.Snapshot) *fix.Report {
	t.Helper()
	rep, err := fix.New(s.CompiledCatalog()).Audit(s, contrast.Policy{})
	require.NoError(t, err)
	return rep
}

// greyCatalog is a white page (black in the dark scheme) and one text
// component, muted, checked against it; only muted's light color varies.
func greyCatalog(t *testing.T, muted string) *theming.Snapshot {
	t.Helper()
	cat, err := theming.CompileCatalog(theming.Catalog{
		PageBackground: "page",
		Components: []theming.Component{
			{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 0%)"}},
			{ID: "muted", Name: "Muted", Fallback: theming.PerScheme{Light: muted, Dark: "hsl(0, 0%, 100%)"},
				ContrastAgainst: []theming.ContrastTarget{{Type: theming.TargetComponent, Value: "page", ContrastType: "text"}}},
		},
	})
	require.NoError(t, err)
	s, err := cat.Snapshot([]theming.Theme{{ID: 1, Name: "Plain"}})
	require.NoError(t, err)
	return s
}

// The base data's theme 1 overrides primary in the light scheme; the
// page is the catalog's.
func TestWriteNamesWhereEachColorCameFrom(t *testing.T) {
	page := renderReport(t, audit(t, loadBase(t)), htmlreport.Options{})
	light := section(t, page, "theme-1-light")
	row := tableRow(t, light, `<code>primary</code> (<code>--primary</code>) on component <code>page</code>`)
	assert.Contains(t, row, `field <code>colors.primary.light</code>, from <code>primary</code>; target: catalog, from <code>page</code>`)
	row = tableRow(t, section(t, page, "theme-1-dark"), `<code>primary</code> (<code>--primary</code>) on component <code>page</code>`)
	assert.Contains(t, row, `<div class="colors">catalog, from <code>primary</code>; target: catalog, from <code>page</code></div>`, "no override in the dark scheme")
	row = tableRow(t, section(t, page, "theme-1-dark"), `<code>text</code> (<code>--text</code>) on hsl <code>hsl(0, 0%, 100%)</code>`)
	assert.Contains(t, row, `<div class="colors">catalog, from <code>text</code></div>`, "a literal target has no source")
	assert.Contains(t, row, `Move the component: set <code>colors.text.dark</code>, verified on the whole theme`, "the field edit comes first")
}
