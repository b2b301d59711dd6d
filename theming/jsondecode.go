package theming

import (
	"errors"
	"reflect"
	"sync"

	"github.com/themekit/themekit/internal/strictjson"
)

// MaxInputSize is the largest catalog.json or themes.json the loaders
// accept, in bytes. A catalog of 100,000 components is about 25 MB.
const MaxInputSize = 64 << 20

// MaxDepth is the deepest nesting of JSON arrays and objects the loaders
// accept. The formats need 5; anything far deeper is an attack or a
// mistake.
const MaxDepth = 32

// The shapes of the two files, derived once from the types' json tags.
var (
	catalogSchema = sync.OnceValue(func() *strictjson.Schema { return strictjson.SchemaOf(reflect.TypeFor[Catalog]()) })
	themesSchema  = sync.OnceValue(func() *strictjson.Schema { return strictjson.SchemaOf(reflect.TypeFor[themesDoc]()) })
)

// limits are the loaders' bounds on one file.
var limits = strictjson.Limits{Size: MaxInputSize, Depth: MaxDepth, Problems: MaxProblems}

// decodeJSON decodes data into v (a pointer) against s with the strict
// decoder, and records what it finds in ps, which holds no problem yet,
// each with its place in the file. It reports whether v holds the data:
// it does not after a syntax error, invalid UTF-8, a byte order mark or
// excessive size or depth; it does after unknown keys, duplicate keys and
// wrong types, so that validation goes on and reports every other problem
// too (but none again under a path whose value had the wrong type).
func decodeJSON(data []byte, v any, s *strictjson.Schema, ps *problems) bool {
	res := strictjson.Decode(data, v, s, limits)
	for _, p := range res.Problems {
		ps.addProblem(Problem{Path: p.Path, Msg: p.Msg, Err: sentinelOf(p.Err), Line: p.Line, Column: p.Column, Offset: p.Offset})
	}
	ps.list().Drop(res.Dropped)
	ps.blocked = res.Blocked
	return res.OK
}

// sentinelOf is the theming sentinel of a strict decoder's problem.
func sentinelOf(err error) error {
	switch {
	case errors.Is(err, strictjson.ErrTooLarge):
		return ErrTooLarge
	case errors.Is(err, strictjson.ErrDuplicate):
		return ErrDuplicate
	case errors.Is(err, strictjson.ErrUnknownField):
		return ErrUnknownField
	case errors.Is(err, strictjson.ErrRequired):
		return ErrInvalid
	}
	return ErrJSON // a syntax error or a wrong type
}

// place sets the line, column and offset in data of each of list's
// problems that has none yet (those the checks after decoding found),
// with one scan of data for all of them. The count of problems past
// MaxProblems has no place.
func place(data []byte, list []*Problem) {
	var paths []string
	for _, p := range list {
		if p.Line == 0 && p.Err != ErrTooManyProblems {
			paths = append(paths, p.Path)
		}
	}
	if len(paths) == 0 {
		return
	}
	at := strictjson.Locate(data, paths)
	for _, p := range list {
		if p.Line == 0 && p.Err != ErrTooManyProblems {
			pos := at[p.Path]
			p.Line, p.Column, p.Offset = pos.Line, pos.Column, pos.Offset
		}
	}
}

// joinKey appends an object key to a JSON path in the one dialect of
// Problem.Path (see [strictjson.JoinKey]).
func joinKey(path, key string, mapKey bool) string { return strictjson.JoinKey(path, key, mapKey) }
