package axepage

import (
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
// (a form's requestSubmit(), a link's click()), and waits for the load
// event of the page it goes to.
func (b *Browser) Submit(tb testing.TB, expr string) {
	tb.Helper()
	for len(b.events) > 0 { // forget the events of the page before
		<-b.events
	}
	var done bool
	b.evaluate(tb, "("+expr+", true)", &done)
	timeout := time.After(CommandTimeout)
	for {
		select {
		case m := <-b.events:
			if m.Method == "Page.loadEventFired" {
				return
			}
		case <-b.done:
			tb.Fatal("axepage: chromium closed its pipe while a submitted page loaded")
		case <-timeout:
			tb.Fatalf("axepage: the page %q navigated to did not load within %v", expr, CommandTimeout)
		}
	}
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
