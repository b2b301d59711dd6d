package theming_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/themekit/themekit/theming"
)

// A problem in a file has the line and column (in bytes, from 1) of the
// value it concerns, for an editor to jump to; Error writes them as
// compilers do.
func ExampleProblem_place() {
	catalog := []byte(`{"page_background": "page", "palette_preview": [], "components": [
  {"component_id": "page", "name": "Page",
   "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "nav-bgg"},
   "variables": []}
]}`)
	_, err := theming.Load(catalog, []byte(`{"themes": []}`))
	var verr *theming.ValidationError
	if errors.As(err, &verr) {
		p := verr.Problems[0]
		fmt.Println(p.File, p.Line, p.Column, p.Offset)
		fmt.Println(p)
	}
	// Output:
	// catalog.json 3 54 163
	// catalog.json:3:54: components[0].fallback.dark: unknown component "nav-bgg"
}

// A file that starts with a UTF-8 byte order mark is refused, by name, at
// its first byte.
func ExampleLoad_byteOrderMark() {
	_, err := theming.Load([]byte("\xef\xbb\xbf{}"), []byte(`{"themes": []}`))
	fmt.Println(err)
	fmt.Println(errors.Is(err, theming.ErrJSON))
	// Output:
	// theming: invalid data: 1 problem
	// 	catalog.json:1:1: file starts with a UTF-8 byte order mark; save it without one
	// true
}

// Typed input is bounded as files are: a catalog of more than
// MaxComponents components is refused before it is looked at.
func ExampleCompileCatalog_tooLarge() {
	cat := theming.Catalog{PageBackground: "c0", Components: make([]theming.Component, theming.MaxComponents+1)}
	_, err := theming.CompileCatalog(cat)
	fmt.Println(errors.Is(err, theming.ErrTooLarge))
	fmt.Println(strings.SplitN(err.Error(), "\n\t", 2)[1])
	// Output:
	// true
	// components: 100001 components; the limit is 100000
}
