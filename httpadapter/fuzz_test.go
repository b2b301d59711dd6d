package httpadapter_test

import (
	"bufio"
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// fuzzHandler serves the Adapter's endpoints and the stylesheet over the
// embedded default data, the way the example server mounts them, with its
// demo rule: X-Demo-User names the user, who may prefer a theme that does not
// exist (mallory).
func fuzzHandler(t testing.TB) http.Handler {
	users := map[string]int{"alice": 2, "bob": 3, "carol": 4, "mallory": 99}
	opts := httpadapter.Options{
		Source: theming.NewCurrent(defaultSnapshot(t)),
		PreferredTheme: func(r *http.Request) (int, error) {
			return users[r.Header.Get("X-Demo-User")], nil
		},
		UserVary: []string{"X-Demo-User"},
		Logger:   (&logBuffer{}).logger(),
	}
	api := httpadapter.New(opts)
	sheet := api.Stylesheet()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/theme.css" {
			sheet.ServeHTTP(w, r)
			return
		}
		api.ServeHTTP(w, r)
	})
}

// knownStatus reports whether the handlers may answer with code.
// Anything else, 5xx above all, is a bug.
func knownStatus(code int) bool {
	switch code {
	case 200, 204, 301, 304, 404, 405, 406:
		return true
	}
	return false
}

