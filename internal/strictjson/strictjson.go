// Package strictjson is the one positioned JSON reader of the library:
// it reads a document once and gives every value and every problem its
// place, the byte offset, the line and column (from one [Lines] index of
// the document, built once) and a path. It refuses what encoding/json
// quietly accepts (duplicate keys, a byte order mark; with a schema,
// unknown keys and a required array that is missing or null), names a
// trailing comma as such, and goes on after a wrong type or a duplicate
// key, so that one read reports all of them.
//
// It reads in two ways over one tokenizer:
//
//   - [Decode] decodes into Go values against a [Schema] derived from
//     their json tags (package theming's catalog.json and themes.json),
//     naming places by the paths of the package's dialect; after its own
//     checks the caller asks [Locate] for the places of the paths those
//     checks name. Positions are worked out on the error path only: a
//     decode without problems builds no line index.
//   - [Parse] reads a document into a tree of [Value]s that keep their
//     places and their members' order (package dtcg's token files),
//     naming places by RFC 6901 JSON pointers ([Pointer], [Value.Find]).
//
// It knows nothing of what the values mean. Paths of [Decode] are
// written in one dialect: object keys after a dot
// (components[3].fallback.dark), array indices in brackets, and a map
// key that is not a plain lower-case word quoted in brackets
// (colors["Nav"]); see [JoinKey] and [ComparePaths].
package strictjson

import "errors"

// Sentinel errors: every [Problem] wraps exactly one of them.
var (
	ErrSyntax       = errors.New("strictjson: malformed JSON")         // not JSON, not UTF-8, a byte order mark, or data after the value
	ErrType         = errors.New("strictjson: wrong JSON type")        // a value of a type the schema does not take there
	ErrTooLarge     = errors.New("strictjson: input too large")        // over Limits.Size, nested deeper than Limits.Depth, or a value over its Bound
	ErrDuplicate    = errors.New("strictjson: duplicate key")          // a key repeated in one object
	ErrUnknownField = errors.New("strictjson: unknown field")          // a key the struct does not have
	ErrRequired     = errors.New("strictjson: missing required value") // a required array missing or null
)

// Limits bound what one [Decode] accepts and reports.
type Limits struct {
	Size     int // the largest document, in bytes
	Depth    int // the deepest nesting of arrays and objects
	Problems int // the most problems listed; the rest are counted in [Result].Dropped
	Values   int // [Parse]: the most values a document may hold; 0 for no bound
}

// Pos is a place in a document. Line and Column are 1-based; Column
// counts bytes from the start of the line (as the Go toolchain does), so
// a tab or a multi-byte character counts as its bytes. The zero Pos is no
// place.
type Pos struct {
	Offset int // byte offset from the start of the document, 0-based
	Line   int
	Column int
}

// Problem is one structural problem of a document. Pos is the place of
// the value it concerns: the offending byte for a syntax error, the start
// of the value for a wrong type or a null required value, the key for a
// duplicate or unknown key, the opening brace of an object that lacks a
// required key, and the start of the document for its size and byte
// order mark.
type Problem struct {
	Pos
	Path string // the path of the value, in the package's dialect; "" for the document
	Msg  string // what is wrong, in lower case, without the path
	Err  error  // the sentinel
}

// Result is what [Decode] found.
type Result struct {
	// OK reports whether the value holds the document: false after a
	// syntax error, invalid UTF-8, a byte order mark, a document too
	// large or too deep, or an array or a map over its [Bound]; true
	// (with problems) after unknown keys, duplicate keys, wrong types,
	// missing required arrays and strings over their bound.
	OK bool
	// Problems are in the order found, at most Limits.Problems of them.
	Problems []Problem
	// Dropped counts the problems past Limits.Problems.
	Dropped int
	// Blocked holds the paths whose value had the wrong type: each was
	// left zero, and a later check of what is under it would only repeat
	// the problem. Problems under a blocked path are not reported.
	Blocked PathSet
	// Values counts the values [Parse] read.
	Values int
}

// PathSet is a set of paths that covers each path and everything under
// it.
type PathSet map[string]bool

// Covers reports whether path or one of its ancestors is in the set. It
// looks up each ancestor (each prefix that ends before a "." or "["), so
// its cost does not grow with the size of the set.
func (s PathSet) Covers(path string) bool {
	if len(s) == 0 {
		return false
	}
	if s[path] {
		return true
	}
	for i := 1; i < len(path); i++ {
		if (path[i] == '.' || path[i] == '[') && s[path[:i]] {
			return true
		}
	}
	return false
}

// collector gathers one decode's problems: it drops those under a blocked
// path, and counts those past the limit.
type collector struct {
	limit   int
	list    []Problem
	blocked PathSet
	dropped int
}

func (c *collector) add(p Problem) {
	if c.blocked.Covers(p.Path) {
		return
	}
	if len(c.list) >= c.limit {
		c.dropped++
		return
	}
	c.list = append(c.list, p)
}

// addFatal records a problem that ends the scan, whatever the path.
func (c *collector) addFatal(p Problem) {
	blocked := c.blocked
	c.blocked = nil
	c.add(p)
	c.blocked = blocked
}

// mark is a point in a collector's problems, to return to.
type mark struct{ listed, dropped int }

// mark returns the point the problems are at.
func (c *collector) mark() mark { return mark{len(c.list), c.dropped} }

// replaceSince records p in place of the problems found since m (those of
// the value that started there, which is refused whole, so what was found
// in it is not reported), and blocks p's path.
func (c *collector) replaceSince(m mark, p Problem) {
	c.list, c.dropped = c.list[:m.listed], m.dropped
	c.addFatal(p)
	if c.blocked == nil {
		c.blocked = make(PathSet)
	}
	c.blocked[p.Path] = true
}

// addBlocked records a problem and blocks later problems at or under its
// path (even when the problem itself was only counted).
func (c *collector) addBlocked(p Problem) { c.addType(p) }

// addType records a wrong type and blocks later problems at or under its
// path (even when the problem itself was only counted).
func (c *collector) addType(p Problem) {
	c.add(p)
	if c.blocked == nil {
		c.blocked = make(PathSet)
	}
	c.blocked[p.Path] = true
}

// Place sets the Line and Column of each of ps from its Offset in data,
// from one line index of data however many there are.
func Place(data []byte, ps []*Pos) {
	lines := NewLines(data)
	for _, p := range ps {
		*p = lines.Pos(p.Offset)
	}
}
