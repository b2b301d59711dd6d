package theming

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// MaxInputSize is the largest catalog.json or themes.json the loaders
// accept, in bytes. A catalog of 100,000 components is about 25 MB.
const MaxInputSize = 64 << 20

// MaxDepth is the deepest nesting of JSON arrays and objects the loaders
// accept. The formats need 5; anything far deeper is an attack or a
// mistake.
const MaxDepth = 32

// schema describes what JSON a Go type accepts, for the pre-scan.
type schema struct {
	kind     reflect.Kind       // Struct, Slice, Map, String, Bool, Int, Float64
	nullable bool               // a pointer, slice or map: null is allowed
	required bool               // a field that must be present and not null
	fields   map[string]*schema // Struct: JSON key -> schema
	elem     *schema            // Slice and Map
}

// The schemas of the two files, derived once.
var (
	catalogSchema = sync.OnceValue(func() *schema { return schemaOf(reflect.TypeFor[Catalog]()) })
	themesSchema  = sync.OnceValue(func() *schema { return schemaOf(reflect.TypeFor[Themes]()) })
)

// schemaOf derives the schema of t from its json tags. A slice field
// without omitempty is required: the file must have it, and not as null
// (in Go values a nil slice is simply empty).
func schemaOf(t reflect.Type) *schema {
	s := &schema{}
	if t.Kind() == reflect.Pointer {
		s.nullable = true
		t = t.Elem()
	}
	s.kind = t.Kind()
	switch t.Kind() {
	case reflect.Struct:
		s.fields = make(map[string]*schema, t.NumField())
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			fs := schemaOf(f.Type)
			fs.required = f.Type.Kind() == reflect.Slice && opts != "omitempty"
			s.fields[name] = fs
		}
	case reflect.Slice, reflect.Map:
		s.nullable = true
		s.elem = schemaOf(t.Elem())
	case reflect.Float32:
		s.kind = reflect.Float64
	}
	return s
}

func (s *schema) describe() string {
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

// scanner walks a JSON document token by token against a schema, so that
// every structural problem is reported with its exact path: syntax errors,
// nesting beyond MaxDepth, duplicate keys, unknown keys and wrong types.
// encoding/json reports the first of these only, without array indices,
// and silently accepts duplicate keys.
type scanner struct {
	dec   *json.Decoder
	ps    *problems
	depth int
}

// errStop ends a scan that cannot go on (a syntax error or too deep).
var errStop = errors.New("stop")

// scanJSON checks data against the schema of root and reports what it
// finds to ps. It reports whether the document can be decoded: it cannot
// after a syntax error, invalid UTF-8 or excessive size or depth; it can
// after unknown keys, duplicate keys and wrong types, so that validation
// goes on and reports every other problem too.
func scanJSON(data []byte, root *schema, ps *problems) bool {
	if len(data) > MaxInputSize {
		ps.addFatal("", ErrTooLarge, "the file is "+strconv.Itoa(len(data))+" bytes; the limit is "+strconv.Itoa(MaxInputSize))
		return false
	}
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, n := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		ps.addFatal("", ErrJSON, "invalid UTF-8 at byte offset "+strconv.Itoa(off))
		return false
	}
	sc := &scanner{dec: json.NewDecoder(bytes.NewReader(data)), ps: ps}
	sc.dec.UseNumber()
	if err := sc.value("", root); err != nil {
		return false
	}
	if _, err := sc.dec.Token(); err != io.EOF {
		ps.addFatal("", ErrJSON, "unexpected data after the top-level value at byte offset "+strconv.FormatInt(sc.dec.InputOffset(), 10))
		return false
	}
	return true
}

func (sc *scanner) syntax(path string, err error) error {
	msg := err.Error()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		msg = strings.TrimPrefix(se.Error(), "json: ") + " at byte offset " + strconv.FormatInt(se.Offset, 10)
	} else if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		msg = "unexpected end of JSON input"
	}
	sc.ps.addFatal(path, ErrJSON, msg)
	return errStop
}

