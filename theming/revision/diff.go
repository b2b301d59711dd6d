package revision

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/themekit/themekit/theming"
)

// Diff returns the fields whose values differ between from and to, named
// as [FieldChange] names them: the color fields first, in name order, then
// the theme's other fields in the order of its JSON record, each image
// pair as its two fields ("logo_site.thumbnail"). A value that is absent
// or null is "". The id is not compared.
func Diff(from, to theming.Theme) []FieldChange {
	a, b := flatten(from), flatten(to)
	var colors, others []string
	seen := map[string]bool{}
	for _, fs := range []fields{b, a} {
		for _, f := range fs.order {
			if seen[f] {
				continue
			}
			seen[f] = true
			if strings.HasPrefix(f, "colors.") {
				colors = append(colors, f)
			} else {
				others = append(others, f)
			}
		}
	}
	slices.Sort(colors)
	var out []FieldChange
	for _, f := range append(colors, others...) {
		if x, y := a.values[f], b.values[f]; x != y {
			out = append(out, FieldChange{Field: f, From: x, To: y})
		}
	}
	return out
}

// fields are a theme's fields flattened, in record order.
type fields struct {
	order  []string
	values map[string]string
}

// flatten returns t's fields as its JSON record holds them, each leaf
// under its path (theming.KeyPath's dialect): colors as
// "colors.<id>.<scheme>", image pairs as "<pair>.<size>", a null object
// as its own path with "".
func flatten(t theming.Theme) fields {
	t.ID = 0
	b, _ := json.Marshal(t) // a Theme always encodes
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	fs := fields{values: map[string]string{}}
	var walk func(path string)
	walk = func(path string) {
		tok, _ := dec.Token()
		switch v := tok.(type) {
		case json.Delim: // '{': a theme's records hold no arrays
			for dec.More() {
				key, _ := dec.Token()
				walk(theming.KeyPath(path, key.(string)))
			}
			dec.Token() // '}'
			return
		case string:
			fs.put(path, v)
		case json.Number:
			fs.put(path, v.String())
		case bool:
			fs.put(path, strconv.FormatBool(v))
		default: // null
			fs.put(path, "")
		}
	}
	walk("")
	delete(fs.values, "id")
	fs.order = slices.DeleteFunc(fs.order, func(f string) bool { return f == "id" })
	return fs
}

func (fs *fields) put(path, v string) {
	fs.order = append(fs.order, path)
	fs.values[path] = v
}
