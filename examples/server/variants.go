package main

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// maxLoggedRules bounds the rules the variants' log line names.
const maxLoggedRules = 8

// logVariants logs, once for snap, the rules the themes' high-contrast
// variants cannot bring to WCAG 2 AAA: one warning that counts them per
// theme and names the first few with the ratio each reaches, or nothing
// when every variant reaches AAA. It works in the background: the
// variants it works out with e, the adapter's engine, are those
// /theme.css and /theme/report serve, kept by the engine, so that the
// log costs nothing they would not.
func logVariants(log *slog.Logger, e *fix.Engine, snap *theming.Snapshot) {
	go func() {
		if line, attrs := variantsLine(e, snap); line != "" {
			log.Warn(line, attrs...)
		}
	}()
}

// variantsLine is logVariants' message and attributes, "" when every
// variant reaches AAA.
func variantsLine(e *fix.Engine, snap *theming.Snapshot) (string, []any) {
	rep := e.HighContrastAudit(snap)
	if rep.OK() {
		return "", nil
	}
	var themes, rules []string
	last, count := 0, 0
	flush := func() {
		if count > 0 {
			themes = append(themes, fmt.Sprintf("%d:%d", last, count))
		}
	}
	for _, f := range rep.Failures() {
		if f.ThemeID != last {
			flush()
			last, count = f.ThemeID, 0
		}
		count++
		if len(rules) < maxLoggedRules {
			rules = append(rules, fmt.Sprintf("theme %d %s: %s on %s (%s) %s", f.ThemeID, f.Scheme, f.Component, f.Target.Value, f.Target.ContrastType, contrast.FormatRatio(f.Ratio)))
		}
	}
	flush()
	if rep.Failed > len(rules) {
		rules = append(rules, fmt.Sprintf("... %d more", rep.Failed-len(rules)))
	}
	return "high-contrast variants cannot reach WCAG 2 AAA; each failing rule has the most contrast it can reach",
		[]any{"version", snap.Version(), "rules", rep.Failed, "themes", strings.Join(themes, " "), "failing", strings.Join(rules, "; ")}
}
