package dtcg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits on what Import reads.
const (
	// MaxFileSize bounds each file Import reads.
	MaxFileSize = 16 << 20
	// maxDepth bounds the nesting of a document.
	maxDepth = 64
)

// kind is a JSON value's type.
type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

// node is a parsed JSON value that keeps its place and its members'
// order: DTCG files are ordered documents (groups in catalog order).
type node struct {
	kind    kind
	off     int // the value's first byte
	end     int // just past its last byte
	str     string
	num     float64
	boolean bool
	keys    []string
	keyOffs []int
	vals    []*node
}

// get returns the member key of an object, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != kObject {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// find returns the value at an RFC 6901 pointer under n, or nil.
func (n *node) find(ptr string) *node {
	for ptr != "" && n != nil {
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
		switch n.kind {
		case kObject:
			n = n.get(tok)
		case kArray:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n.vals) {
				return nil
			}
			n = n.vals[i]
		default:
			return nil
		}
	}
	return n
}

func (k kind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// parser reads one document into nodes.
type parser struct {
	data []byte
	i    int
	dups []int // offsets of duplicate keys
	dupK []string
}

type syntaxErr struct {
	off int
	msg string
}

// parse reads data as one JSON value. Numbers and strings are decoded by
// encoding/json, so they mean what the standard says.
func parse(data []byte) (*node, *syntaxErr, []int, []string) {
	p := &parser{data: data}
	n, err := p.value(0)
	if err == nil {
		p.space()
		if p.i < len(p.data) {
			err = &syntaxErr{p.i, "data after the JSON value"}
		}
	}
	return n, err, p.dups, p.dupK
}

func (p *parser) space() {
	for p.i < len(p.data) && (p.data[p.i] == ' ' || p.data[p.i] == '\t' || p.data[p.i] == '\n' || p.data[p.i] == '\r') {
		p.i++
	}
}

// list reads an array's or an object's items, from its opening bracket
// through close, its closing one: none, or items separated by commas,
// each read by item.
func (p *parser) list(close byte, item func() *syntaxErr) *syntaxErr {
	p.i++
	if p.eat(close) {
		return nil
	}
	for {
		if err := item(); err != nil {
			return err
		}
		if p.eat(',') {
			continue
		}
		if p.eat(close) {
			return nil
		}
		return p.fail(`expected "," or "` + string(close) + `"`)
	}
}

// eat skips white space and then c, if c is next, and reports whether
// it was. Where it was not, p stands on what is there instead.
func (p *parser) eat(c byte) bool {
	p.space()
	if p.i < len(p.data) && p.data[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *parser) fail(msg string) *syntaxErr { return &syntaxErr{p.i, msg} }

func (p *parser) value(depth int) (*node, *syntaxErr) {
	if depth > maxDepth {
		return nil, p.fail(fmt.Sprintf("nested deeper than %d", maxDepth))
	}
	p.space()
	if p.i >= len(p.data) {
		return nil, p.fail("unexpected end of input")
	}
	n := &node{off: p.i}
	switch c := p.data[p.i]; {
	case c == '{':
		n.kind = kObject
		var seen map[string]bool
		if err := p.list('}', func() *syntaxErr {
			p.space()
			ko := p.i
			if p.i >= len(p.data) || p.data[p.i] != '"' {
				return p.fail("expected a string key")
			}
			k, err := p.str()
			if err != nil {
				return err
			}
			if seen == nil && len(n.keys) >= 16 { // past a few keys, a set
				seen = make(map[string]bool, 2*len(n.keys))
				for _, old := range n.keys {
					seen[old] = true
				}
			}
			dup := seen[k]
			if seen == nil {
				dup = slices.Contains(n.keys, k)
			} else {
				seen[k] = true
			}
			if dup {
				p.dups = append(p.dups, ko)
				p.dupK = append(p.dupK, k)
			}
			if !p.eat(':') {
				return p.fail(`expected ":"`)
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return err
			}
			n.keys, n.keyOffs, n.vals = append(n.keys, k), append(n.keyOffs, ko), append(n.vals, v)
			return nil
		}); err != nil {
			return nil, err
		}
	case c == '[':
		n.kind = kArray
		if err := p.list(']', func() *syntaxErr {
			v, err := p.value(depth + 1)
			if err != nil {
				return err
			}
			n.vals = append(n.vals, v)
			return nil
		}); err != nil {
			return nil, err
		}
	case c == '"':
		n.kind = kString
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		n.str = s
	case c == '-' || '0' <= c && c <= '9':
		n.kind = kNumber
		j := p.i
		for j < len(p.data) && strings.IndexByte("+-0123456789.eE", p.data[j]) >= 0 {
			j++
		}
		if err := json.Unmarshal(p.data[p.i:j], &n.num); err != nil {
			return nil, p.fail("malformed number")
		}
		p.i = j
	case bytes.HasPrefix(p.data[p.i:], []byte("true")):
		n.kind, n.boolean = kBool, true
		p.i += 4
	case bytes.HasPrefix(p.data[p.i:], []byte("false")):
		n.kind = kBool
		p.i += 5
	case bytes.HasPrefix(p.data[p.i:], []byte("null")):
		n.kind = kNull
		p.i += 4
	default:
		return nil, p.fail(fmt.Sprintf("unexpected %q", c))
	}
	n.end = p.i
	return n, nil
}

// str reads a JSON string at p.i.
func (p *parser) str() (string, *syntaxErr) {
	j := p.i + 1
	for j < len(p.data) && p.data[j] != '"' {
		if p.data[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(p.data) {
		return "", p.fail("unterminated string")
	}
	raw := p.data[p.i+1 : j]
	plain := utf8.Valid(raw)
	for _, c := range raw {
		if c < 0x20 || c == '\\' {
			plain = false
			break
		}
	}
	var s string
	if plain { // the common case: no escapes, as written
		s = string(raw)
	} else if err := json.Unmarshal(p.data[p.i:j+1], &s); err != nil {
		return "", p.fail("malformed string")
	}
	p.i = j + 1
	return s, nil
}

// pointer appends a reference token to an RFC 6901 JSON pointer.
func pointer(ptr, key string) string {
	key = strings.ReplaceAll(key, "~", "~0")
	return ptr + "/" + strings.ReplaceAll(key, "/", "~1")
}
