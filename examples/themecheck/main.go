// Command themecheck audits the contrast of a theme catalog before it
// ships: every contrast rule of every visible component, in the light and
// dark schemes, under every theme.
//
//	go run ./examples/themecheck                  # the embedded default data
//	go run ./examples/themecheck -data DIR        # DIR/catalog.json and DIR/themes.json
//	go run ./examples/themecheck -json            # machine-readable output
//	go run ./examples/themecheck -html report.html
//	go run ./examples/themecheck -level AAA -apca # a stricter policy
//
// It prints an aligned table, one row per rule (theme, scheme, pair,
// contrast type, the exact and the rendered WCAG 2 ratio, required ratio,
// APCA Lc, pass or fail), and a summary that names the policy. Each
// failing rule gets its suggested fixes (fix.Report.Suggestions): the
// component's color or the target's, with the same hue, saturation and
// alpha and the nearest lightness that passes under the method, nearest
// first, each re-checked in its printed form before it is shown. A
// target that is a CSS variable or a literal hsl() color belongs to the
// catalog, not to a theme: its fix reads "target (catalog)". Under -apca a
// fix that reaches the WCAG 2 ratio but not the APCA level says "fails
// APCA", and the summary counts as fixed only failures with a fix that
// passes the whole policy. Ratios are truncated to two decimals, never
// rounded up.
//
// The method says which ratio must pass: "exact" (the WCAG 2 formula on
// the exact colors, at least the minimum), "rendered" (the formula on the
// 8-bit colors a browser renders and composites, above the minimum, as
// axe-core judges) or "both", the default: a catalog that passes it
// passes axe-core in a browser too, and so do its suggested fixes.
//
// Flags:
//
//	-data DIR      audit DIR instead of the embedded default data
//	-method NAME   exact, rendered or both (default both)
//	-level LEVEL   WCAG 2 level, AA (default) or AAA: text 4.5:1 or 7:1,
//	               non-text 3:1 at both
//	-apca          also require APCA's Bronze simple-mode Lc (75 body text,
//	               45 non-text), reported next to the WCAG 2 verdict
//	-json          print JSON instead of the table: the policy ("method",
//	               "level", "apca") and the audit report with the
//	               "suggestions" of each failing finding that has some, or,
//	               for unusable input, {"error": ..., "problems": [...]}
//	-html FILE     also write the self-contained HTML contrast report to FILE
//	-contrast more audit each theme's high-contrast variant (the one the
//	               stylesheet serves under prefers-contrast: more) at WCAG 2
//	               AAA under the method both, whatever -level and -method say
//	-fix OUTDIR    move the lightness of theme fields until every rule passes
//	               under the policy, -apca included (fix.Engine.FixTheme):
//	               write OUTDIR/catalog.json (the input's bytes) and
//	               OUTDIR/themes.json (the fixed themes), print each edit
//	               (theme, field, from, to, how far), then load what it
//	               wrote and audit it again under the policy; exit 0 when
//	               every rule of the written themes passes, 1 when some
//	               cannot, saying which rules and why
//	-alpha         with -fix: a translucent color whose rules no lightness
//	               at its own alpha lets pass (muted text at 30%) may have
//	               its alpha raised, up to opaque, to the least that lets a
//	               lightness pass (fix.FixOptions.Alpha); the edit says
//	               "alpha +N"
//	-pin FIELD     with -fix: a theme field the fix must not change, as
//	               colors.<component>.<light|dark>; repeat the flag or
//	               separate fields with commas (fix.FixOptions.Pinned)
//	-allow FIELD   with -fix: the only fields the fix may change, in the
//	               same form (fix.FixOptions.Allow); every other field is
//	               kept. Without -allow every field may change but the
//	               page background and the pinned ones
//	-generate COLOR
//	               make a theme from one brand color (fix.Engine.Generate),
//	               and write it with -o: the brand is taken as given when
//	               it passes its own rules, else at the nearest lightness
//	               that does, and the line printed names the rule that
//	               decided it. COLOR is any opaque color colorref.Parse
//	               reads: '#rrggbb' (and #rgb), 'hsl(H, S%, L%)',
//	               'rgb(R G B)', 'oklch(L C H)', 'oklab(L a b)',
//	               'color(display-p3 R G B)'. A theme holds hsl() colors,
//	               so another notation is taken as the sRGB color it
//	               paints, a line saying which (clipped, and said so, when
//	               it lies outside sRGB); a translucent brand is refused in
//	               one line (exit 2) that names its opaque color
//	-brand ID      the component that takes the brand color (default primary)
//	-o OUTDIR      where -generate writes catalog.json and themes.json (one
//	               theme: id 1, is_default, named "Generated"), and
//	               -import-dtcg too
//	-export-dtcg OUT
//	               also write the data as DTCG 2025.10 design tokens:
//	               OUT/themes.resolver.json and the token files it names
//	               (package theming/dtcg)
//	-import-dtcg FILE -o OUTDIR
//	               read DTCG tokens (a resolver document, or a light and a
//	               dark token file as LIGHT,DARK), write OUTDIR/catalog.json
//	               and OUTDIR/themes.json, and audit them
//
// Each finding names where its colors came from: the theme field
// (colors.<id>.<scheme>) whose override decided each side, or "catalog"
// when no override did, and the component whose color it is; in JSON
// "field", "origin", "target_field" and "target_origin".
//
// Exit status: 0 when every rule passes, 1 when any rule fails, 2 when the
// check could not be made: bad usage (an unknown field given to -pin or
// -allow included), input that does not load (every validation problem
// is printed with its file, line, column and JSON path), or an HTML
// report or a -fix directory that cannot be written. A validation problem is printed on its
// own line as compilers print them, FILE:LINE:COLUMN: PATH: MESSAGE, with
// FILE as the command line names it (DIR/catalog.json), the line and the
// column (in bytes, from 1) of the value it concerns, so that an editor
// jumps to it.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/htmlreport"
)

