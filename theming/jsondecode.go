package theming

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxInputSize is the largest catalog.json or themes.json the loaders
// accept, in bytes. A catalog of 100,000 components is about 25 MB.
const MaxInputSize = 64 << 20

// MaxDepth is the deepest nesting of JSON arrays and objects the loaders
// accept. The formats need 5; anything far deeper is an attack or a
// mistake.
const MaxDepth = 32

// schema describes what JSON a Go type accepts and where it goes.
type schema struct {
	typ      reflect.Type      // the Go type, a pointer's element for ptr
	kind     reflect.Kind      // Struct, Slice, Map, String, Bool, Int, Float64
	ptr      bool              // the Go type is a pointer to typ
	nullable bool              // a pointer, slice or map: null is allowed
	fields   map[string]*field // Struct: JSON key -> field
	all      []*field          // Struct: the fields in declaration order
	known    string            // Struct: the JSON keys, sorted, for messages
	elem     *schema           // Slice and Map
}

// field is one field of a struct's schema.
type field struct {
	name     string
	index    int
	bit      uint64 // marks the field as seen in one object
	required bool   // a slice without omitempty: present and not null
	s        *schema
}

// The schemas of the two files, derived once.
var (
	catalogSchema = sync.OnceValue(func() *schema { return schemaOf(reflect.TypeFor[Catalog]()) })
	themesSchema  = sync.OnceValue(func() *schema { return schemaOf(reflect.TypeFor[themesDoc]()) })
)

// schemaOf derives the schema of t from its json tags. A slice field
// without omitempty is required: the file must have it, and not as null
// (in Go values a nil slice is simply empty).
func schemaOf(t reflect.Type) *schema {
	s := &schema{}
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
			fd := &field{name: name, index: i, bit: 1 << len(s.all), s: schemaOf(f.Type),
				required: f.Type.Kind() == reflect.Slice && opts != "omitempty"}
			s.fields[name] = fd
			s.all = append(s.all, fd)
			names = append(names, name)
		}
		slices.Sort(names)
		s.known = strings.Join(names, ", ")
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

// decoder reads a JSON document into a Go value in one pass, against the
// value's schema, so that every structural problem is reported with its
// exact path: syntax errors, nesting beyond MaxDepth, duplicate keys,
// unknown keys, missing arrays and wrong types. (encoding/json reports the
// first of these only, without array indices, and silently accepts
// duplicate keys.) A value of the wrong type is reported and left zero;
// its path is blocked, so that the checks do not report it again.
type decoder struct {
	data  []byte
	i     int
	ps    *problems
	depth int
	path  []segment
}

// segment is one step of the path to the value being decoded.
type segment struct {
	key   string // an object key
	index int    // an array index, when key is unset
	isKey bool
	inMap bool // the key is a map key, written ["key"] unless plain
}

// errStop ends a decode that cannot go on (a syntax error or too deep).
type stopError struct{}

func (stopError) Error() string { return "stop" }

var errStop error = stopError{}

// decodeJSON decodes data into v (a pointer) against s, reporting what it
// finds to ps. It reports whether v holds the data: it does not after a
// syntax error, invalid UTF-8 or excessive size or depth; it does after
// unknown keys, duplicate keys and wrong types, so that validation goes on
// and reports every other problem too.
func decodeJSON(data []byte, v any, s *schema, ps *problems) bool {
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
	d := &decoder{data: data, ps: ps}
	if err := d.value(s, reflect.ValueOf(v).Elem()); err != nil {
		return false
	}
	d.space()
	if d.i < len(d.data) {
		ps.addFatal("", ErrJSON, "unexpected data after the top-level value at byte offset "+strconv.Itoa(d.i))
		return false
	}
	return true
}

// pathString renders the current path.
func (d *decoder) pathString() string {
	var b []byte
	for _, sg := range d.path {
		switch {
		case !sg.isKey:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(sg.index), 10)
			b = append(b, ']')
		default:
			b = append(b[:0:0], joinKey(string(b), sg.key, sg.inMap)...)
		}
	}
	return string(b)
}

