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