// Exit statuses.
const (
	exitPass     = 0 // every rule passes
	exitFail     = 1 // some rule fails
	exitUnusable = 2 // bad usage, unusable input or unwritable output
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole command; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("themecheck", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: themecheck [-data DIR] [-method exact|rendered|both] [-level AA|AAA] [-apca] [-json] [-html FILE] [-contrast more] [-export-dtcg OUT]")
		fmt.Fprintln(stderr, "       themecheck [-data DIR] -fix OUTDIR [-method M] [-level L] [-apca] [-alpha] [-pin FIELD,...] [-allow FIELD,...]")
		fmt.Fprintln(stderr, "       themecheck [-data DIR] -generate COLOR [-brand ID] -o OUTDIR   (COLOR: #hex, hsl(), rgb(), oklch(), oklab(), color(display-p3 …))")
		fmt.Fprintln(stderr, "       themecheck -import-dtcg FILE[,FILE] -o OUTDIR [-method M] [-level L] [-apca] [-json] [-html FILE]")
		fl.PrintDefaults()
	}
	dir := fl.String("data", "", "audit `DIR`/catalog.json and DIR/themes.json instead of the embedded default data")
	var policy contrast.Policy
	fl.TextVar(&policy.Method, "method", contrast.Both, "the ratio that must pass: exact, rendered (as axe-core measures in a browser) or both")
	fl.TextVar(&policy.Level, "level", contrast.AA, "the WCAG 2 level: AA or AAA")
	fl.BoolVar(&policy.APCA, "apca", false, "also require APCA's Bronze simple-mode Lc, reported next to the WCAG 2 verdict")
	asJSON := fl.Bool("json", false, "print JSON instead of the table")
	htmlFile := fl.String("html", "", "also write the HTML contrast report to `FILE`")
	exportDir := fl.String("export-dtcg", "", "also write the data as DTCG design tokens into `OUT`")
	importSpec := fl.String("import-dtcg", "", "read DTCG tokens from `FILE` (a resolver, or LIGHT,DARK token files), write them with -o and audit them")
	contrastPref := fl.String("contrast", "", "\"more\": audit each theme's high-contrast variant at AAA")
	fixDir := fl.String("fix", "", "write the fixed themes and the catalog to `OUTDIR`")
	var fo fix.FixOptions
	fl.BoolVar(&fo.Alpha, "alpha", false, "with -fix: raise the alpha of a translucent color that no lightness lets pass")
	fl.Var((*fieldList)(&fo.Pinned), "pin", "with -fix: a theme `FIELD` the fix must not change, colors.<id>.<light|dark> (repeatable, or comma-separated)")
	fl.Var((*fieldList)(&fo.Allow), "allow", "with -fix: the only theme `FIELD`s the fix may change (repeatable, or comma-separated)")
	generate := fl.String("generate", "", "make a theme from the brand `COLOR`: #hex, hsl(), rgb(), oklch(), oklab() or color(display-p3 …), opaque")
	brand := fl.String("brand", "primary", "the component `ID` that takes the brand color")
	outDir := fl.String("o", "", "where -generate and -import-dtcg write catalog.json and themes.json: `OUTDIR`")
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitPass
		}
		return exitUnusable
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "themecheck: unexpected argument %q\n", fl.Arg(0))
		fl.Usage()
		return exitUnusable
	}

	set := map[string]bool{}
	fl.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if msg := usageProblem(set, *contrastPref, *generate, *outDir); msg != "" {
		fmt.Fprintln(stderr, "themecheck:", msg)
		fl.Usage()
		return exitUnusable
	}

	source, fsys := "embedded default data", theming.DefaultFS()
	if *dir != "" {
		source, fsys = *dir, os.DirFS(*dir)
	}
	var snap *theming.Snapshot // the import's, compiled once
	if *importSpec != "" {
		var err error
		if snap, err = importDTCG(*importSpec, *outDir, stderr); err != nil {
			fmt.Fprintln(stderr, "themecheck: -import-dtcg:", err)
			return exitUnusable
		}
		*dir = *outDir
		source, fsys = *dir, os.DirFS(*dir)
	}
	var err error
	if snap == nil {
		if snap, err = theming.LoadFS(fsys); err != nil {
			reportLoadError(stdout, stderr, source, *dir, err, *asJSON)
			return exitUnusable
		}
	}
	e := fix.New(snap.CompiledCatalog()) // the contrast engine of the catalog, for every check below
	switch {
	case *fixDir != "":
		fo.Policy = policy
		return runFix(stdout, stderr, fsys, e, snap, fo, *fixDir)
	case *generate != "":
		return runGenerate(stdout, stderr, fsys, e, *generate, *brand, *outDir)
	case *contrastPref == "more":
		if snap, err = highContrastSnapshot(e, snap); err != nil {
			fmt.Fprintln(stderr, "themecheck:", err)
			return exitUnusable
		}
		policy = fix.HighContrastPolicy()
		source += " (high-contrast variants)"
	}

	if *exportDir != "" {
		if err := exportDTCG(e, snap, *exportDir); err != nil {
			fmt.Fprintln(stderr, "themecheck: -export-dtcg:", err)
			return exitUnusable
		}
	}

	rep, err := e.Audit(snap, policy)
	if err != nil { // cannot happen: the flags parse only known policies
		fmt.Fprintln(stderr, "themecheck:", err)
		return exitUnusable
	}
	results := check(rep)
	if *htmlFile != "" {
		if err := writeHTML(*htmlFile, rep, source); err != nil {
			fmt.Fprintln(stderr, "themecheck:", err)
			return exitUnusable
		}
	}
	if *asJSON {
		err = writeJSON(stdout, source, rep, results)
	} else {
		err = writeTable(stdout, source, rep, results, len(snap.Themes()))
	}
	if err != nil {
		fmt.Fprintln(stderr, "themecheck: writing the results:", err)
		return exitUnusable
	}
	if !rep.OK() {
		return exitFail
	}
	return exitPass
}

