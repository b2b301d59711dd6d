package httpadapter_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// get fetches a URL and prints the status, the content type and the
// start of the body.
func get(url string, header ...string) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		log.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.Status, resp.Header.Get("Content-Type"), string(body[:min(len(body), 24)]))
}

// A Store holds the data; the Adapter serves the four endpoints.
func ExampleNew() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	store := theming.NewCurrent(snap)

	srv := httptest.NewServer(httpadapter.New(httpadapter.Options{Source: store}))
	defer srv.Close()

	get(srv.URL + "/api/v2/theme/component-defs/")
	get(srv.URL + "/api/v2/theme/")
	get(srv.URL + "/api/v2/theme/config/")
	get(srv.URL+"/api/v2/theme/config/", "Accept", "application/json; indent=2")
	// Output:
	// 200 OK application/json [{"component_id":"page-b
	// 200 OK application/json [{"colors":{"event-date-
	// 200 OK application/json {"colors":{"event-date-b
	// 200 OK application/json {
	//   "colors": {
	//     "eve
}

// Mount the API in a host's http.ServeMux next to its own routes, which
// can use Go 1.22 method and wildcard patterns. Registering the API's
// root without its slash too lets the adapter answer the APPEND_SLASH
// redirect itself, with DRF's 301 (ServeMux would answer 307); the
// other slashless paths reach it through the subtree pattern.
func ExampleNew_serveMux() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	api := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)})

	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", api)
	mux.Handle("/api/v2/theme", api)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })

	srv := httptest.NewServer(mux)
	defer srv.Close()
	get(srv.URL + "/api/v2/theme/config/")
	get(srv.URL + "/healthz")
	for _, path := range []string{"/api/v2/theme?format=json", "/api/v2/theme/config"} {
		resp := must(http.DefaultTransport.RoundTrip(must(http.NewRequest(http.MethodGet, srv.URL+path, nil))))
		resp.Body.Close()
		fmt.Println(resp.Status, resp.Header.Get("Location"))
	}
	// Output:
	// 200 OK application/json {"colors":{"event-date-b
	// 200 OK text/plain; charset=utf-8 ok
	// 301 Moved Permanently /api/v2/theme/?format=json
	// 301 Moved Permanently /api/v2/theme/config/
}

// The adapter answers a method it does not serve with DRF's 405, and
// never reads a request's content: the connection of a request that
// carries some is closed after the answer.
func ExampleNew_methodNotAllowed() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	srv := httptest.NewServer(httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	defer srv.Close()
	for _, body := range []io.Reader{nil, strings.NewReader(`{"name":"x"}`)} {
		resp := must(http.Post(srv.URL+"/api/v2/theme/", "application/json", body))
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(resp.Status, resp.Header.Get("Allow"), resp.Header.Get("Cache-Control"), resp.Close, string(b))
	}
	// Output:
	// 405 Method Not Allowed GET, HEAD, OPTIONS no-store false {"detail":"Method \"POST\" not allowed."}
	// 405 Method Not Allowed GET, HEAD, OPTIONS no-store true {"detail":"Method \"POST\" not allowed."}
}

// Under a plain prefix, strip it with http.StripPrefix; the handler then
// sees /api/v2/theme/... and its redirects still carry the prefix.
func ExampleNew_stripPrefix() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/theming/", http.StripPrefix("/theming", httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)})))

	srv := httptest.NewServer(mux)
	defer srv.Close()
	get(srv.URL + "/theming/api/v2/theme/")
	resp, err := http.DefaultTransport.RoundTrip(must(http.NewRequest(http.MethodGet, srv.URL+"/theming/api/v2/theme?format=json", nil)))
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
	fmt.Println(resp.Status, resp.Header.Get("Location"))
	// Output:
	// 200 OK application/json [{"colors":{"event-date-
	// 301 Moved Permanently /theming/api/v2/theme/?format=json
}

// Or keep the prefix in the path and tell the handler with the Prefix
// option.
func ExampleOptions_prefix() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/theming/", httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), Prefix: "/theming"}))

	srv := httptest.NewServer(mux)
	defer srv.Close()
	get(srv.URL + "/theming/api/v2/theme/component-defs/")
	// Output:
	// 200 OK application/json [{"component_id":"page-b
}

type userKey struct{}

