package httpadapter_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// BenchmarkHostInlinesTheSheet is what a host pays to inline the
// requesting user's stylesheet into each page it renders: the adapter
// finds the user's theme and hands out the sheet it keeps for it.
func BenchmarkHostInlinesTheSheet(b *testing.B) {
	a := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(b)), PreferredTheme: func(*http.Request) (int, error) { return 2, nil }})
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	if _, err := a.StylesheetFor(req); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.StylesheetFor(req); err != nil {
			b.Fatal(err)
		}
	}
}