// FuzzHandler sends arbitrary methods, paths, queries and Accept,
// Accept-Encoding, If-None-Match and X-Demo-User values to New and
// Stylesheet. The request
// line goes through http.ReadRequest, as a server would parse it (what
// does not parse never reaches a handler); the header values are set as
// given, unchecked. The handlers must never panic or answer 5xx; every
// response must have a known status and a Content-Length that matches its
// body; a 304 needs an If-None-Match; and a 200 GET must be complete: its
// ETag the hash of its body as sent, its Content-Encoding one the client
// accepts, and once decoded its body valid JSON (application/json), a
// page whose <pre> holds valid JSON and no script but its own
// (text/html), or one theme's stylesheet (text/css).
func FuzzHandler(f *testing.F) {
	snap := defaultSnapshot(f)
	themes, err := snap.ThemesJSON("")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []struct{ method, path, query, accept, ae, inm, user string }{
		{"GET", "/api/v2/theme/", "", "", "", "", ""},
		{"GET", "/api/v2/theme/component-defs/", "format=json", "application/json; indent=4", "gzip", "", ""},
		{"GET", "/api/v2/theme/config/", "", "", "br;q=0.5, zstd", "", "alice"},
		{"GET", "/api/v2/theme/config/", "format=api", "", "gzip, deflate, br, zstd", "", "mallory"},
		{"GET", "/api/v2/theme/", "", "text/html,application/xhtml+xml,*/*;q=0.8", "*", "", ""},
		{"GET", "/api/v2/theme/", "", "", "identity;q=0", etagOf(themes), ""},
		{"HEAD", "/api/v2/theme/", "", "", "BR", `W/"x", *`, ""},
		{"GET", "/theme.css", "", "text/css", "x-gzip;q=0.001", "", "bob"},
		{"OPTIONS", "/api/v2/theme/config/", "", "text/html", "zstd", "", ""},
		{"POST", "/api/v2/theme/", "format=api", "", "", "", ""},
		{"GET", "/api/v2/theme", "format=api&x=%3Cscript%3E", "", "gzip;q=1.0001", "", ""},
		{"GET", "//evil.example/api/v2/theme", "", "", "", "", ""},
		{"GET", "/api/v2/theme/", "format=xml", "image/png", ",,;q=,", "", ""},
		{"GET", "/api/v2/theme/", "", "application/json;q=0, text/html;q=0", "", "", ""},
		{"DELETE", "/nope", "", "*/*;q=0.5;indent=99", "*;q=0", `"unterminated`, "carol"},
	} {
		f.Add(s.method, s.path, s.query, s.accept, s.ae, s.inm, s.user)
	}
	sheets := map[string]bool{}
	for _, th := range snap.Themes() {
		sheets[sheetOf(snap, th)] = true
	}
	h := fuzzHandler(f)
	tag := regexp.MustCompile(`<[^>]*>`) // one HTML tag, to strip the page's markup
	f.Fuzz(func(t *testing.T, method, path, query, accept, ae, inm, user string) {
		target := path
		if query != "" {
			target += "?" + query
		}
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(method + " " + target + " HTTP/1.1\r\nHost: example.com\r\n\r\n")))
		if err != nil {
			return // a server answers 400 before any handler sees it
		}
		for name, v := range map[string]string{"Accept": accept, "Accept-Encoding": ae, "If-None-Match": inm, "X-Demo-User": user} {
			if v != "" {
				req.Header[name] = []string{v}
			}
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		resp, body := w.Result(), w.Body.Bytes()
		desc := req.Method + " " + req.RequestURI + " Accept=" + strconv.Quote(accept) + " Accept-Encoding=" + strconv.Quote(ae) +
			" If-None-Match=" + strconv.Quote(inm) + " X-Demo-User=" + strconv.Quote(user)

		if !knownStatus(resp.StatusCode) {
			t.Fatalf("%s: status %d\n%s", desc, resp.StatusCode, body)
		}
		if req.Method == http.MethodHead && len(body) > 0 {
			t.Fatalf("%s: HEAD with a body of %d bytes", desc, len(body))
		}
		if cl := resp.Header.Get("Content-Length"); cl != "" && req.Method != http.MethodHead && cl != strconv.Itoa(len(body)) {
			t.Fatalf("%s: Content-Length %s, body %d bytes", desc, cl, len(body))
		}
		if resp.StatusCode == http.StatusNotModified && inm == "" {
			t.Fatalf("%s: 304 without If-None-Match", desc)
		}
		if resp.StatusCode != http.StatusOK || req.Method != http.MethodGet {
			return
		}
		if got, want := resp.Header.Get("Etag"), etagOf(body); got != want {
			t.Fatalf("%s: ETag %s, the body's hash is %s", desc, got, want)
		}
		if ce := resp.Header.Get("Content-Encoding"); ce != "" {
			if !strings.Contains(strings.ToLower(ae), ce) && !strings.Contains(ae, "*") && !(ce == "gzip" && strings.Contains(strings.ToLower(ae), "x-gzip")) {
				t.Fatalf("%s: Content-Encoding %s that the client did not name", desc, ce)
			}
			body = decode(t, ce, body)
		}
		switch ct := resp.Header.Get("Content-Type"); ct {
		case "application/json":
			if !json.Valid(body) {
				t.Fatalf("%s: a 200 application/json body that is not JSON:\n%s", desc, body)
			}
		case "text/html; charset=utf-8":
			checkPage(t, tag, desc, string(body))
		case "text/css; charset=utf-8":
			if !sheets[string(body)] {
				t.Fatalf("%s: a 200 stylesheet that is no theme's:\n%s", desc, body)
			}
		default:
			t.Fatalf("%s: a 200 GET with Content-Type %q", desc, ct)
		}
	})
}

// checkPage checks a browsable page: a whole document, one script (its
// own, so nothing from the request was injected), and the JSON it shows
// is valid once the markup is stripped and the entities decoded.
func checkPage(t *testing.T, tag *regexp.Regexp, desc, page string) {
	t.Helper()
	if !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.HasSuffix(page, "</html>\n") {
		t.Fatalf("%s: the page is not a whole document:\n%s", desc, page)
	}
	if n := strings.Count(page, "<script"); n != 1 {
		t.Fatalf("%s: %d <script elements on the page, want its own only:\n%s", desc, n, page)
	}
	start := strings.LastIndex(page, "\n<pre>")
	end := strings.LastIndex(page, "</pre>\n</main>")
	if start < 0 || end < start {
		t.Fatalf("%s: no JSON <pre> on the page:\n%s", desc, page)
	}
	shown := html.UnescapeString(tag.ReplaceAllString(page[start+len("\n<pre>"):end], ""))
	if !json.Valid([]byte(shown)) {
		t.Fatalf("%s: the page shows JSON that is not valid:\n%s", desc, shown)
	}
}