func (d *decoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// syntax reports a syntax error at the current offset and stops.
func (d *decoder) syntax(what string) error {
	if d.i >= len(d.data) {
		d.ps.addFatal(d.pathString(), ErrJSON, "unexpected end of JSON input")
		return errStop
	}
	d.ps.addFatal(d.pathString(), ErrJSON, "invalid character "+quoteChar(d.data[d.i])+" "+what+" at byte offset "+strconv.Itoa(d.i+1))
	return errStop
}

// quoteChar writes a byte as encoding/json's messages do.
func quoteChar(c byte) string {
	switch {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < 0x20 || c >= 0x7f:
		return strconv.Quote(string(rune(c)))
	}
	return "'" + string(rune(c)) + "'"
}

// add reports a problem at the current path. Past MaxProblems, with no
// blocked path that could hide it, it only counts the problem, building
// neither its path nor its message.
func (d *decoder) add(sentinel error, msg func() string) {
	if len(d.ps.list) >= MaxProblems && len(d.ps.blocked) == 0 {
		d.ps.dropped++
		return
	}
	d.ps.add(d.pathString(), sentinel, msg())
}

// wrongType reports a value of the wrong JSON type and blocks its path.
func (d *decoder) wrongType(s *schema, got string) {
	d.ps.addType(d.pathString(), "must be "+s.describe()+", not "+got)
}

// value decodes one JSON value into v, which is settable, or only checks
// its syntax when s is nil.
func (d *decoder) value(s *schema, v reflect.Value) error {
	d.space()
	if d.i >= len(d.data) {
		return d.syntax("")
	}
	switch c := d.data[d.i]; c {
	case '{', '[':
		d.depth++
		if d.depth > MaxDepth {
			d.ps.addFatal(d.pathString(), ErrTooLarge, "JSON nested deeper than "+strconv.Itoa(MaxDepth)+" levels")
			return errStop
		}
		var err error
		if c == '{' {
			err = d.object(s, v)
		} else {
			err = d.array(s, v)
		}
		d.depth--
		return err
	case '"':
		b, err := d.str()
		if err != nil || s == nil {
			return err
		}
		if s.kind != reflect.String {
			d.wrongType(s, "a string")
			return nil
		}
		d.target(s, v).SetString(string(b))
	case 't', 'f':
		word := "true"
		if c == 'f' {
			word = "false"
		}
		if err := d.literal(word); err != nil || s == nil {
			return err
		}
		if s.kind != reflect.Bool {
			d.wrongType(s, "a boolean")
			return nil
		}
		d.target(s, v).SetBool(c == 't')
	case 'n':
		if err := d.literal("null"); err != nil || s == nil {
			return err
		}
		switch {
		case !s.nullable:
			d.wrongType(s, "null")
		default:
			v.SetZero()
		}
	default:
		if c != '-' && (c < '0' || c > '9') {
			return d.syntax("looking for beginning of value")
		}
		num, err := d.number()
		if err != nil || s == nil {
			return err
		}
		d.setNumber(s, v, num)
	}
	return nil
}

// target returns where a scalar of schema s goes: v, or a new value v
// then points to.
func (d *decoder) target(s *schema, v reflect.Value) reflect.Value {
	if !s.ptr {
		return v
	}
	p := reflect.New(s.typ)
	v.Set(p)
	return p.Elem()
}

func (d *decoder) literal(word string) error {
	for k := 0; k < len(word); k++ {
		if d.i >= len(d.data) || d.data[d.i] != word[k] {
			return d.syntax("in literal " + word + " (expecting " + quoteChar(word[k]) + ")")
		}
		d.i++
	}
	return nil
}

// number scans a JSON number and returns its text.
func (d *decoder) number() (string, error) {
	start := d.i
	if d.data[d.i] == '-' {
		d.i++
	}
	digits := func() int {
		n := 0
		for d.i < len(d.data) && '0' <= d.data[d.i] && d.data[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	switch {
	case d.i < len(d.data) && d.data[d.i] == '0':
		d.i++
	case digits() == 0:
		return "", d.syntax("in numeric literal")
	}
	if d.i < len(d.data) && d.data[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return "", d.syntax("after decimal point in numeric literal")
		}
	}
	if d.i < len(d.data) && (d.data[d.i] == 'e' || d.data[d.i] == 'E') {
		d.i++
		if d.i < len(d.data) && (d.data[d.i] == '+' || d.data[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return "", d.syntax("in exponent of numeric literal")
		}
	}
	return string(d.data[start:d.i]), nil
}

func (d *decoder) setNumber(s *schema, v reflect.Value, num string) {
	switch s.kind {
	case reflect.Int:
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			if f, ferr := strconv.ParseFloat(num, 64); ferr == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
				d.ps.addType(d.pathString(), "must be an integer written without a fraction or exponent, not "+num)
			} else {
				d.ps.addType(d.pathString(), "must be an integer, not "+num)
			}
			return
		}
		d.target(s, v).SetInt(n)
	case reflect.Float64:
		f, err := strconv.ParseFloat(num, 64)
		if err != nil {
			d.ps.addType(d.pathString(), "number "+num+" is out of range")
			return
		}
		d.target(s, v).SetFloat(f)
	default:
		d.wrongType(s, "a number")
	}
}

// str reads a JSON string and returns its content: a slice of the input
// when it has no escapes, else a new slice.
func (d *decoder) str() ([]byte, error) {
	d.i++ // the opening quote
	start := d.i
	for d.i < len(d.data) {
		switch c := d.data[d.i]; {
		case c == '"':
			d.i++
			return d.data[start : d.i-1], nil
		case c == '\\':
			return d.escaped(start)
		case c < 0x20:
			return nil, d.syntax("in string literal")
		}
		d.i++
	}
	return nil, d.syntax("")
}

// escaped reads the rest of a string that has escapes, from start.
func (d *decoder) escaped(start int) ([]byte, error) {
	out := append([]byte(nil), d.data[start:d.i]...)
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			d.i++
			return out, nil
		case c < 0x20:
			return nil, d.syntax("in string literal")
		case c != '\\':
			out = append(out, c)
			d.i++
			continue
		}
		d.i++
		if d.i >= len(d.data) {
			return nil, d.syntax("")
		}
		switch e := d.data[d.i]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, err := d.hex4()
			if err != nil {
				return nil, err
			}
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if d.i+2 < len(d.data) && d.data[d.i+1] == '\\' && d.data[d.i+2] == 'u' {
					save := d.i
					d.i += 2
					if r2, err = d.hex4(); err != nil {
						return nil, err
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						r = dec
					} else {
						d.i = save // not a pair: the second escape stands alone
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			return nil, d.syntax("in string escape code")
		}
		d.i++
	}
	return nil, d.syntax("")
}