// PreferredTheme reads whatever the host's authentication middleware put
// in the request's context. UserVary names the request headers that the
// answer depends on, so caches keep users apart.
func ExampleOptions_preferredTheme() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	prefs := map[string]int{"alice": 2} // the host's user settings
	api := httpadapter.New(httpadapter.Options{
		Source: theming.NewCurrent(snap),
		PreferredTheme: func(r *http.Request) (int, error) {
			user, _ := r.Context().Value(userKey{}).(string)
			return prefs[user], nil // 0: no preference
		},
		UserVary: []string{"Authorization"},
	})
	// The host's authentication: a bearer token names the user here.
	auth := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			user := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey{}, user)))
		})
	}
	srv := httptest.NewServer(auth(api))
	defer srv.Close()

	for _, token := range []string{"Bearer alice", "Bearer bob"} {
		req := must(http.NewRequest(http.MethodGet, srv.URL+"/api/v2/theme/config/", nil))
		req.Header.Set("Authorization", token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		name := string(body[strings.Index(string(body), `"name"`):])
		fmt.Println(token, resp.Header.Get("Vary"), name[:strings.Index(name, ",")])
	}
	// Output:
	// Bearer alice Accept, Accept-Encoding, Authorization "name":"Ember"
	// Bearer bob Accept, Accept-Encoding, Authorization "name":"Harbor"
}

// The stylesheet serves the user's theme as CSS custom properties, for a
// <link rel="stylesheet" href="/theme.css">, from the Adapter's caches.
func ExampleAdapter_Stylesheet() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	a := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)})
	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", a)
	mux.Handle("/api/v2/theme", a)
	mux.Handle("GET /theme.css", a.Stylesheet())

	srv := httptest.NewServer(mux)
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/theme.css")
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	css, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.Status, resp.Header.Get("Content-Type"))
	fmt.Println(strings.Join(strings.Split(string(css), "\n")[:4], "\n"))
	// Output:
	// 200 OK text/css; charset=utf-8
	// /* theme 1: Harbor */
	// @property --page-background { syntax: '<color>'; inherits: true; initial-value: hsl(220, 20%, 97%); }
	// @property --page-background-alt { syntax: '<color>'; inherits: true; initial-value: hsl(220, 20%, 95%); }
	// @property --surface { syntax: '<color>'; inherits: true; initial-value: hsl(0, 0%, 100%); }
}

func must[T any](v T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return v
}

// A browser asks for gzip, br or zstd and gets the smallest, made once;
// a client that names no coding gets the JSON as it is. Each coding has
// its own ETag.
func ExampleNew_compression() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	srv := httptest.NewServer(httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	defer srv.Close()
	// A transport that shows the bytes as sent, without decoding gzip.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for _, ae := range []string{"", "gzip", "gzip, deflate, br, zstd"} {
		req := must(http.NewRequest(http.MethodGet, srv.URL+"/api/v2/theme/config/", nil))
		if ae != "" {
			req.Header.Set("Accept-Encoding", ae)
		}
		resp := must(client.Do(req))
		resp.Body.Close()
		fmt.Printf("%q -> %q, Vary: %s\n", ae, resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
	// Output:
	// "" -> "", Vary: Accept, Accept-Encoding, Cookie, Authorization
	// "gzip" -> "gzip", Vary: Accept, Accept-Encoding, Cookie, Authorization
	// "gzip, deflate, br, zstd" -> "br", Vary: Accept, Accept-Encoding, Cookie, Authorization
}

// A Source that serves several tenants says which request headers pick
// the tenant (SourceVary), so that shared caches keep tenants apart, and
// answers a request for no known tenant with an error wrapping
// theming.ErrUnknownTenant, which is a 404. A Store with nothing loaded
// yet answers theming.ErrNoSnapshot: a 503 with Retry-After.
func ExampleOptions_sourceVary() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	tenants := map[string]*theming.Current{"acme": theming.NewCurrent(snap), "initech": {}}
	var tenantSource theming.SourceFunc = func(ctx context.Context) (*theming.Snapshot, error) {
		name, _ := tenant.FromContext(ctx)
		store, ok := tenants[name]
		if !ok {
			return nil, fmt.Errorf("tenant %q: %w", name, theming.ErrUnknownTenant)
		}
		return store.Snapshot(ctx)
	}
	api := httpadapter.New(httpadapter.Options{Source: tenantSource, SourceVary: []string{"X-Tenant"}})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.ServeHTTP(w, r.WithContext(tenant.With(r.Context(), r.Header.Get("X-Tenant"))))
	}))
	defer srv.Close()
	for _, tenant := range []string{"acme", "globex", "initech"} {
		req := must(http.NewRequest(http.MethodGet, srv.URL+"/api/v2/theme/", nil))
		req.Header.Set("X-Tenant", tenant)
		resp := must(http.DefaultClient.Do(req))
		resp.Body.Close()
		fmt.Println(tenant, resp.Status, resp.Header.Get("Retry-After"), resp.Header.Get("Vary"))
	}
	// Output:
	// acme 200 OK  Accept, Accept-Encoding, X-Tenant
	// globex 404 Not Found  Accept, Accept-Encoding, X-Tenant
	// initech 503 Service Unavailable 1 Accept, Accept-Encoding, X-Tenant
}
