package htmlreport_test

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/htmlreport"
)

// A host serves the contrast report of the data it serves, rendered once
// per snapshot, under the policy the page needs.
func ExampleWrite() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		panic(err)
	}
	e := fix.New(snap.CompiledCatalog())         // the host's engine of the catalog
	rep, err := e.Audit(snap, contrast.Policy{}) // or the policy the host enforces
	if err != nil {
		panic(err)
	}
	var page bytes.Buffer
	if err := htmlreport.Write(&page, rep, htmlreport.Options{Title: "Our themes"}); err != nil {
		panic(err)
	}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", htmlreport.ContentSecurityPolicy)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page.Bytes())
	})

	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/theme/report", nil))
	body := rec.Body.String()
	fmt.Println(strings.HasPrefix(body, "<!DOCTYPE html>"), strings.Contains(body, "<title>Our themes</title>"))
	fmt.Println(strings.Contains(body, "<script"), rec.Header().Get("Content-Security-Policy") != "")
	// Output:
	// true true
	// false true
}

// On a writer that fails, Write says so and writes nothing else: the page
// is rendered in full first.
func ExampleWrite_error() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		panic(err)
	}
	rep, err := fix.New(snap.CompiledCatalog()).Audit(snap, contrast.Policy{})
	if err != nil {
		panic(err)
	}
	err = htmlreport.Write(brokenWriter{}, rep, htmlreport.Options{})
	fmt.Println(err)
	fmt.Println(errors.Is(err, errDiskFull))
	// Output:
	// htmlreport: writing the contrast report: disk full
	// true
}

var errDiskFull = errors.New("disk full")

type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errDiskFull }
