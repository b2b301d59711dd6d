package strictjson

import (
	"bytes"
	"math"
	"reflect"
	"strconv"
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
	scanner
	ps       collector
	depth    int
	maxDepth int
	path     []segment
	skipOnly bool // Locate's skipping: no duplicate keys looked for
	refused  bool // an array or a map over its Bound: the value does not hold the document
}

// segment is one step of the path to the value being decoded.
type segment struct {
	key   string // an object key
	raw   []byte // the key as read, when skipping left key unset
	index int    // an array index, when key is unset
	isKey bool
	inMap bool // the key is a map key, written ["key"] unless plain
}

// Decode decodes data into v (a non-nil pointer to the type s was derived
// from) and returns what it found. Problems have their Pos set, line and
// column included; the positions are worked out only when there are
// problems.
func Decode(data []byte, v any, s *Schema, lim Limits) Result {
	d := &decoder{scanner: scanner{data: data}, ps: collector{limit: lim.Problems}, maxDepth: lim.Depth}
	ok := d.decode(v, s, lim.Size)
	if len(d.ps.list) > 0 {
		lines := NewLines(data)
		for i := range d.ps.list {
			d.ps.list[i].Pos = lines.Pos(d.ps.list[i].Offset)
		}
	}
	return Result{OK: ok, Problems: d.ps.list, Dropped: d.ps.dropped, Blocked: d.ps.blocked}
}

// DecodeAt decodes the value v of a document Parse read from data into
// dst (a non-nil pointer to the type s was derived from), as [Decode]
// decodes a document: for a part of a document whose meaning is a Go
// type (an extension of a token file). Problems have their Offset in
// data and paths relative to v, and no line or column: the caller places
// them with the [Lines] of the whole document, once for all.
func DecodeAt(data []byte, v *Value, dst any, s *Schema, lim Limits) Result {
	d := &decoder{scanner: scanner{data: data[:v.End], i: v.Off}, ps: collector{limit: lim.Problems}, maxDepth: lim.Depth}
	ok := true
	if err := d.value(s, reflect.ValueOf(dst).Elem()); err != nil {
		d.stopped()
		ok = false
	}
	return Result{OK: ok && !d.refused, Problems: d.ps.list, Dropped: d.ps.dropped, Blocked: d.ps.blocked}
}

// checkDocument returns the problem that stops a document before its
// first value is read: too large, a byte order mark, or invalid UTF-8.
func checkDocument(data []byte, size int) *Problem {
	if len(data) > size {
		return &Problem{Err: ErrTooLarge, Msg: "the file is " + strconv.Itoa(len(data)) + " bytes; the limit is " + strconv.Itoa(size)}
	}
	if bytes.HasPrefix(data, []byte(bom)) {
		return &Problem{Err: ErrSyntax, Msg: BOMMessage}
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
		return &Problem{Pos: Pos{Offset: off}, Err: ErrSyntax, Msg: "invalid UTF-8 at byte offset " + strconv.Itoa(off)}
	}
	return nil
}

// trailer returns the problem of data after the top-level value, which
// ends at end, or nil.
func trailer(s *scanner) *Problem {
	s.space()
	if s.i < len(s.data) {
		return &Problem{Pos: Pos{Offset: s.i}, Err: ErrSyntax, Msg: "unexpected data after the top-level value at byte offset " + strconv.Itoa(s.i)}
	}
	return nil
}

func (d *decoder) decode(v any, s *Schema, size int) bool {
	if p := checkDocument(d.data, size); p != nil {
		d.ps.addFatal(*p)
		return false
	}
	if err := d.value(s, reflect.ValueOf(v).Elem()); err != nil {
		d.stopped()
		return false
	}
	if p := trailer(&d.scanner); p != nil {
		d.ps.addFatal(*p)
		return false
	}
	return !d.refused
}

// stopped reports the syntax error that stopped the scan, if that is
// what stopped it, at the path reached.
func (d *decoder) stopped() {
	if d.errMsg != "" {
		d.ps.addFatal(Problem{Pos: Pos{Offset: d.errOff}, Path: d.pathString(), Err: ErrSyntax, Msg: d.errMsg})
	}
}

