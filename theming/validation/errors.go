package validation

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/theming"
)

// ToTheming restates err, as returned by v.Struct(value) for a v set up
// by [Register] with cc, in theming's terms: a *[theming.ValidationError]
// with one [theming.Problem] per failed field, in the validator's order,
// wrapping the sentinel CheckTheme would (theming.ErrInvalid,
// ErrUnknownComponent or ErrHiddenReference), so that a host reports form
// errors and CheckTheme's in one type. An err that is not
// validator.ValidationErrors (nil among them) is returned as it is.
//
// Each problem's Path is in theming's dialect, built from value's field
// names: a field's json tag name, else its form tag name, else its Go
// name, joined by dots; slice indices in brackets; map keys written as
// theming writes them ([theming.KeyPath]: colors.nav-bar.light,
// colors["Nav"]). ThemeID is value's ID field (theming.Theme's, or an
// integer field named ID of a host's struct) when it is positive, as
// CheckTheme sets it. For a theming.Theme the problems equal those
// CheckTheme reports for the same field rules; as CheckTheme does, a color
// under a key that is not an overridable component is not reported, only
// the key.
//
// Messages for validator's own tags are written for required, gt, gte,
// lt, lte and oneof on numbers and strings as CheckTheme words them; any
// other tag gets a message naming the tag and its parameter.
//
// The work is linear in the size of err and value: each map on the way
// to a failed field is indexed once, however many of its entries failed.
func ToTheming(err error, cc *theming.CompiledCatalog, value any) error {
	var fes validator.ValidationErrors
	if !errors.As(err, &fes) {
		return err
	}
	r, rerr := newRules(cc)
	if rerr != nil {
		return errors.Join(err, rerr)
	}
	root := indirect(reflect.ValueOf(value))
	themeID := 0
	if root.Kind() == reflect.Struct {
		if f := root.FieldByName("ID"); f.IsValid() && f.CanInt() {
			themeID = int(max(f.Int(), 0))
		}
	}
	var problems []*theming.Problem
	keys := keyIndexes{}
	for _, fe := range fes {
		if p := r.problem(fe, keys.locate(root, fe.StructNamespace()), themeID); p != nil {
			problems = append(problems, p)
		}
	}
	if len(problems) == 0 {
		return err
	}
	return &theming.ValidationError{Problems: problems}
}

// problem turns one failed field into a problem, or nil for a color under
// a key that is not an overridable component.
func (r *rules) problem(fe validator.FieldError, l location, themeID int) *theming.Problem {
	if !l.found {
		l = location{path: fe.Field()}
	}
	s := stringOf(fe.Value())
	p := &theming.Problem{Path: l.path, ThemeID: themeID, Err: theming.ErrInvalid}
	var asked *theming.Problem // CheckTheme's problem with the value
	switch fe.Tag() {
	case TagThemeColor:
		key := ""
		if l.key != "" && l.inOverride {
			key, p.ComponentID, p.Scheme = l.key, l.key, theming.Scheme(l.name)
		} else {
			key = r.probeKey()
		}
		if asked = r.colorValue(key, s); s == "" {
			p.Msg = "is required"
		} else if asked != nil && asked.Scheme == "" {
			return nil // the key's problem: CheckTheme looks at no color under it
		}
	case TagComponentID:
		p.ComponentID = s
		asked = r.component(s)
		if asked != nil && asked.Path == "colors" {
			// A key too long to name: CheckTheme reports it at the map,
			// without the key, and so does a map key here.
			p.ComponentID = ""
			if l.key != "" {
				p.Path = l.mapPath
			}
		}
	case TagThemeImage:
		asked = r.image(s)
	case TagThemeName:
		asked = r.name(s)
	case TagCSSColor:
		_, err := colorref.Parse(s)
		p.Msg = describe(s, "is not a color", err)
	case TagHSLColor:
		_, err := colorref.ParseColor(s)
		p.Msg = describe(s, "is not an hsl()/hsla() color", err)
	case TagCSSVar:
		p.Msg = describe(s, "is not a CSS variable name", colorref.CheckVariable(s))
	case TagNotBlank:
		p.Msg = "must not be blank"
	case "required":
		p.Msg = "is required"
	case "gt":
		p.Msg = fmt.Sprintf("must be greater than %s, not %s", fe.Param(), valueText(fe.Value()))
	case "gte":
		p.Msg = fmt.Sprintf("must be at least %s, not %s", fe.Param(), valueText(fe.Value()))
	case "lt":
		p.Msg = fmt.Sprintf("must be less than %s, not %s", fe.Param(), valueText(fe.Value()))
	case "lte":
		p.Msg = fmt.Sprintf("must be at most %s, not %s", fe.Param(), valueText(fe.Value()))
	case "oneof":
		p.Msg = fmt.Sprintf("must be one of %s, not %s", strings.Join(strings.Fields(fe.Param()), ", "), valueText(fe.Value()))
	default:
		p.Msg = "fails the " + strconv.Quote(fe.Tag()) + " rule"
		if fe.Param() != "" {
			p.Msg += " (" + fe.Param() + ")"
		}
	}
	if asked != nil {
		p.Err, p.Msg = asked.Err, asked.Msg
	} else if p.Msg == "" {
		p.Msg = "fails the " + strconv.Quote(fe.Tag()) + " rule" // CheckTheme accepts it: tags and theming disagree
	}
	return p
}

// location is where a failed field is in the validated value.
type location struct {
	found      bool   // the namespace was followed to the field
	path       string // in theming's dialect
	name       string // the field's own name, the last of path
	key        string // the key of the nearest map on the way
	mapPath    string // that map's path
	inOverride bool   // the field is one of a theming.PerScheme's
}

