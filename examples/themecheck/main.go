// Command themecheck audits the contrast of a theme catalog before it
// ships: every contrast rule of every visible component, in the light and
// dark schemes, under every theme.
//
//	go run ./examples/themecheck                  # the embedded default data
//	go run ./examples/themecheck -data DIR        # DIR/catalog.json and DIR/themes.json
//	go run ./examples/themecheck -json            # machine-readable output
//	go run ./examples/themecheck -html report.html
//
// It prints an aligned table, one row per rule (theme, scheme, pair,
// contrast type, WCAG 2 ratio, required ratio, APCA Lc, pass or fail), and
// a summary. Each failing rule gets a suggested fix: the component's color
// with the same hue, saturation and alpha and the nearest lightness that
// passes (contrast.SuggestLightness), re-checked in its printed form
// before it is shown. The component moves because it is the foreground of
// its rules. Ratios are truncated to two decimals, never rounded up.
//
// Flags:
//
//	-data DIR    audit DIR instead of the embedded default data
//	-json        print JSON instead of the table: the audit report with a
//	             "suggestion" on each failing finding that has one, or, for
//	             unusable input, {"error": ..., "problems": [...]}
//	-html FILE   also write the self-contained HTML contrast report to FILE
//
// Exit status: 0 when every rule passes, 1 when any rule fails, 2 when the
// check could not be made: bad usage, input that does not load (every
// validation problem is printed with its file and JSON path), or an HTML
// report that cannot be written.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
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
		fmt.Fprintln(stderr, "usage: themecheck [-data DIR] [-json] [-html FILE]")
		fl.PrintDefaults()
	}
	dir := fl.String("data", "", "audit `DIR`/catalog.json and DIR/themes.json instead of the embedded default data")
	asJSON := fl.Bool("json", false, "print JSON instead of the table")
	htmlFile := fl.String("html", "", "also write the HTML contrast report to `FILE`")
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

	source := "embedded default data"
	load := theming.LoadDefault
	if *dir != "" {
		source = *dir
		load = func() (*theming.Snapshot, error) { return theming.LoadDir(*dir) }
	}
	snap, err := load()
	if err != nil {
		reportLoadError(stdout, stderr, source, err, *asJSON)
		return exitUnusable
	}

	rep := snap.Audit()
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

// result is a finding with its verified fix, if it failed and one exists.
type result struct {
	theming.Finding
	Suggestion *theming.Suggestion `json:"suggestion,omitempty"`
}

// check pairs each finding with a suggested fix when it fails.
func check(rep *theming.Report) []result {
	out := make([]result, len(rep.Findings))
	for i, f := range rep.Findings {
		out[i].Finding = f
		if f.Pass {
			continue
		}
		if s, ok := f.Suggest(); ok && verify(f, s.Foreground) {
			out[i].Suggestion = &s
		}
	}
	return out
}

// verify re-checks a suggestion the way a theme author would use it: the
// printed color, parsed back, must pass the finding's rule on the same
// background and backdrop.
func verify(f theming.Finding, c colorref.Color) bool {
	printed, err := colorref.ParseColor(c.String())
	if err != nil {
		return false
	}
	res, err := contrast.CheckOver(printed, f.Background, f.Backdrop, contrast.Type(f.Target.ContrastType), contrast.AA)
	return err == nil && res.Pass && res.Required == f.Required
}

// reportLoadError prints why the input could not be used: every
// validation problem with its file and JSON path, on stderr, and with
// -json also as JSON on stdout.
func reportLoadError(stdout, stderr io.Writer, source string, err error, asJSON bool) {
	var verr *theming.ValidationError
	errors.As(err, &verr)
	if asJSON {
		type problem struct {
			File    string `json:"file"`
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
				out.Problems = append(out.Problems, problem{File: p.File, Path: p.Path, Message: p.Msg})
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
		fmt.Fprintf(stderr, "  %s\n", p)
	}
}

// writeTable prints one aligned row per finding, then the summary.
func writeTable(w io.Writer, source string, rep *theming.Report, results []result, themes int) error {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "THEME\tSCHEME\tPAIR\tTYPE\tRATIO\tREQUIRED\tAPCA LC\tRESULT\tSUGGESTED FIX")
	for _, r := range results {
		verdict, fix := "pass", "-"
		if !r.Pass {
			verdict, fix = "FAIL", "none: no lightness passes"
			if s := r.Suggestion; s != nil {
				fix = fmt.Sprintf("%s (%s, Lc %.1f)", s.Foreground, formatRatio(s.Ratio), s.APCA)
			}
		}
		fmt.Fprintf(tw, "%s (%d)\t%s\t%s on %s\t%s\t%s\t%s\t%.1f\t%s\t%s\n",
			printable(r.ThemeName), r.Theme, r.Scheme, r.Component, printable(r.Target.Value),
			r.Target.ContrastType, formatRatio(r.Ratio), strconv.FormatFloat(r.Required, 'g', -1, 64)+":1",
			r.APCA, verdict, fix)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fixed := 0
	for _, r := range results {
		if r.Suggestion != nil {
			fixed++
		}
	}
	fmt.Fprintf(&buf, "\n%s: %d contrast rules checked under %d theme(s) in 2 schemes: %d passed, %d failed",
		printable(source), rep.Checked, themes, rep.Checked-rep.Failed, rep.Failed)
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

// writeJSON prints the report with the suggestions.
func writeJSON(w io.Writer, source string, rep *theming.Report, results []result) error {
	out := struct {
		Source   string   `json:"source"`
		OK       bool     `json:"ok"`
		Checked  int      `json:"checked"`
		Failed   int      `json:"failed"`
		Findings []result `json:"findings"`
	}{Source: source, OK: rep.OK(), Checked: rep.Checked, Failed: rep.Failed, Findings: results}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeHTML writes the HTML contrast report to the file name.
func writeHTML(name string, rep *theming.Report, source string) error {
	var buf bytes.Buffer
	if err := rep.WriteHTML(&buf, theming.HTMLOptions{Title: "Contrast report: " + source}); err != nil {
		return err
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the HTML report: %w", err)
	}
	return nil
}

// formatRatio writes a contrast ratio truncated, not rounded, to two
// decimals ("4.49:1" for 4.4999), as the HTML report does, so that no
// failing ratio reads as a passing one.
func formatRatio(r float64) string {
	s := strconv.FormatFloat(r, 'f', -1, 64)
	whole, frac, _ := strings.Cut(s, ".")
	return whole + "." + (frac + "00")[:2] + ":1"
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