// value scans one JSON value at path.
func (sc *scanner) value(path string, s *schema) error {
	tok, err := sc.dec.Token()
	if err != nil {
		return sc.syntax(path, err)
	}
	switch t := tok.(type) {
	case json.Delim:
		sc.depth++
		if sc.depth > MaxDepth {
			sc.ps.addFatal(path, ErrTooLarge, "JSON nested deeper than "+strconv.Itoa(MaxDepth)+" levels")
			return errStop
		}
		defer func() { sc.depth-- }()
		if t == '{' {
			return sc.object(path, s)
		}
		return sc.array(path, s)
	case nil:
		if s != nil && s.required {
			sc.ps.add(path, ErrInvalid, "is required")
		} else if s != nil && !s.nullable {
			sc.ps.addType(path, "must be "+s.describe()+", not null")
		}
	case string:
		if s != nil && s.kind != reflect.String {
			sc.ps.addType(path, "must be "+s.describe()+", not a string")
		}
	case bool:
		if s != nil && s.kind != reflect.Bool {
			sc.ps.addType(path, "must be "+s.describe()+", not a boolean")
		}
	case json.Number:
		sc.number(path, s, t)
	}
	return nil
}

func (sc *scanner) number(path string, s *schema, n json.Number) {
	if s == nil {
		return
	}
	switch s.kind {
	case reflect.Int:
		if _, err := strconv.ParseInt(string(n), 10, 64); err != nil {
			if f, ferr := n.Float64(); ferr == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
				sc.ps.addType(path, "must be an integer written without a fraction or exponent, not "+string(n))
			} else {
				sc.ps.addType(path, "must be an integer, not "+string(n))
			}
		}
	case reflect.Float64:
		if _, err := n.Float64(); err != nil {
			sc.ps.addType(path, "number "+string(n)+" is out of range")
		}
	default:
		sc.ps.addType(path, "must be "+s.describe()+", not a number")
	}
}

func (sc *scanner) object(path string, s *schema) error {
	if s != nil && s.kind != reflect.Struct && s.kind != reflect.Map {
		sc.ps.addType(path, "must be "+s.describe()+", not an object")
		s = nil // keep scanning for syntax, without a schema
	}
	seen := make(map[string]bool)
	for sc.dec.More() {
		tok, err := sc.dec.Token()
		if err != nil {
			return sc.syntax(path, err)
		}
		key := tok.(string) // the decoder guarantees a string key here
		kpath := joinKey(path, key, s != nil && s.kind == reflect.Map)
		if seen[key] {
			sc.ps.add(kpath, ErrDuplicate, "duplicate key "+strconv.Quote(key)+" in one object")
		}
		seen[key] = true
		var fs *schema
		switch {
		case s == nil:
		case s.kind == reflect.Map:
			fs = s.elem
		default:
			var ok bool
			if fs, ok = s.fields[key]; !ok {
				sc.ps.add(kpath, ErrUnknownField, "unknown field "+strconv.Quote(key)+" (known: "+knownFields(s)+")")
			}
		}
		if err := sc.value(kpath, fs); err != nil {
			return err
		}
	}
	if _, err := sc.dec.Token(); err != nil { // the closing brace
		return sc.syntax(path, err)
	}
	if s != nil && s.kind == reflect.Struct {
		for name, fs := range s.fields {
			if fs.required && !seen[name] {
				sc.ps.add(joinKey(path, name, false), ErrInvalid, "is required")
			}
		}
	}
	return nil
}

func (sc *scanner) array(path string, s *schema) error {
	if s != nil && s.kind != reflect.Slice {
		sc.ps.addType(path, "must be "+s.describe()+", not an array")
		s = nil
	}
	var es *schema
	if s != nil {
		es = s.elem
	}
	for i := 0; sc.dec.More(); i++ {
		if err := sc.value(path+"["+strconv.Itoa(i)+"]", es); err != nil {
			return err
		}
	}
	if _, err := sc.dec.Token(); err != nil { // the closing bracket
		return sc.syntax(path, err)
	}
	return nil
}

// joinKey appends an object key to a JSON path: .name for a field of a
// fixed format, ["key"] for a map key that is not a plain identifier.
func joinKey(path, key string, mapKey bool) string {
	plain := key != "" && !mapKey
	if mapKey {
		plain = key != ""
		for i := 0; i < len(key); i++ {
			c := key[i]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				plain = false
				break
			}
		}
	}
	if plain {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	return path + "[" + strconv.Quote(key) + "]"
}

func knownFields(s *schema) string {
	names := make([]string, 0, len(s.fields))
	for k := range s.fields {
		names = append(names, k)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}