// hex4 reads the four hex digits after \u; d.i is at the 'u' and is left
// at the last digit.
func (d *decoder) hex4() (rune, error) {
	var r rune
	for k := 0; k < 4; k++ {
		d.i++
		if d.i >= len(d.data) {
			return 0, d.syntax("")
		}
		c := d.data[d.i]
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, d.syntax("in \\u hexadecimal character escape")
		}
	}
	return r, nil
}

func (d *decoder) object(s *schema, v reflect.Value) error {
	d.i++ // '{'
	if s != nil && s.kind != reflect.Struct && s.kind != reflect.Map {
		d.wrongType(s, "an object")
		s = nil // go on checking the syntax, without a schema
	}
	var obj reflect.Value
	if s != nil {
		obj = d.target(s, v)
		if s.kind == reflect.Map {
			obj.Set(reflect.MakeMap(s.typ))
		}
	}
	var seen uint64            // the struct fields seen
	var others map[string]bool // other keys seen, made when needed
	d.space()
	if d.i < len(d.data) && d.data[d.i] == '}' {
		d.i++
		d.checkRequired(s, seen)
		return nil
	}
	for {
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != '"' {
			return d.syntax("looking for beginning of object key string")
		}
		kb, err := d.str()
		if err != nil {
			return err
		}
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != ':' {
			return d.syntax("after object key")
		}
		d.i++
		var f *field
		if s != nil && s.kind == reflect.Struct {
			f = s.fields[string(kb)]
		}
		var key string
		if f != nil {
			key = f.name
		} else {
			key = string(kb)
		}
		d.path = append(d.path, segment{key: key, isKey: true, inMap: s != nil && s.kind == reflect.Map})
		dup := false
		switch {
		case f != nil:
			dup = seen&f.bit != 0
			seen |= f.bit
		default:
			if others == nil {
				others = make(map[string]bool)
			}
			dup = others[key]
			others[key] = true
		}
		if dup {
			d.add(ErrDuplicate, func() string { return "duplicate key " + strconv.Quote(key) + " in one object" })
		}
		switch {
		case s == nil:
			err = d.value(nil, reflect.Value{})
		case s.kind == reflect.Map:
			ev := reflect.New(s.elem.typ).Elem()
			if err = d.value(s.elem, ev); err == nil {
				obj.SetMapIndex(reflect.ValueOf(key), ev)
			}
		case f != nil:
			d.space()
			null := d.i < len(d.data) && d.data[d.i] == 'n'
			if err = d.value(f.s, obj.Field(f.index)); err == nil && null && f.required {
				d.add(ErrInvalid, func() string { return "is required" })
			}
		default:
			d.add(ErrUnknownField, func() string { return "unknown field " + strconv.Quote(key) + " (known: " + s.known + ")" })
			err = d.value(nil, reflect.Value{})
		}
		if err != nil {
			return err
		}
		d.path = d.path[:len(d.path)-1]
		d.space()
		if d.i < len(d.data) && d.data[d.i] == ',' {
			d.i++
			continue
		}
		if d.i < len(d.data) && d.data[d.i] == '}' {
			d.i++
			d.checkRequired(s, seen)
			return nil
		}
		return d.syntax("after object key:value pair")
	}
}