// result is a finding with its verified fixes, if it failed and some exist.
type result struct {
	fix.Finding
	Suggestions []fix.Suggestion `json:"suggestions,omitempty"`
}

// check pairs each failing finding with its suggested fixes, nearest first.
func check(rep *fix.Report) []result {
	out := make([]result, len(rep.Findings))
	for i, f := range rep.Findings {
		out[i].Finding = f
		if f.Pass {
			continue
		}
		for _, s := range rep.Suggestions(f) {
			if verify(f, s) {
				out[i].Suggestions = append(out[i].Suggestions, s)
			}
		}
	}
	return out
}

// verify re-checks a suggestion the way a theme author would use it: the
// printed colors, parsed back, must pass the finding's WCAG 2 rule under
// the report's policy over the same backdrop.
func verify(f fix.Finding, s fix.Suggestion) bool {
	fg, err := colorref.Parse(s.Foreground.String())
	if err != nil {
		return false
	}
	bg, err := colorref.Parse(s.Background.String())
	if err != nil {
		return false
	}
	res, err := f.Policy.Check(fg, bg, f.Backdrop, f.Target.ContrastType)
	return err == nil && res.WCAGPass && res.Required == f.Required
}

// reportLoadError prints why the input could not be used: every
// validation problem on its own line on stderr, as compilers write them
// ("DIR/catalog.json:12:7: components[3].fallback.dark: unknown component
// ..."), so that an editor jumps to it; and with -json also as JSON on
// stdout, with its file, line, column, byte offset and JSON path. dir is
// the -data directory ("" for the embedded data), which the files' names
// are joined to as the command line gave it.
func reportLoadError(stdout, stderr io.Writer, source, dir string, err error, asJSON bool) {
	var verr *theming.ValidationError
	errors.As(err, &verr)
	if asJSON {
		type problem struct {
			File    string `json:"file"`
			Line    int    `json:"line,omitempty"`
			Column  int    `json:"column,omitempty"`
			Offset  int    `json:"offset,omitempty"`
			Path    string `json:"path"`
			Message string `json:"message"`
		}
		out := struct {
			Source   string    `json:"source"`
			Error    string    `json:"error"`
			Problems []problem `json:"problems"`
		}{Source: source, Error: err.Error(), Problems: []problem{}}
		if verr != nil {
			out.Error = fmt.Sprintf("invalid data: %d problem(s)", len(verr.Problems))
			for _, p := range verr.Problems {
				out.Problems = append(out.Problems, problem{File: fileName(dir, p.File), Line: p.Line, Column: p.Column,
					Offset: p.Offset, Path: p.Path, Message: p.Msg})
			}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out) // the exit status already says it failed
	}
	if verr == nil {
		fmt.Fprintf(stderr, "themecheck: %s: %v\n", source, err)
		return
	}
	fmt.Fprintf(stderr, "themecheck: %s: invalid data, %d problem(s):\n", source, len(verr.Problems))
	for _, p := range verr.Problems {
		named := *p
		named.File = fileName(dir, p.File)
		fmt.Fprintln(stderr, named.Error())
	}
}

