package httpadapter_test

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// hostPage is a host's own page template: the requesting user's theme
// inlined as a <style> element, so the page paints in the user's colors
// with no second request. Stylesheet is a template.CSS: html/template
// inserts it as it is, in CSS context.
var hostPage = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>
{{.Stylesheet}}</style>
</head>
<body style="background:var(--page-background);color:var(--text-primary)">
<h1>{{.Title}}</h1>
</body></html>
`))

// A host page inlines the requesting user's stylesheet. ThemeForPage is
// the Adapter's, which serves the endpoints too, so the page, the theme
// config endpoint and /theme.css agree on the user's theme; and it sets
// the headers the endpoints send with it (Vary, Cache-Control), so that
// caches keep users' pages apart as they keep the endpoints' responses.
// StylesheetFor gives the theme's sheet, rendered once per theme of a
// snapshot and kept: inlining it per request costs no allocation.
func ExampleAdapter_ThemeForPage() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	prefs := map[string]int{"alice": 2} // a host's user settings
	opts := httpadapter.Options{
		Source: theming.NewCurrent(snap),
		PreferredTheme: func(r *http.Request) (int, error) {
			return prefs[r.Header.Get("X-User")], nil // the host's authentication would go here
		},
		UserVary: []string{"X-User"},
	}
	a := httpadapter.New(opts)

	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", a)
	mux.Handle("/api/v2/theme", a)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		_, err := a.ThemeForPage(w, r) // sets Vary: X-User and Cache-Control
		var sheet string
		if err == nil {
			sheet, err = a.StylesheetFor(r)
		}
		if err != nil {
			code := httpadapter.StatusFor(err)
			http.Error(w, http.StatusText(code), code)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		err = hostPage.Execute(w, struct {
			Title      string
			Stylesheet template.CSS
		}{"Home", template.CSS(sheet)})
		if err != nil {
			log.Print(err)
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	for _, user := range []string{"", "alice"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/", nil)
		req.Header.Set("X-User", user)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		// The page's headers, title and the first lines of its style element.
		_, style, _ := strings.Cut(string(body), "<style>\n")
		lines := strings.SplitN(style, "\n", 4)
		fmt.Printf("%q: %s; Vary: %s; Cache-Control: %s\n%s\n%s\n", user, resp.Status,
			resp.Header.Get("Vary"), resp.Header.Get("Cache-Control"), lines[0], lines[1])
	}
	// Output:
	// "": 200 OK; Vary: X-User; Cache-Control: private, no-cache
	// /* theme 1: Harbor */
	// @property --page-background { syntax: '<color>'; inherits: true; initial-value: hsl(220, 20%, 97%); }
	// "alice": 200 OK; Vary: X-User; Cache-Control: private, no-cache
	// /* theme 2: Ember */
	// @property --page-background { syntax: '<color>'; inherits: true; initial-value: hsl(36, 45%, 96%); }
}

// StatusFor maps the errors of Adapter.ThemeFor, a Source or a
// PreferredTheme hook to the status the endpoints answer them with.
func ExampleStatusFor() {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, err := range []error{
		fmt.Errorf("tenant %q: %w", "acme", theming.ErrUnknownTenant),
		theming.ErrNoThemes,
		theming.ErrNoSnapshot,
		ctx.Err(),
		errors.New("db: connection refused"),
		nil,
	} {
		fmt.Println(httpadapter.StatusFor(err), err)
	}
	// Output:
	// 404 tenant "acme": theming: unknown tenant
	// 404 theming: no themes
	// 503 theming: no snapshot loaded
	// 503 context canceled
	// 500 db: connection refused
	// 200 <nil>
}
