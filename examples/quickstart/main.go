// Command quickstart is README's first example: the theming API mounted in
// a plain http.ServeMux on the embedded default data, and one color pair
// checked the way the library checks every contrast rule.
package main

import (
	"fmt"
	"log"
	"net/http"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

func main() {
	snap, err := theming.LoadFS(theming.DefaultFS()) // or os.DirFS("themes"), or your rows: theming.CompileCatalog
	if err != nil {
		log.Fatal(err) // every problem, as FILE:LINE:COL: path: message
	}
	api := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)})
	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", api)
	mux.Handle("/api/v2/theme", api) // the path without its slash gets the API's 301, not ServeMux's 307

	text, _ := colorref.ParseColor("hsl(214, 82%, 51%)")
	white := colorref.HSL(0, 0, 100)
	res, _ := contrast.Policy{Level: contrast.AA}.Check(text, white, white, contrast.Text)
	fmt.Println(res) // judged as axe-core judges it in a browser, and exactly

	log.Fatal(http.ListenAndServe("127.0.0.1:8080", mux))
}
