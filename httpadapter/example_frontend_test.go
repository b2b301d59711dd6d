package httpadapter_test

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// The colors endpoint serves the user's theme resolved, for clients that
// cannot read CSS: each CSS variable per scheme, as the stylesheet's
// hsl() string and as 8-bit hex.
func ExampleNew_colors() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	srv := httptest.NewServer(httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/api/v2/theme/colors/")
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	var colors struct {
		ID    int
		Light map[string]struct{ HSL, Hex string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&colors); err != nil {
		log.Fatal(err)
	}
	bg := colors.Light["--page-background"]
	fmt.Println(resp.Status, colors.ID, bg.HSL, bg.Hex)
	// Output:
	// 200 OK 1 hsl(220, 20%, 97%) #f6f7f9
}

// With CORS set, pages on the listed origins may read every handler's
// responses; a preflight is answered without reaching the endpoint.
func ExampleCORS() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	api := httpadapter.New(httpadapter.Options{
		Source: theming.NewCurrent(snap),
		CORS: &httpadapter.CORS{
			AllowedOrigins:   []string{"https://app.example.com"},
			AllowCredentials: true,
			MaxAge:           10 * time.Minute,
		},
	})

	req := httptest.NewRequest(http.MethodGet, "/api/v2/theme/", nil)
	req.Header.Set("Origin", "https://app.example.com")
	w := httptest.NewRecorder()
	api.ServeHTTP(w, req)
	fmt.Println(w.Code, w.Header().Get("Access-Control-Allow-Origin"), w.Header().Get("Vary"))

	pre := httptest.NewRequest(http.MethodOptions, "/api/v2/theme/config/", nil)
	pre.Header.Set("Origin", "https://app.example.com")
	pre.Header.Set("Access-Control-Request-Method", "GET")
	pre.Header.Set("Access-Control-Request-Headers", "authorization")
	w = httptest.NewRecorder()
	api.ServeHTTP(w, pre)
	fmt.Println(w.Code, w.Header().Get("Access-Control-Allow-Headers"), w.Header().Get("Access-Control-Max-Age"))
	// Output:
	// 200 https://app.example.com Accept, Accept-Encoding, Origin
	// 204 authorization 600
}

// A CORS option that would let unlisted origins read a signed-in user's
// answers stops the program at start-up: credentials cannot go with any
// origin, nor with a pattern; and a pattern's "*" stands for whole
// labels only.
func ExampleCORS_misconfigured() {
	for _, c := range []httpadapter.CORS{
		{AllowedOrigins: []string{"*"}, AllowCredentials: true},
		{AllowedOrigins: []string{"https://*.example.com"}, AllowCredentials: true},
		{AllowedOrigins: []string{"https://*example.com"}},
	} {
		func() {
			defer func() { fmt.Println(recover()) }()
			httpadapter.New(httpadapter.Options{Source: &theming.Current{}, CORS: &c})
		}()
	}
	// Output:
	// httpadapter: Options.CORS.AllowedOrigins: "*" cannot be combined with AllowCredentials (browsers refuse a credentialed response to any origin)
	// httpadapter: Options.CORS.AllowedOrigins: "https://*.example.com": a pattern cannot be combined with AllowCredentials (a credentialed response would go to origins no one listed: list each origin)
	// httpadapter: Options.CORS.AllowedOrigins: "https://*example.com": a wildcard stands for whole leading labels of the host only: write scheme://*.example.com[:port]
}

// An origin pattern admits the origins whose host has one or more whole
// labels in place of its "*", on its scheme and port.
func ExampleCORS_pattern() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	api := httpadapter.New(httpadapter.Options{
		Source: theming.NewCurrent(snap),
		CORS:   &httpadapter.CORS{AllowedOrigins: []string{"https://*.example.com"}},
	})
	for _, origin := range []string{"https://app.example.com", "https://a.b.example.com", "https://example.com", "https://evilexample.com", "http://app.example.com"} {
		req := httptest.NewRequest(http.MethodGet, "/api/v2/theme/", nil)
		req.Header.Set("Origin", origin)
		w := httptest.NewRecorder()
		api.ServeHTTP(w, req)
		fmt.Printf("%s %q\n", origin, w.Header().Get("Access-Control-Allow-Origin"))
	}
	// Output:
	// https://app.example.com "https://app.example.com"
	// https://a.b.example.com "https://a.b.example.com"
	// https://example.com ""
	// https://evilexample.com ""
	// http://app.example.com ""
}
