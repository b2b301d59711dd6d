package strictjson

import (
	"bytes"
	"math"
	"reflect"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// bom is the UTF-8 encoding of U+FEFF, which some editors write at the
// start of a file.
const bom = "\xef\xbb\xbf"

// BOMMessage is the message of the problem a document that starts with a
// UTF-8 byte order mark gets.
const BOMMessage = "file starts with a UTF-8 byte order mark; save it without one"

// decoder reads a JSON document into a Go value in one pass, against the
// value's schema, so that every structural problem is reported with its
// exact path: syntax errors, nesting beyond the depth limit, duplicate
// keys, unknown keys, missing arrays and wrong types. (encoding/json
// reports the first of these only, without array indices, and silently
// accepts duplicate keys.) A value of the wrong type is reported and left
// zero; its path is blocked, so that later checks do not report it again.
type decoder struct {
	data     []byte
	i        int
	ps       collector
	depth    int
	maxDepth int
	path     []segment
	skipOnly bool // Locate's skipping: no duplicate keys looked for
}

// segment is one step of the path to the value being decoded.
type segment struct {
	key   string // an object key
	index int    // an array index, when key is unset
	isKey bool
	inMap bool // the key is a map key, written ["key"] unless plain
}

// stopError ends a decode that cannot go on (a syntax error or too deep).
type stopError struct{}

func (stopError) Error() string { return "stop" }

var errStop error = stopError{}

// Decode decodes data into v (a non-nil pointer to the type s was derived
// from) and returns what it found. Problems have their Pos set, line and
// column included; the positions are worked out only when there are
// problems.
func Decode(data []byte, v any, s *Schema, lim Limits) Result {
	d := &decoder{data: data, ps: collector{limit: lim.Problems}, maxDepth: lim.Depth}
	ok := d.decode(v, s, lim.Size)
	if len(d.ps.list) > 0 {
		pos := make([]*Pos, len(d.ps.list))
		for i := range d.ps.list {
			pos[i] = &d.ps.list[i].Pos
		}
		Place(data, pos)
	}
	return Result{OK: ok, Problems: d.ps.list, Dropped: d.ps.dropped, Blocked: d.ps.blocked}
}

func (d *decoder) decode(v any, s *Schema, size int) bool {
	data, ps := d.data, &d.ps
	if len(data) > size {
		ps.addFatal(Problem{Err: ErrTooLarge, Msg: "the file is " + strconv.Itoa(len(data)) + " bytes; the limit is " + strconv.Itoa(size)})
		return false
	}
	if bytes.HasPrefix(data, []byte(bom)) {
		ps.addFatal(Problem{Err: ErrSyntax, Msg: BOMMessage})
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
		ps.addFatal(Problem{Pos: Pos{Offset: off}, Err: ErrSyntax, Msg: "invalid UTF-8 at byte offset " + strconv.Itoa(off)})
		return false
	}
	if err := d.value(s, reflect.ValueOf(v).Elem()); err != nil {
		return false
	}
	d.space()
	if d.i < len(d.data) {
		ps.addFatal(Problem{Pos: Pos{Offset: d.i}, Err: ErrSyntax, Msg: "unexpected data after the top-level value at byte offset " + strconv.Itoa(d.i)})
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
			b = appendIndex(b, sg.index)
		default:
			b = append(b[:0:0], JoinKey(string(b), sg.key, sg.inMap)...)
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

// next skips whitespace and answers whether c comes next.
func (d *decoder) next(c byte) bool {
	d.space()
	return d.i < len(d.data) && d.data[d.i] == c
}

// skip skips whitespace and then c, when c comes next, and answers
// whether it did: the one reading of the punctuation between the members
// of an object or an array, for [Decode] and [Locate] alike.
func (d *decoder) skip(c byte) bool {
	if !d.next(c) {
		return false
	}
	d.i++
	return true
}

// syntax reports a syntax error at the current offset and stops.
func (d *decoder) syntax(what string) error {
	at := Pos{Offset: d.i}
	if d.i >= len(d.data) {
		d.ps.addFatal(Problem{Pos: at, Path: d.pathString(), Err: ErrSyntax, Msg: "unexpected end of JSON input"})
		return errStop
	}
	d.ps.addFatal(Problem{Pos: at, Path: d.pathString(), Err: ErrSyntax,
		Msg: "invalid character " + quoteChar(d.data[d.i]) + " " + what + " at byte offset " + strconv.Itoa(d.i+1)})
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

// add reports a problem at the current path, about the value or key at
// off. Past the limit, with no blocked path that could hide it, it only
// counts the problem, building neither its path nor its message.
func (d *decoder) add(off int, sentinel error, msg func() string) {
	if len(d.ps.list) >= d.ps.limit && len(d.ps.blocked) == 0 {
		d.ps.dropped++
		return
	}
	d.ps.add(Problem{Pos: Pos{Offset: off}, Path: d.pathString(), Err: sentinel, Msg: msg()})
}

// wrongType reports the value at off, of the wrong JSON type, and blocks
// its path.
func (d *decoder) wrongType(off int, s *Schema, got string) {
	d.typeProblem(off, "must be "+s.describe()+", not "+got)
}

func (d *decoder) typeProblem(off int, msg string) {
	d.ps.addType(Problem{Pos: Pos{Offset: off}, Path: d.pathString(), Err: ErrType, Msg: msg})
}

// value decodes one JSON value into v, which is settable, or only checks
// its syntax when s is nil.
func (d *decoder) value(s *Schema, v reflect.Value) error {
	d.space()
	if d.i >= len(d.data) {
		return d.syntax("")
	}
	start := d.i
	switch c := d.data[d.i]; c {
	case '{', '[':
		d.depth++
		if d.depth > d.maxDepth {
			d.ps.addFatal(Problem{Pos: Pos{Offset: start}, Path: d.pathString(), Err: ErrTooLarge,
				Msg: "JSON nested deeper than " + strconv.Itoa(d.maxDepth) + " levels"})
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
			d.wrongType(start, s, "a string")
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
			d.wrongType(start, s, "a boolean")
			return nil
		}
		d.target(s, v).SetBool(c == 't')
	case 'n':
		if err := d.literal("null"); err != nil || s == nil {
			return err
		}
		switch {
		case !s.nullable:
			d.wrongType(start, s, "null")
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
		d.setNumber(start, s, v, string(num))
	}
	return nil
}

// target returns where a scalar of schema s goes: v, or a new value v
// then points to.
func (d *decoder) target(s *Schema, v reflect.Value) reflect.Value {
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

// number scans a JSON number and returns its text, a slice of the input.
func (d *decoder) number() ([]byte, error) {
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
		return nil, d.syntax("in numeric literal")
	}
	if d.i < len(d.data) && d.data[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return nil, d.syntax("after decimal point in numeric literal")
		}
	}
	if d.i < len(d.data) && (d.data[d.i] == 'e' || d.data[d.i] == 'E') {
		d.i++
		if d.i < len(d.data) && (d.data[d.i] == '+' || d.data[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return nil, d.syntax("in exponent of numeric literal")
		}
	}
	return d.data[start:d.i], nil
}

func (d *decoder) setNumber(start int, s *Schema, v reflect.Value, num string) {
	switch s.kind {
	case reflect.Int:
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			if f, ferr := strconv.ParseFloat(num, 64); ferr == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
				d.typeProblem(start, "must be an integer written without a fraction or exponent, not "+num)
			} else {
				d.typeProblem(start, "must be an integer, not "+num)
			}
			return
		}
		d.target(s, v).SetInt(n)
	case reflect.Float64:
		f, err := strconv.ParseFloat(num, 64)
		if err != nil {
			d.typeProblem(start, "number "+num+" is out of range")
			return
		}
		d.target(s, v).SetFloat(f)
	default:
		d.wrongType(start, s, "a number")
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

func (d *decoder) object(s *Schema, v reflect.Value) error {
	open := d.i
	d.i++ // '{'
	if s != nil && s.kind != reflect.Struct && s.kind != reflect.Map {
		d.wrongType(open, s, "an object")
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
	if d.skip('}') {
		d.checkRequired(open, s, seen)
		return nil
	}
	for {
		if !d.next('"') {
			return d.syntax("looking for beginning of object key string")
		}
		keyAt := d.i
		kb, err := d.str()
		if err != nil {
			return err
		}
		if !d.skip(':') {
			return d.syntax("after object key")
		}
		var f *field
		if s != nil && s.kind == reflect.Struct {
			f = s.fields[string(kb)]
		}
		var key string
		switch {
		case f != nil:
			key = f.name
		case !d.skipOnly: // skipping, nothing is reported: no key is needed
			key = string(kb)
		}
		d.path = append(d.path, segment{key: key, isKey: true, inMap: s != nil && s.kind == reflect.Map})
		dup := false
		switch {
		case d.skipOnly:
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
			d.add(keyAt, ErrDuplicate, func() string { return "duplicate key " + strconv.Quote(key) + " in one object" })
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
			at := d.i
			null := d.i < len(d.data) && d.data[d.i] == 'n'
			if err = d.value(f.s, obj.Field(f.index)); err == nil && null && f.required {
				d.add(at, ErrRequired, func() string { return "is required" })
			}
		default:
			d.add(keyAt, ErrUnknownField, func() string { return "unknown field " + strconv.Quote(key) + " (known: " + s.known + ")" })
			err = d.value(nil, reflect.Value{})
		}
		if err != nil {
			return err
		}
		d.path = d.path[:len(d.path)-1]
		if d.skip(',') {
			continue
		}
		if d.skip('}') {
			d.checkRequired(open, s, seen)
			return nil
		}
		return d.syntax("after object key:value pair")
	}
}

// checkRequired reports the required fields an object, opened at open,
// lacks.
func (d *decoder) checkRequired(open int, s *Schema, seen uint64) {
	if s == nil || s.kind != reflect.Struct {
		return
	}
	for _, f := range s.all {
		if f.required && seen&f.bit == 0 {
			d.path = append(d.path, segment{key: f.name, isKey: true})
			d.add(open, ErrRequired, func() string { return "is required" })
			d.path = d.path[:len(d.path)-1]
		}
	}
}

func (d *decoder) array(s *Schema, v reflect.Value) error {
	open := d.i
	d.i++ // '['
	if s != nil && s.kind != reflect.Slice {
		d.wrongType(open, s, "an array")
		s = nil
	}
	var es *Schema
	if s != nil {
		es = s.elem
		v.Set(reflect.MakeSlice(s.typ, 0, 0))
	}
	if d.skip(']') {
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
		if d.skip(',') {
			continue
		}
		if d.skip(']') {
			return nil
		}
		return d.syntax("after array element")
	}
}
