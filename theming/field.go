package theming

import (
	"errors"
	"fmt"
	"strings"

	"github.com/themekit/themekit/colorref"
)

// The vocabulary of theme fields: a theme's override of one component in
// one scheme, named "colors.<id>.<scheme>", as findings, edits, pinned
// fields and FieldRange name them.

// ErrUnknownThemeField is wrapped by the error for a field name that is not
// "colors.<id>.<scheme>" with the id of a visible component and a scheme
// of [Schemes].
var ErrUnknownThemeField = errors.New("theming: unknown theme field")

// FieldName returns the name of the theme field that overrides component
// id in scheme sc: "colors.<id>.<scheme>", as [Finding].Field and
// [Edit].Field write it.
func FieldName(id string, sc Scheme) string {
	return "colors." + id + "." + string(sc)
}

// ParseField splits a theme field name, "colors.<id>.<scheme>", into the
// component id and the scheme. The error wraps [ErrUnknownThemeField]; it
// does not check that a component has the id (a [CompiledCatalog]'s
// methods do).
func ParseField(field string) (id string, sc Scheme, err error) {
	rest, ok := strings.CutPrefix(field, "colors.")
	if ok {
		dot := strings.LastIndexByte(rest, '.')
		if dot > 0 {
			id, sc = rest[:dot], Scheme(rest[dot+1:])
			if _, known := sc.index(); known && colorref.CheckComponentID(id) == nil {
				return id, sc, nil
			}
		}
	}
	return "", "", fmt.Errorf("%w %q (want colors.<component id>.light or .dark)", ErrUnknownThemeField, field)
}

// lookupField returns the scheme index and component index of a field of
// a visible component.
func (c *CompiledCatalog) lookupField(field string) (k, j int, err error) {
	id, sc, err := ParseField(field)
	if err != nil {
		return 0, 0, err
	}
	j, ok := c.visibleIndex(id)
	if !ok {
		return 0, 0, fmt.Errorf("%w %q: no visible component %q", ErrUnknownThemeField, field, id)
	}
	k, _ = sc.index()
	return k, j, nil
}

// fieldNames names every component's theme field in both schemes, as
// FieldName writes them, per scheme and component: substrings of one
// string, two allocations whatever the catalog's size.
func fieldNames(comps []Component) (fields [2][]string) {
	var b strings.Builder
	for _, comp := range comps {
		for _, sc := range Schemes() {
			b.WriteString("colors.")
			b.WriteString(comp.ID)
			b.WriteByte('.')
			b.WriteString(string(sc))
		}
	}
	all, at := b.String(), 0
	for k := range fields {
		fields[k] = make([]string, len(comps))
	}
	for i, comp := range comps {
		for k, sc := range Schemes() {
			n := len("colors.") + len(comp.ID) + 1 + len(sc)
			fields[k][i] = all[at : at+n]
			at += n
		}
	}
	return fields
}
