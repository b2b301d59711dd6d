package strictjson

import (
	"strconv"
	"strings"
)

// Kind is the JSON type of a [Value].
type Kind uint8

// The JSON types.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// String names the type as a message does: "null", "a boolean", "a
// number", "a string", "an array", "an object".
func (k Kind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// Value is one value of a document [Parse] read: its type, its place
// (the offsets of its first byte and just past its last), and its
// content. A Value keeps its members in the order of the document, for
// formats whose order means something (design tokens list groups in
// catalog order).
type Value struct {
	Kind Kind
	Off  int // the offset of the value's first byte
	End  int // the offset just past its last byte
	// Str is a string's content (escapes decoded), a number's text as
	// written, or "true" or "false".
	Str string
	// Members are an object's members or an array's elements (with no
	// Key), in order.
	Members []Member
}

// Member is a member of an object (or an element of an array).
type Member struct {
	Key    string
	KeyOff int // the offset of the key's opening quote
	Value
}

// Get returns the value of the first member named key of an object, or
// nil (also for a nil v, or one that is not an object).
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i].Value
		}
	}
	return nil
}

// Float returns a number's value, and false for any other value or a
// number beyond a float64's range.
func (v *Value) Float() (float64, bool) {
	if v == nil || v.Kind != Number {
		return 0, false
	}
	f, err := strconv.ParseFloat(v.Str, 64)
	return f, err == nil
}

// Find returns the value at an RFC 6901 JSON pointer under v, or nil.
func (v *Value) Find(ptr string) *Value {
	for ptr != "" && v != nil {
		if ptr[0] != '/' {
			return nil
		}
		ptr = ptr[1:]
		tok := ptr
		if i := strings.IndexByte(ptr, '/'); i >= 0 {
			tok, ptr = ptr[:i], ptr[i:]
		} else {
			ptr = ""
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v.Kind {
		case Object:
			v = v.Get(tok)
		case Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.Members) || tok != strconv.Itoa(i) {
				return nil
			}
			v = &v.Members[i].Value
		default:
			return nil
		}
	}
	return v
}

// Pointer appends an object key or an array index (as its decimal
// text) to an RFC 6901 JSON pointer, escaping "~" and "/".
func Pointer(ptr, token string) string {
	if strings.ContainsAny(token, "~/") {
		token = strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
	}
	return ptr + "/" + token
}

// Parse reads data as one JSON document into a tree of [Value]s that
// keep their places and their members' order, with the checks of
// [Decode] that need no schema: the size, depth and values limits, a
// byte order mark, invalid UTF-8, syntax errors and duplicate keys. Each
// problem's Path is the RFC 6901 JSON pointer of the value (of the
// duplicate key, of the container a syntax error stopped in), and its
// Pos is placed from one line index. The root is nil when Result.OK is
// false; a document with duplicate keys is OK, with both members kept.
//
// Limits.Values, when positive, bounds the values the tree may hold, and
// with it the memory a document can make Parse take (about 100 bytes a
// value): an array of a million zeros is two megabytes of text. Past it
// the problem wraps [ErrTooLarge].
func Parse(data []byte, lim Limits) (*Value, Result) {
	p := &parser{scanner: scanner{data: data}, ps: collector{limit: lim.Problems}, lim: lim}
	var root *Value
	ok := false
	if pr := checkDocument(data, lim.Size); pr != nil {
		p.ps.addFatal(*pr)
	} else if v, err := p.value(); err != nil {
		p.stopped()
	} else if pr := trailer(&p.scanner); pr != nil {
		p.ps.addFatal(*pr)
	} else {
		root, ok = &v, true
	}
	if len(p.ps.list) > 0 {
		lines := NewLines(data)
		for i := range p.ps.list {
			p.ps.list[i].Pos = lines.Pos(p.ps.list[i].Offset)
		}
	}
	return root, Result{OK: ok, Problems: p.ps.list, Dropped: p.ps.dropped, Values: p.values}
}

// parser is Parse's state.
type parser struct {
	scanner
	ps     collector
	lim    Limits
	depth  int
	values int
	path   []segment // the path to the value being read
	stack  []Member  // the members of the open containers, innermost last
}

// pointer renders the current path as a JSON pointer.
func (p *parser) pointer() string {
	var b strings.Builder
	for _, sg := range p.path {
		if sg.isKey {
			b.WriteString(Pointer("", sg.key))
		} else {
			b.WriteString("/" + strconv.Itoa(sg.index))
		}
	}
	return b.String()
}

// stopped reports the syntax error that stopped the scan, if that is
// what stopped it.
func (p *parser) stopped() {
	if p.errMsg != "" {
		p.ps.addFatal(Problem{Pos: Pos{Offset: p.errOff}, Path: p.pointer(), Err: ErrSyntax, Msg: p.errMsg})
	}
}

