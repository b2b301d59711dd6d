package strictjson

import (
	"reflect"
	"slices"
	"strings"
)

// Schema describes what JSON a Go type accepts and where it goes. It is
// derived once from the type's json tags by [SchemaOf] and never changes,
// so one Schema serves any number of concurrent decodes.
type Schema struct {
	typ      reflect.Type      // the Go type, a pointer's element for ptr
	kind     reflect.Kind      // Struct, Slice, Map, String, Bool, Int, Float64
	ptr      bool              // the Go type is a pointer to typ
	nullable bool              // a pointer, slice or map: null is allowed
	fields   map[string]*field // Struct: JSON key -> field
	all      []*field          // Struct: the fields in declaration order
	known    string            // Struct: the JSON keys, sorted, for messages
	elem     *Schema           // Slice and Map
	bound    *Bound            // the size of the values here; nil for none
}

// Bound limits the size of the values at one place of a [Schema]: a
// string's bytes (or what Size counts), an array's elements, or the
// members of an object read into a map, and, with Key, a map's keys.
// [Decode] does not build a value over its bound. It reports it at its
// path with the message Msg gives for its size, wrapping [ErrTooLarge]:
//
//   - a string is left zero and its path blocked, as a wrong type's is,
//     so that later checks do not report it again; a map's member whose
//     key is over the key's bound is left out, and reported at the map's
//     path (the key is not copied into the path); the document still
//     decodes;
//   - an array or a map keeps its first Max elements, and the rest are
//     only checked for syntax and counted, so that Msg gets the whole
//     count; the document is refused ([Result].OK is false), as one over
//     [Limits].Size is.
type Bound struct {
	Max  int
	Size func(s []byte) int // a string's size, at most its bytes; nil counts its bytes
	Msg  func(n int) string // the message for a value of size n
	Key  *Bound             // a map's keys; nil for no bound
}

// over returns the size of the string b and whether it is over the bound.
func (b *Bound) over(s []byte) (int, bool) {
	if b == nil {
		return 0, false
	}
	n := len(s)
	if b.Size != nil {
		if n <= b.Max { // no measure counts more than the bytes
			return n, false
		}
		n = b.Size(s)
	}
	return n, n > b.Max
}

// Bound sets b on the values at path, the keys of the objects on the way
// from s (an array's or a map's elements are gone through without a key:
// "themes", "name" is the name of every theme), and returns s. It is for
// building a schema, before its first use; it panics on a path the schema
// does not have.
func (s *Schema) Bound(b Bound, path ...string) *Schema {
	at := s
	for _, key := range path {
		for at.kind == reflect.Slice || at.kind == reflect.Map {
			at = at.elem
		}
		f := at.fields[key]
		if f == nil {
			panic("strictjson: Bound: the schema has no " + strings.Join(path, "."))
		}
		at = f.s
	}
	at.bound = &b
	return s
}

// field is one field of a struct's schema.
type field struct {
	name     string
	index    int
	bit      uint64 // marks the field as seen in one object
	required bool   // a slice without omitempty: present and not null
	s        *Schema
}

// SchemaOf derives the schema of t from its json tags: structs (at most
// 64 tagged fields; untagged and "-" fields are not read), slices, maps
// with string keys, pointers, strings, booleans, int and float64. A
// slice field without omitempty is required: the document must have it,
// and not as null (in Go values a nil slice is simply empty).
func SchemaOf(t reflect.Type) *Schema {
	s := &Schema{}
	if t.Kind() == reflect.Pointer {
		s.ptr, s.nullable = true, true
		t = t.Elem()
	}
	s.typ, s.kind = t, t.Kind()
	switch t.Kind() {
	case reflect.Struct:
		s.fields = make(map[string]*field, t.NumField())
		var names []string
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			fd := &field{name: name, index: i, bit: 1 << len(s.all), s: SchemaOf(f.Type),
				required: f.Type.Kind() == reflect.Slice && opts != "omitempty"}
			s.fields[name] = fd
			s.all = append(s.all, fd)
			names = append(names, name)
		}
		slices.Sort(names)
		s.known = strings.Join(names, ", ")
	case reflect.Slice, reflect.Map:
		s.nullable = true
		s.elem = SchemaOf(t.Elem())
	case reflect.Float32:
		s.kind = reflect.Float64
	}
	return s
}

func (s *Schema) describe() string {
	switch s.kind {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int:
		return "an integer"
	}
	return "a number"
}