// fileName is a data file's name as the command line gives it: joined to
// the -data directory, or as it is for the embedded data.
func fileName(dir, file string) string {
	if dir == "" || file == "" {
		return file
	}
	return filepath.Join(dir, file)
}

// judged names what a finding judged in the PAIR column: the component,
// or, for another of its variables (a state such as --link-visited), the
// variable.
func judged(f fix.Finding) string {
	if f.Variable == "" || f.Variable == "--"+f.Component {
		return f.Component
	}
	return f.Variable
}

// writeTable prints one aligned row per finding, then the summary.
func writeTable(w io.Writer, source string, rep *fix.Report, results []result, themes int) error {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "THEME\tSCHEME\tPAIR\tFROM\tTYPE\tEXACT\tRENDERED\tREQUIRED\tAPCA LC\tRESULT\tSUGGESTED FIX")
	for _, r := range results {
		fmt.Fprintf(tw, "%s (%d)\t%s\t%s on %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			printable(r.ThemeName), r.ThemeID, r.Scheme, judged(r.Finding), printable(r.Target.Value), sources(r.Finding),
			r.Target.ContrastType, contrast.FormatRatio(r.Exact), contrast.FormatRatio(r.Rendered), strconv.FormatFloat(r.Required, 'g', -1, 64)+":1",
			formatLc(r.Finding), verdict(r.Finding), fixes(r))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fixed := 0 // failures with a fix that passes the whole policy
	for _, r := range results {
		if slices.ContainsFunc(r.Suggestions, func(s fix.Suggestion) bool { return s.Pass }) {
			fixed++
		}
	}
	fmt.Fprintf(&buf, "\n%s: %d contrast rules checked under %d theme(s) in 2 schemes, %s: %d passed, %d failed",
		printable(source), rep.Checked, themes, rep.Policy().String(), rep.Checked-rep.Failed, rep.Failed)
	if rep.Failed > 0 {
		fmt.Fprintf(&buf, " (%d with a suggested fix)", fixed)
	}
	if rep.OK() {
		buf.WriteString(".\nok\n")
	} else {
		buf.WriteString(".\nFAIL\n")
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// verdict is a finding's RESULT cell: pass or FAIL, and under an APCA
// policy which of the two verdicts failed.
func verdict(f fix.Finding) string {
	v := "pass"
	if !f.Pass {
		v = "FAIL"
	}
	if f.Policy.APCA && !f.Pass {
		switch {
		case !f.WCAGPass && !f.APCAPass:
			v += " (WCAG 2, APCA)"
		case !f.WCAGPass:
			v += " (WCAG 2)"
		default:
			v += " (APCA)"
		}
	}
	return v
}

// formatLc is a finding's APCA LC cell: the Lc, and the |Lc| required
// under an APCA policy.
func formatLc(f fix.Finding) string {
	lc := strconv.FormatFloat(f.Lc, 'f', 1, 64)
	if f.Policy.APCA {
		return lc + " (needs " + strconv.FormatFloat(f.LcRequired, 'g', -1, 64) + ")"
	}
	return lc
}

// fixes is a finding's SUGGESTED FIX cell: each fix with the side it
// moves, its ratio under the method and its Lc, nearest first.
func fixes(r result) string {
	if r.Pass {
		return "-"
	}
	if len(r.Suggestions) == 0 {
		if r.WCAGPass {
			return "none: no lightness search for the APCA level here (-fix -apca searches it)"
		}
		if a := r.Foreground.Alpha(); a < 1 {
			return "none: no lightness of either side passes at the component's alpha " +
				strconv.FormatFloat(a, 'f', -1, 64) + " (-fix -alpha may raise it)"
		}
		return "none: no lightness of either side passes"
	}
	var b strings.Builder
	for n, s := range r.Suggestions {
		if n > 0 {
			b.WriteString("; or ")
		}
		side := "component"
		switch {
		case s.Side != contrast.Background:
		case r.Target.Type == theming.TargetComponent:
			side = "target"
		default:
			side = "target (catalog)" // a variable or hsl target: no theme can move it
		}
		fmt.Fprintf(&b, "%s %s (%s, Lc %.1f", side, s.Color(), contrast.FormatRatio(s.Ratio), s.Lc)
		if !s.Pass {
			b.WriteString(", fails APCA")
		}
		switch {
		case s.Field != "" && s.Applies:
			b.WriteString(", set " + s.Field + " to " + s.To)
		case s.Field != "" && s.Pass:
			b.WriteString(", not by " + s.Field + " alone")
		}
		b.WriteString(")")
	}
	return b.String()
}

// writeJSON prints the report, with its policy, and the suggestions.
func writeJSON(w io.Writer, source string, rep *fix.Report, results []result) error {
	out := struct {
		Source   string          `json:"source"`
		Method   contrast.Method `json:"method"`
		Level    contrast.Level  `json:"level"`
		APCA     bool            `json:"apca"`
		OK       bool            `json:"ok"`
		Checked  int             `json:"checked"`
		Failed   int             `json:"failed"`
		Findings []result        `json:"findings"`
	}{Source: source, Method: rep.Method, Level: rep.Level, APCA: rep.APCA, OK: rep.OK(), Checked: rep.Checked, Failed: rep.Failed, Findings: results}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeHTML writes the HTML contrast report to the file name.
func writeHTML(name string, rep *fix.Report, source string) error {
	var buf bytes.Buffer
	if err := htmlreport.Write(&buf, rep, htmlreport.Options{Title: "Contrast report: " + source}); err != nil {
		return err
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the HTML report: %w", err)
	}
	return nil
}

// printable quotes s if it holds a control or other unprintable character
// (a tab would break the table's alignment, an escape sequence would
// reach the terminal).
func printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// sources is a finding's FROM cell: the field (or "catalog") and origin
// of the component's color, then of the target's.
func sources(f fix.Finding) string {
	one := func(field, origin string) string {
		if field == "" {
			field = "catalog"
		}
		if origin == "" {
			return field
		}
		return field + " (" + origin + ")"
	}
	s := one(f.Field, f.Origin)
	if f.Target.Type == theming.TargetHSL {
		return s + " / literal"
	}
	return s + " / " + one(f.TargetField, f.TargetOrigin)
}

// usageProblem says what is wrong with a combination of flags, or "".
func usageProblem(set map[string]bool, contrastPref, generate, outDir string) string {
	report := set["json"] || set["html"] || set["apca"] || set["contrast"]
	switch {
	case set["contrast"] && contrastPref != "more":
		return fmt.Sprintf("-contrast takes \"more\", not %q", contrastPref)
	case set["fix"] && set["generate"]:
		return "-fix and -generate cannot be combined"
	case set["fix"] && (set["json"] || set["html"] || set["contrast"] || set["o"] || set["brand"]):
		return "-fix takes only -data, -method, -level, -apca, -alpha, -pin and -allow"
	case !set["fix"] && (set["alpha"] || set["pin"] || set["allow"]):
		return "-alpha, -pin and -allow go with -fix"
	case set["generate"] && (report || set["method"] || set["level"]):
		return "-generate takes only -data, -brand and -o"
	case set["generate"] && outDir == "":
		return "-generate needs -o OUTDIR"
	case set["import-dtcg"] && (set["data"] || set["generate"] || set["fix"] || !set["o"]):
		return "-import-dtcg FILE goes with -o OUTDIR, without -data, -fix or -generate"
	case !set["generate"] && (set["o"] && !set["import-dtcg"] || set["brand"]):
		return "-o and -brand go with -generate (-o with -import-dtcg too)"
	case set["generate"] && generate == "":
		return "-generate needs a color"
	}
	return ""
}

// highContrastSnapshot returns a snapshot of each theme's high-contrast
// variant, as the stylesheet serves it (as far as the solver got where
// AAA cannot be reached: the audit then shows what fails).
func highContrastSnapshot(e *fix.Engine, snap *theming.Snapshot) (*theming.Snapshot, error) {
	var variants []theming.Theme
	for _, rt := range snap.Themes() {
		variants = append(variants, e.HighContrast(rt).Theme.Theme())
	}
	return snap.CompiledCatalog().Snapshot(variants)
}

// runFix is -fix: each theme fixed under o, written with the catalog to
// dir, its edits printed; then what was written is loaded and audited
// again under o.Policy, and that audit decides the exit status.
func runFix(stdout, stderr io.Writer, fsys fs.FS, eng *fix.Engine, snap *theming.Snapshot, o fix.FixOptions, dir string) int {
	var out []theming.Theme
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "THEME\tFIELD\tFROM\tTO\tCHANGE")
	var why []string
	translucent := false // a rule still failing paints a translucent color
	for _, rt := range snap.Themes() {
		fixed, edits, err := eng.FixTheme(rt.Theme(), o)
		var unsat *fix.UnsatisfiableError
		switch {
		case errors.As(err, &unsat):
			why = append(why, err.Error())
			for _, f := range unsat.Failing {
				translucent = translucent || !f.Foreground.Opaque()
			}
		case errors.Is(err, theming.ErrUnknownThemeField):
			fmt.Fprintln(stderr, "themecheck: -pin, -allow:", err)
			return exitUnusable
		case err != nil:
			fmt.Fprintln(stderr, "themecheck:", err)
			return exitUnusable
		}
		out = append(out, fixed)
		for _, e := range edits {
			from := e.From
			if from == "" {
				from = "(catalog: " + e.Was.String() + ")"
			}
			fmt.Fprintf(tw, "%s (%d)\t%s\t%s\t%s\t%s\n", printable(rt.Name()), rt.ID(), e.Field, printable(from), e.To, change(e))
		}
	}
	_ = tw.Flush()
	if err := writeData(fsys, dir, out); err != nil {
		fmt.Fprintln(stderr, "themecheck:", err)
		return exitUnusable
	}
	fmt.Fprintf(&buf, "\nwrote %s and %s, fixed for %s.\n", filepath.Join(dir, "catalog.json"), filepath.Join(dir, "themes.json"), o.Policy.String())
	for _, w := range why {
		buf.WriteString(printable(w) + "\n")
	}
	if translucent && !o.Alpha {
		buf.WriteString("a failing rule paints a translucent color: -alpha lets the fix raise its alpha\n")
	}
	// The proof: the files as written, loaded and audited again.
	written, err := theming.LoadFS(os.DirFS(dir))
	if err != nil {
		fmt.Fprintln(stderr, "themecheck: the fixed data does not load:", err)
		return exitUnusable
	}
	rep, err := fix.New(written.CompiledCatalog()).Audit(written, o.Policy)
	if err != nil {
		fmt.Fprintln(stderr, "themecheck:", err)
		return exitUnusable
	}
	fmt.Fprintf(&buf, "re-audit of %s: %d contrast rules checked under %d theme(s) in 2 schemes, %s: %d passed, %d failed.\n",
		dir, rep.Checked, len(written.Themes()), rep.Policy().String(), rep.Checked-rep.Failed, rep.Failed)
	status := exitPass
	if rep.OK() {
		buf.WriteString("ok\n")
	} else {
		status = exitFail
		buf.WriteString("FAIL\n")
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return exitUnusable
	}
	return status
}

// change is an edit's CHANGE cell: how far the lightness moved and the
// alpha rose, "lightness -12.4, alpha +0.27".
func change(e fix.Edit) string {
	var parts []string
	if e.Distance != 0 {
		_, _, was := e.Was.HSL()
		_, _, to := e.To.HSL()
		sign := "+"
		if to < was {
			sign = "-"
		}
		parts = append(parts, "lightness "+sign+strconv.FormatFloat(e.Distance, 'f', -1, 64))
	}
	if e.Alpha != 0 {
		parts = append(parts, "alpha +"+strconv.FormatFloat(e.Alpha, 'f', -1, 64))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// fieldList is a flag that takes theme fields, repeated or separated by
// commas: -pin and -allow.
type fieldList []string

func (l *fieldList) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

func (l *fieldList) Set(s string) error {
	if *l == nil {
		*l = []string{}
	}
	for f := range strings.SplitSeq(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			*l = append(*l, f)
		}
	}
	return nil
}

// runGenerate is -generate: one theme from a brand color, written with the
// catalog to dir.
func runGenerate(stdout, stderr io.Writer, fsys fs.FS, e *fix.Engine, color, brand, dir string) int {
	c, note, err := parseBrand(color)
	if err != nil {
		fmt.Fprintf(stderr, "themecheck: -generate: %v\n", err)
		return exitUnusable
	}
	if note != "" {
		fmt.Fprintln(stdout, note)
	}
	o := fix.GenerateOptions{Brand: brand}
	g, err := e.Generate(c, o)
	if err != nil {
		if errors.Is(err, fix.ErrUnsatisfiable) {
			fmt.Fprintln(stdout, printable(err.Error()))
			fmt.Fprintln(stdout, "FAIL")
			return exitFail
		}
		fmt.Fprintln(stderr, "themecheck:", err)
		return exitUnusable
	}
	if err := writeData(fsys, dir, []theming.Theme{g}); err != nil {
		fmt.Fprintln(stderr, "themecheck:", err)
		return exitUnusable
	}
	if moved, err := e.TakeBrand(c, o); err != nil {
		fmt.Fprintln(stderr, "themecheck:", err)
		return exitUnusable
	} else if moved != nil {
		fmt.Fprintln(stdout, moved)
	} else {
		fmt.Fprintf(stdout, "brand %s: taken as given by %s\n", c, brand)
	}
	fmt.Fprintf(stdout, "theme %q: %d overrides; every rule passes WCAG 2 AA (method both) in both schemes and its high-contrast variant AAA\n", g.Name, len(g.Colors))
	fmt.Fprintf(stdout, "wrote %s and %s\nok\n", filepath.Join(dir, "catalog.json"), filepath.Join(dir, "themes.json"))
	return exitPass
}

// errTranslucentBrand is -generate's answer to a brand color with an
// alpha below 1: a brand is painted opaque, and what a translucent one
// looks like depends on what is under it.
var errTranslucentBrand = errors.New("a brand color must be opaque")

// parseBrand reads -generate's color in any notation colorref.Parse reads
// (hex, hsl(), rgb(), oklch(), oklab(), color(display-p3 …)) and returns
// it in the hsl() model, the only one a theme's fields hold: the sRGB
// color it paints, clipped channel by channel when it lies outside sRGB
// (colorref.Color.In). note says what became of a color written in
// another notation, "" for hsl(). A translucent color is refused, in one
// line that names the opaque color to give instead.
func parseBrand(s string) (c colorref.Color, note string, err error) {
	in, err := colorref.Parse(s)
	if err != nil {
		return colorref.Color{}, "", err
	}
	c = in.In(colorref.NotationHSL)
	if a := in.Alpha(); a < 1 {
		return colorref.Color{}, "", fmt.Errorf("brand %s has alpha %s: %w; give it without its alpha, %s",
			in, strconv.FormatFloat(a, 'f', -1, 64), errTranslucentBrand, c.WithAlpha(1).Rounded())
	}
	switch {
	case in.Notation() == colorref.NotationHSL:
	case !in.InSRGB():
		note = fmt.Sprintf("brand %s lies outside sRGB; a theme holds hsl() colors only: taken as %s, the sRGB color it clips to", in, c)
	default:
		note = fmt.Sprintf("brand %s is %s", in, c)
	}
	return c, note, nil
}

// writeData writes the input catalog's bytes and the themes to dir.
func writeData(fsys fs.FS, dir string, themes []theming.Theme) error {
	cat, err := fs.ReadFile(fsys, "catalog.json")
	if err != nil {
		return err
	}
	doc, err := json.MarshalIndent(struct {
		Themes []theming.Theme `json:"themes"`
	}{themes}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "catalog.json"), cat, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "themes.json"), append(doc, '\n'), 0o644)
}