// stop reports a limit reached at off and stops.
func (p *parser) stop(off int, msg string) error {
	p.ps.addFatal(Problem{Pos: Pos{Offset: off}, Path: p.pointer(), Err: ErrTooLarge, Msg: msg})
	return errStop
}

func (p *parser) value() (Value, error) {
	c, err := p.start()
	if err != nil {
		return Value{}, err
	}
	if p.values++; p.lim.Values > 0 && p.values > p.lim.Values {
		return Value{}, p.stop(p.i, "more than "+strconv.Itoa(p.lim.Values)+" JSON values")
	}
	v := Value{Off: p.i}
	switch c {
	case '{', '[':
		if p.depth++; p.depth > p.lim.Depth {
			return Value{}, p.stop(p.i, "JSON nested deeper than "+strconv.Itoa(p.lim.Depth)+" levels")
		}
		if c == '{' {
			v.Kind, err = Object, p.object(&v)
		} else {
			v.Kind, err = Array, p.array(&v)
		}
		p.depth--
	case '"':
		var b []byte
		b, err = p.str()
		v.Kind, v.Str = String, string(b)
	case 't', 'f':
		v.Kind, v.Str = Bool, "true"
		if c == 'f' {
			v.Str = "false"
		}
		err = p.literal(v.Str)
	case 'n':
		v.Kind, err = Null, p.literal("null")
	default:
		var b []byte
		b, err = p.number()
		v.Kind, v.Str = Number, string(b)
	}
	v.End = p.i
	return v, err
}

// object reads the members of the object that opens at p.i into v.
func (p *parser) object(v *Value) error {
	p.i++ // '{'
	base := len(p.stack)
	var seen map[string]bool // past a few keys, the keys seen
	err := p.list('}', "after object key:value pair", func() error {
		keyOff, kb, err := p.key()
		if err != nil {
			return err
		}
		key := string(kb)
		p.path = append(p.path, segment{key: key, isKey: true})
		seen = p.checkKey(key, keyOff, p.stack[base:], seen)
		m, err := p.value()
		if err != nil {
			return err
		}
		p.path = p.path[:len(p.path)-1]
		p.push(Member{Key: key, KeyOff: keyOff, Value: m})
		return nil
	})
	if err != nil {
		return err
	}
	v.Members = p.pop(base)
	return nil
}

// checkKey reports key, at keyOff, when one of the members before it
// (or seen, once there are more than a few) has it already; it returns
// the set of keys seen, made when the object grows past a few members.
func (p *parser) checkKey(key string, keyOff int, before []Member, seen map[string]bool) map[string]bool {
	const few = 16
	if seen == nil && len(before) >= few {
		seen = make(map[string]bool, 2*len(before))
		for _, m := range before {
			seen[m.Key] = true
		}
	}
	dup := false
	if seen != nil {
		dup = seen[key]
		seen[key] = true
	} else {
		for _, m := range before {
			if m.Key == key {
				dup = true
				break
			}
		}
	}
	switch {
	case !dup:
	case len(p.ps.list) >= p.ps.limit:
		p.ps.dropped++ // counted, not built
	default:
		p.ps.add(Problem{Pos: Pos{Offset: keyOff}, Path: p.pointer(), Err: ErrDuplicate, Msg: "duplicate key " + strconv.Quote(key) + " in one object"})
	}
	return seen
}

// array reads the elements of the array that opens at p.i into v.
func (p *parser) array(v *Value) error {
	p.i++ // '['
	base := len(p.stack)
	n := 0
	err := p.list(']', "after array element", func() error {
		p.path = append(p.path, segment{index: n})
		e, err := p.value()
		if err != nil {
			return err
		}
		p.path = p.path[:len(p.path)-1]
		p.push(Member{Value: e})
		n++
		return nil
	})
	if err != nil {
		return err
	}
	v.Members = p.pop(base)
	return nil
}

// push pushes a member of the innermost open container. The stack
// doubles when full (append grows large slices by a quarter, which
// allocates five times the final size on the way to it), so that a
// document of n values allocates at most about 2n members for it.
func (p *parser) push(m Member) {
	if len(p.stack) == cap(p.stack) {
		grown := make([]Member, len(p.stack), max(16, 2*cap(p.stack)))
		copy(grown, p.stack)
		p.stack = grown
	}
	p.stack = append(p.stack, m)
}

// pop moves the members above base off the stack into a slice of their
// own, sized to fit.
func (p *parser) pop(base int) []Member {
	if len(p.stack) == base {
		return nil
	}
	out := make([]Member, len(p.stack)-base)
	copy(out, p.stack[base:])
	clear(p.stack[base:])
	p.stack = p.stack[:base]
	return out
}
