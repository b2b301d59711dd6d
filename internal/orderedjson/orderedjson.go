// Package orderedjson is the one ordered JSON writer of the library: an
// [Object] keeps its members in the order they were set, and [Marshal]
// writes a document as the library writes its JSON files, indented by two
// spaces, without HTML escaping, one newline at the end. [Parse] reads a
// document into the same values, so that a program can load a JSON file
// (an OpenAPI description, say), change some of it, and write it back
// with its keys where they were.
//
// Values are *Object, []any, and anything encoding/json encodes (strings,
// numbers, json.Number, booleans, nil, slices, structs); [Parse] gives
// *Object, []any, string, json.Number (its text as written), bool and
// nil.
package orderedjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"iter"
	"strconv"
	"strings"

	"github.com/themekit/themekit/internal/strictjson"
)

// Object is a JSON object whose members keep the order they were first
// set in. The zero Object is empty and ready to use; a nil *Object reads
// as empty and ignores Set and Delete, so that a lookup that found
// nothing can be written through without a check.
type Object struct {
	members []member
	index   map[string]int // key -> position, made past a few members
}

type member struct {
	key   string
	value any
}

// indexFrom is the size past which an object looks its keys up in a map.
const indexFrom = 8

// Set sets the value of key: in its place when the object has it, else
// as a new last member. It returns o, so that calls chain.
func (o *Object) Set(key string, v any) *Object {
	if o == nil {
		return nil
	}
	if i, ok := o.find(key); ok {
		o.members[i].value = v
		return o
	}
	o.members = append(o.members, member{key, v})
	if o.index != nil {
		o.index[key] = len(o.members) - 1
	} else if len(o.members) > indexFrom {
		o.reindex()
	}
	return o
}

func (o *Object) reindex() {
	o.index = make(map[string]int, 2*len(o.members))
	for i, m := range o.members {
		o.index[m.key] = i
	}
}

func (o *Object) find(key string) (int, bool) {
	if o.index != nil {
		i, ok := o.index[key]
		return i, ok
	}
	for i, m := range o.members {
		if m.key == key {
			return i, true
		}
	}
	return 0, false
}

// Get returns the value of key, or nil when o has no such member.
func (o *Object) Get(key string) any {
	if o == nil {
		return nil
	}
	if i, ok := o.find(key); ok {
		return o.members[i].value
	}
	return nil
}

// Delete removes the member key, if o has it; the others keep their
// order.
func (o *Object) Delete(key string) {
	if o == nil {
		return
	}
	i, ok := o.find(key)
	if !ok {
		return
	}
	o.members = append(o.members[:i], o.members[i+1:]...)
	if o.index != nil {
		o.reindex()
	}
}

// Len returns the number of members.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.members)
}

// All yields the members in order.
func (o *Object) All() iter.Seq2[string, any] {
	return func(yield func(string, any) bool) {
		if o == nil {
			return
		}
		for _, m := range o.members {
			if !yield(m.key, m.value) {
				return
			}
		}
	}
}

// Lookup follows path from o, object keys and decimal indices into
// arrays, to an object. The error names the first step that is missing,
// or the end that is not an object.
func (o *Object) Lookup(path ...string) (*Object, error) {
	var v any = o
	for i, step := range path {
		switch x := v.(type) {
		case *Object:
			v = x.Get(step)
		case []any:
			n, err := strconv.Atoi(step)
			if err != nil || n < 0 || n >= len(x) {
				v = nil
			} else {
				v = x[n]
			}
		default:
			v = nil
		}
		if v == nil {
			return nil, errors.New("no " + strings.Join(path[:i+1], "."))
		}
	}
	obj, ok := v.(*Object)
	if !ok {
		return nil, errors.New(strings.Join(path, ".") + " is not an object")
	}
	return obj, nil
}

// MarshalJSON writes o compactly, its members in order, so that an
// Object inside a value encoding/json encodes keeps its order too.
func (o *Object) MarshalJSON() ([]byte, error) {
	b, err := Marshal(o)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Parse reads data, one JSON document, with the library's strict reader
// (no duplicate keys, no trailing data), objects as *Object in their
// order and numbers as json.Number.
func Parse(data []byte) (any, error) {
	root, res := strictjson.Parse(data, strictjson.Limits{Size: len(data), Depth: 10_000, Problems: 1})
	if len(res.Problems) > 0 {
		p := res.Problems[0]
		return nil, errors.New("orderedjson: " + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column) + ": " + p.Path + ": " + p.Msg)
	}
	return fromValue(root), nil
}

func fromValue(v *strictjson.Value) any {
	switch v.Kind {
	case strictjson.Object:
		o := &Object{members: make([]member, 0, len(v.Members))}
		for i := range v.Members {
			o.Set(v.Members[i].Key, fromValue(&v.Members[i].Value))
		}
		return o
	case strictjson.Array:
		a := make([]any, len(v.Members))
		for i := range v.Members {
			a[i] = fromValue(&v.Members[i].Value)
		}
		return a
	case strictjson.String:
		return v.Str
	case strictjson.Number:
		return json.Number(v.Str)
	case strictjson.Bool:
		return v.Str == "true"
	}
	return nil
}
