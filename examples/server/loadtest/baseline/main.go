// Command baseline is the load test's yardstick: a minimal net/http
// server that writes, for each of the theming API's paths, the bytes the
// example server sends there. It fetches them from the running example
// server once at start (-from), so both serve exactly the same body; with
// -same-headers it also sends the same response headers (all but Date,
// which net/http adds), so the two responses are the same bytes on the
// wire and the difference measured is the handler's work alone.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18001", "`host:port` to listen on")
	from := flag.String("from", "http://127.0.0.1:18000", "the example server's base `URL`")
	sameHeaders := flag.Bool("same-headers", false, "send the example server's response headers too")
	flag.Parse()

	mux := http.NewServeMux()
	for _, path := range []string{"/api/v2/theme/component-defs/", "/api/v2/theme/", "/api/v2/theme/config/"} {
		resp, err := http.Get(*from + path)
		if err != nil {
			log.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			log.Fatalf("GET %s%s: %d %v", *from, path, resp.StatusCode, err)
		}
		header := http.Header{"Content-Type": {"application/json"}}
		if *sameHeaders {
			header = resp.Header.Clone()
			header.Del("Date")
		}
		mux.HandleFunc(path+"{$}", func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			for k, v := range header {
				h[k] = v
			}
			w.Write(body)
		})
		fmt.Printf("%s: %d bytes, headers %v\n", path, len(body), slices.Sorted(func(yield func(string) bool) {
			for k := range header {
				if !yield(k) {
					return
				}
			}
		}))
	}
	log.Fatal(http.ListenAndServe(*addr, mux))
}