var overrideType = reflect.TypeFor[theming.PerScheme]()

// keyIndexes holds, for each map met while locating the failed fields of
// one value, its keys by the text validator writes for them in a
// namespace, so that each map is indexed once however many of its
// entries failed.
type keyIndexes map[uintptr]*keyIndex

// keyIndex is one map's keys by their text (fmt's %v, as validator writes
// them), and which text lengths occur.
type keyIndex struct {
	byText map[string]reflect.Value
	lens   map[int]bool
}

// of returns the index of m, a map, building it on first use.
func (ki keyIndexes) of(m reflect.Value) *keyIndex {
	if ix := ki[m.Pointer()]; ix != nil {
		return ix
	}
	ix := &keyIndex{byText: make(map[string]reflect.Value, m.Len()), lens: map[int]bool{}}
	for it := m.MapRange(); it.Next(); {
		text := fmt.Sprintf("%v", it.Key())
		if _, dup := ix.byText[text]; !dup {
			ix.byText[text] = it.Key()
			ix.lens[len(text)] = true
		}
	}
	ki[m.Pointer()] = ix
	return ix
}

// key finds the map key that rest, the namespace from a "[", starts
// with, and the length of its "[text]". A key's text may hold "]", so the
// longest key whose "[text]" is followed by a field, another index or the
// namespace's end is taken: the scan runs from the right and stops at the
// first key of the map it finds, looking up only texts of a length some
// key has.
func (ix *keyIndex) key(rest string) (reflect.Value, int, bool) {
	for end := len(rest) - 1; end > 0; end-- {
		if rest[end] != ']' || !ix.lens[end-1] {
			continue
		}
		if end+1 < len(rest) && rest[end+1] != '.' && rest[end+1] != '[' {
			continue
		}
		if k, ok := ix.byText[rest[1:end]]; ok {
			return k, end + 1, true
		}
	}
	return reflect.Value{}, 0, false
}

// locate follows ns, the validator's struct namespace ("Theme.Colors[nav].Light"),
// through root and writes it as a path.
func (ki keyIndexes) locate(root reflect.Value, ns string) location {
	var l location
	_, rest, found := strings.Cut(ns, ".") // the root type's name
	if !found || root.Kind() != reflect.Struct {
		return l
	}
	cur := root
	for rest != "" {
		cur = indirect(cur)
		var ok bool
		if rest[0] == '[' {
			cur, rest, ok = ki.index(&l, cur, rest)
		} else {
			cur, rest, ok = l.field(cur, rest)
		}
		if !ok {
			return location{}
		}
	}
	l.found = true
	return l
}

// index steps into cur, a map, slice or array, at the index rest starts
// with, and adds it to l's path.
func (ki keyIndexes) index(l *location, cur reflect.Value, rest string) (reflect.Value, string, bool) {
	l.inOverride = false
	switch cur.Kind() {
	case reflect.Map:
		key, n, ok := ki.of(cur).key(rest)
		if !ok {
			return cur, rest, false
		}
		l.key = fmt.Sprintf("%v", key)
		l.mapPath = l.path
		if key.Kind() == reflect.String {
			l.path = theming.KeyPath(l.path, l.key)
		} else {
			l.path += rest[:n]
		}
		return cur.MapIndex(key), rest[n:], true
	case reflect.Slice, reflect.Array:
		end := strings.IndexByte(rest, ']')
		n, err := strconv.Atoi(rest[1:max(end, 1)])
		if end < 0 || err != nil || n < 0 || n >= cur.Len() {
			return cur, rest, false
		}
		l.path += rest[:end+1]
		return cur.Index(n), rest[end+1:], true
	}
	return cur, rest, false
}

// field steps into the field of cur, a struct, that rest names (after an
// optional "."), and adds it to l's path.
func (l *location) field(cur reflect.Value, rest string) (reflect.Value, string, bool) {
	rest = strings.TrimPrefix(rest, ".")
	end := strings.IndexAny(rest, ".[")
	if end < 0 {
		end = len(rest)
	}
	if cur.Kind() != reflect.Struct {
		return cur, rest, false
	}
	sf, ok := cur.Type().FieldByName(rest[:end])
	if !ok {
		return cur, rest, false
	}
	l.inOverride = cur.Type() == overrideType
	l.name = fieldName(sf)
	if l.path != "" {
		l.path += "."
	}
	l.path += l.name
	return cur.FieldByIndex(sf.Index), rest[end:], true
}

// fieldName is the name of a field in a path: its json tag name, else its
// form tag name, else its Go name.
func fieldName(sf reflect.StructField) string {
	for _, key := range []string{"json", "form"} {
		if name, _, _ := strings.Cut(sf.Tag.Get(key), ","); name != "" && name != "-" {
			return name
		}
	}
	return sf.Name
}

func indirect(v reflect.Value) reflect.Value {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	return v
}

// stringOf returns v as a string, following a *string.
func stringOf(v any) string {
	switch s := v.(type) {
	case string:
		return s
	case *string:
		if s != nil {
			return *s
		}
	}
	return ""
}

// valueText writes a failed value as CheckTheme's messages do: a string
// quoted, anything else as it prints.
func valueText(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(v)
}

// describe is a message for s, saying why it is not what it should be.
func describe(s, what string, err error) string {
	msg := strconv.Quote(s) + " " + what
	var pe *colorref.ParseError
	if errors.As(err, &pe) {
		return msg + ": " + pe.Msg + " at offset " + strconv.Itoa(pe.Offset)
	}
	return msg
}