// checkRequired reports the required fields an object lacks.
func (d *decoder) checkRequired(s *schema, seen uint64) {
	if s == nil || s.kind != reflect.Struct {
		return
	}
	for _, f := range s.all {
		if f.required && seen&f.bit == 0 {
			d.path = append(d.path, segment{key: f.name, isKey: true})
			d.add(ErrInvalid, func() string { return "is required" })
			d.path = d.path[:len(d.path)-1]
		}
	}
}

func (d *decoder) array(s *schema, v reflect.Value) error {
	d.i++ // '['
	if s != nil && s.kind != reflect.Slice {
		d.wrongType(s, "an array")
		s = nil
	}
	var es *schema
	if s != nil {
		es = s.elem
		v.Set(reflect.MakeSlice(s.typ, 0, 0))
	}
	d.space()
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		return nil
	}
	for n := 0; ; n++ {
		d.path = append(d.path, segment{index: n})
		var ev reflect.Value
		if s != nil {
			if v.Len() == v.Cap() {
				v.Grow(max(4, v.Cap()))
			}
			v.SetLen(n + 1)
			ev = v.Index(n)
		}
		if err := d.value(es, ev); err != nil {
			return err
		}
		d.path = d.path[:len(d.path)-1]
		d.space()
		if d.i < len(d.data) && d.data[d.i] == ',' {
			d.i++
			continue
		}
		if d.i < len(d.data) && d.data[d.i] == ']' {
			d.i++
			return nil
		}
		return d.syntax("after array element")
	}
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