// pathString renders the current path.
func (d *decoder) pathString() string {
	var b []byte
	for _, sg := range d.path {
		switch {
		case !sg.isKey:
			b = appendIndex(b, sg.index)
		default:
			key := sg.key
			if sg.raw != nil {
				key = string(sg.raw)
			}
			b = append(b[:0:0], JoinKey(string(b), key, sg.inMap)...)
		}
	}
	return string(b)
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

// skip checks the syntax of the value that comes next and nothing else:
// no key is copied and no duplicate looked for, so that what is past a
// bound costs no memory.
func (d *decoder) skip() error {
	save := d.skipOnly
	d.skipOnly = true
	err := d.value(nil, reflect.Value{})
	d.skipOnly = save
	return err
}

// tooLarge reports the string at off, of size n, over its bound b, and
// blocks its path.
func (d *decoder) tooLarge(off int, b *Bound, n int) {
	d.ps.addBlocked(Problem{Pos: Pos{Offset: off}, Path: d.pathString(), Err: ErrTooLarge, Msg: b.Msg(n)})
}

// overCount reports the array or map that opened at open, of n elements,
// over its bound b, in place of the problems found in it (since m), and
// refuses the document.
func (d *decoder) overCount(open int, m mark, b *Bound, n int) {
	d.ps.replaceSince(m, Problem{Pos: Pos{Offset: open}, Path: d.pathString(), Err: ErrTooLarge, Msg: b.Msg(n)})
	d.refused = true
}

// value decodes one JSON value into v, which is settable, or only checks
// its syntax when s is nil.
func (d *decoder) value(s *Schema, v reflect.Value) error {
	c, err := d.start()
	if err != nil {
		return err
	}
	start := d.i
	switch c {
	case '{', '[':
		return d.container(c, s, v)
	case '"':
		b, err := d.str()
		if err != nil || s == nil {
			return err
		}
		if s.kind != reflect.String {
			d.wrongType(start, s, "a string")
			return nil
		}
		if n, over := s.bound.over(b); over {
			d.tooLarge(start, s.bound, n)
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
		if !s.nullable {
			d.wrongType(start, s, "null")
		} else {
			v.SetZero()
		}
	default:
		num, err := d.number()
		if err != nil || s == nil {
			return err
		}
		d.setNumber(start, s, v, string(num))
	}
	return nil
}

// container decodes the object or array that opens at d.i, one level
// deeper.
func (d *decoder) container(c byte, s *Schema, v reflect.Value) error {
	d.depth++
	if d.depth > d.maxDepth {
		d.ps.addFatal(Problem{Pos: Pos{Offset: d.i}, Path: d.pathString(), Err: ErrTooLarge,
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

// object decodes the object that opens at d.i into v.
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
	o := objectState{s: s, obj: obj, mark: d.ps.mark()}
	if s != nil && s.kind == reflect.Map {
		o.bound = s.bound
	}
	if err := d.list('}', "after object key:value pair", func() error { return d.member(&o) }); err != nil {
		return err
	}
	if o.bound != nil && o.members > o.bound.Max {
		d.overCount(open, o.mark, o.bound, o.members)
	}
	d.checkRequired(open, s, o.seen)
	return nil
}

// objectState is what decoding one object keeps between its members.
type objectState struct {
	s       *Schema
	obj     reflect.Value
	seen    uint64          // the struct fields seen
	others  map[string]bool // other keys seen, made when needed
	bound   *Bound          // a map's bound; nil for none
	members int             // a bounded map's members so far
	mark    mark            // the problems when the object opened
}

// member decodes the member of an object that comes next.
func (d *decoder) member(o *objectState) error {
	keyAt, kb, err := d.key()
	if err != nil {
		return err
	}
	s := o.s
	if b := o.bound; b != nil {
		// A member of a bounded map past the bound, or with a key over
		// the key's bound, is only checked: not built, not kept as a
		// key, and at the map's path.
		o.members++
		n, over := b.Key.over(kb)
		if over && o.members <= b.Max {
			d.add(keyAt, ErrTooLarge, func() string { return b.Key.Msg(n) })
		}
		if over || o.members > b.Max {
			return d.skip()
		}
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
	sg := segment{key: key, isKey: true, inMap: s != nil && s.kind == reflect.Map}
	if d.skipOnly {
		sg.raw = kb // copied only if a syntax error names the path
	}
	d.path = append(d.path, sg)
	if d.duplicate(o, f, key) {
		d.add(keyAt, ErrDuplicate, func() string { return "duplicate key " + strconv.Quote(key) + " in one object" })
	}
	switch {
	case s == nil:
		err = d.value(nil, reflect.Value{})
	case s.kind == reflect.Map:
		ev := reflect.New(s.elem.typ).Elem()
		if err = d.value(s.elem, ev); err == nil {
			o.obj.SetMapIndex(reflect.ValueOf(key), ev)
		}
	case f != nil:
		d.space()
		at := d.i
		null := d.i < len(d.data) && d.data[d.i] == 'n'
		if err = d.value(f.s, o.obj.Field(f.index)); err == nil && null && f.required {
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
	return nil
}

// duplicate records the key of a member (the field f, when the object is
// a struct) and reports whether the object had it already.
func (d *decoder) duplicate(o *objectState, f *field, key string) bool {
	switch {
	case d.skipOnly:
		return false
	case f != nil:
		dup := o.seen&f.bit != 0
		o.seen |= f.bit
		return dup
	}
	if o.others == nil {
		o.others = make(map[string]bool)
	}
	dup := o.others[key]
	o.others[key] = true
	return dup
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
	var b *Bound
	if s != nil {
		es, b = s.elem, s.bound
		v.Set(reflect.MakeSlice(s.typ, 0, 0))
	}
	n, m := 0, d.ps.mark()
	err := d.list(']', "after array element", func() error {
		d.path = append(d.path, segment{index: n})
		if b != nil && n >= b.Max {
			// Past the bound: only checked and counted.
			if err := d.skip(); err != nil {
				return err
			}
			d.path = d.path[:len(d.path)-1]
			n++
			return nil
		}
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
		n++
		return nil
	})
	if err == nil && b != nil && n > b.Max {
		d.overCount(open, m, b, n)
	}
	return err
}
