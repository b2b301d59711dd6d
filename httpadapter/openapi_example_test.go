package httpadapter_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// A host mounts the API under /theming/ and publishes its OpenAPI
// document next to it; front ends generate their types from the document
// (see examples/frontend).
func ExampleAdapter_OpenAPI() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		panic(err)
	}
	opts := httpadapter.Options{
		Source:    theming.NewCurrent(snap),
		Prefix:    "/theming",
		ServerURL: "https://api.example.com", // where clients reach the host
		UserVary:  []string{"X-User"},        // the header PreferredTheme reads
		PreferredTheme: func(r *http.Request) (int, error) {
			return 0, nil // a real host looks the user up
		},
	}
	a := httpadapter.New(opts)
	mux := http.NewServeMux()
	mux.Handle("/theming/", a)
	mux.Handle("/theming/schema/", a.OpenAPI())

	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/theming/schema/", nil))
	body, _ := io.ReadAll(rec.Body)
	var doc struct {
		OpenAPI string `json:"openapi"`
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
		Paths map[string]struct {
			Parameters []struct {
				Name string `json:"name"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		panic(err)
	}
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	fmt.Println("OpenAPI", doc.OpenAPI, "at", doc.Servers[0].URL)
	for _, p := range doc.Paths["/api/v2/theme/config/"].Parameters {
		if p.Name != "" {
			fmt.Println("the user's theme reads", p.Name)
		}
	}
	// Output:
	// 200 application/json
	// OpenAPI 3.1.0 at https://api.example.com/theming
	// the user's theme reads X-User
}

// A server URL that is neither an absolute http(s) URL nor a path is a
// misconfiguration: New panics when the host builds its handlers.
func ExampleOptions_badServerURL() {
	defer func() { fmt.Println(recover()) }()
	httpadapter.New(httpadapter.Options{Source: &theming.Current{}, ServerURL: "api.example.com"})
	// Output:
	// httpadapter: Options.ServerURL "api.example.com": want an absolute http(s) URL or a path starting with "/"
}
