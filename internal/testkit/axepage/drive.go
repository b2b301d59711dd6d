package axepage

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"
)

// Driving a host's own pages: a test opens a page, fills and submits its
// forms with a script, reads what the page shows, and runs every axe-core
// rule on it.

// Open loads url in the tab and waits for its load event.
func (b *Browser) Open(tb testing.TB, url string) {
	tb.Helper()
	b.navigate(tb, url)
}

// Submit runs the script expression expr, which makes the page navigate
// (a form's requestSubmit(), a link's click()), and waits until the page
// it goes to has loaded: the page before is marked, and the mark is
// looked for until a document without it is complete.
func (b *Browser) Submit(tb testing.TB, expr string) {
	tb.Helper()
	var done bool
	b.evaluate(tb, "(window.__axepageBefore = true, "+expr+", true)", &done)
	deadline := time.Now().Add(CommandTimeout)
	for time.Now().Before(deadline) {
		var res struct {
			Result struct {
				Value bool `json:"value"`
			} `json:"result"`
		}
		ctx, cancel := context.WithTimeout(context.Background(), CommandTimeout)
		err := b.call(ctx, b.session, "Runtime.evaluate", map[string]any{"returnByValue": true,
			"expression": `window.__axepageBefore === undefined && document.readyState === "complete"`}, &res)
		cancel()
		if err == nil && res.Result.Value { // an error: the old page's context went away meanwhile
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	tb.Fatalf("axepage: the page %q navigated to did not load within %v", expr, CommandTimeout)
}

// Eval runs the script expression expr in the page, awaits the promise it
// returns, and decodes its value, which must be JSON, into v.
func (b *Browser) Eval(tb testing.TB, expr string, v any) {
	tb.Helper()
	b.evaluate(tb, expr, v)
}

// Axe runs every axe-core rule on the page as it is and returns the
// violations, one line each: the rule, its help text and how many
// elements break it.
func (b *Browser) Axe(tb testing.TB) []string {
	tb.Helper()
	var loaded bool
	b.evaluate(tb, "(() => { "+b.axeJS+"\n; return typeof axe === 'object' })()", &loaded)
	if !loaded {
		tb.Fatal("axepage: axe-core did not load in the page")
	}
	var violations []string
	b.evaluate(tb, `axe.run(document).then(r => r.violations.map(v => v.id + ": " + v.help + " (" + v.nodes.length + " elements: " +
		v.nodes.map(n => n.target.join(" ")).join(", ") + ")"))`, &violations)
	return violations
}

// Emulate sets the media features the tab reports, by name
// ("prefers-color-scheme": "dark", "prefers-contrast": "more",
// "forced-colors": "active"), for the page loaded and those loaded after,
// until the next call; a feature with an empty value, or not named,
// reports the browser's own.
func (b *Browser) Emulate(tb testing.TB, features map[string]string) {
	tb.Helper()
	fs := make([]mediaFeature, 0, len(features))
	for _, name := range slices.Sorted(maps.Keys(features)) {
		fs = append(fs, mediaFeature{name, features[name]})
	}
	b.emulate(tb, fs...)
}
