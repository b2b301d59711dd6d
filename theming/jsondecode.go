package theming

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/themekit/themekit/internal/strictjson"
)

// MaxInputSize is the largest catalog.json or themes.json the loaders
// accept, in bytes. A catalog of 100,000 components is about 25 MB.
const MaxInputSize = 64 << 20

// MaxDepth is the deepest nesting of JSON arrays and objects the loaders
// accept. The formats need 5; anything far deeper is an attack or a
// mistake.
const MaxDepth = 32

// The shapes of the two files, derived once from the types' json tags,
// with the bounds on counts and strings that the checks of Go values
// apply (MaxComponents, MaxThemes, MaxNameChars, MaxImageLen, maxRefLen),
// so that the decoder refuses a value over its bound before it builds
// it, with the same message.
var (
	catalogSchema = sync.OnceValue(func() *strictjson.Schema {
		return strictjson.SchemaOf(reflect.TypeFor[Catalog]()).
			Bound(countBound(MaxComponents, "components"), "components").
			Bound(refBound, "components", "component_id").
			Bound(nameBound, "components", "name").
			Bound(refBound, "components", "fallback", "light").
			Bound(refBound, "components", "fallback", "dark")
	})
	themesSchema = sync.OnceValue(func() *strictjson.Schema {
		s := strictjson.SchemaOf(reflect.TypeFor[themesDoc]()).
			Bound(countBound(MaxThemes, "themes"), "themes").
			Bound(nameBound, "themes", "name").
			Bound(strictjson.Bound{Max: MaxComponents, Msg: func(n int) string { return countMsg(n, MaxComponents, "color overrides") },
				Key: &strictjson.Bound{Max: maxRefLen, Msg: keyLenMsg}}, "themes", "colors").
			Bound(refBound, "themes", "colors", "light").
			Bound(refBound, "themes", "colors", "dark")
		every := Theme{LogoSite: &ImagePair{}, DefaultGroupBanner: &ImagePair{}, DefaultEventBanner: &ImagePair{}, DefaultUserProfileBanner: &ImagePair{}}
		for path := range every.images() {
			s.Bound(strictjson.Bound{Max: MaxImageLen, Msg: func(n int) string { return lengthMsg(n, MaxImageLen, "bytes") }},
				append([]string{"themes"}, strings.Split(path, ".")...)...)
		}
		return s
	})
)

// The bounds of the files' strings and lists.
var (
	nameBound = strictjson.Bound{Max: MaxNameChars, Size: utf8.RuneCount,
		Msg: func(n int) string { return lengthMsg(n, MaxNameChars, "characters") }}
	refBound = strictjson.Bound{Max: maxRefLen, Msg: func(n int) string { return lengthMsg(n, maxRefLen, "bytes") }}
)

// countBound is the bound of a list of at most limit things called what.
func countBound(limit int, what string) strictjson.Bound {
	return strictjson.Bound{Max: limit, Msg: func(n int) string { return countMsg(n, limit, what) }}
}

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
		ps.addProblem(Problem{Path: p.Path, Msg: p.Msg, Err: sentinelOf(p.Err), Line: p.Line, Column: p.Column, Offset: p.Offset,
			ThemeID: themeIDAt(v, p.Path)})
	}
	ps.list().Drop(res.Dropped)
	ps.blocked = res.Blocked
	return res.OK
}

// themeIDAt returns the id of the theme of *v (a themesDoc) that path is
// in ("themes[3].name"), as the checks after decoding name it: 0 when
// path is in none, or its id is not positive.
func themeIDAt(v any, path string) int {
	doc, ok := v.(*themesDoc)
	rest, in := strings.CutPrefix(path, "themes[")
	if !ok || !in {
		return 0
	}
	end := strings.IndexByte(rest, ']')
	i, err := strconv.Atoi(rest[:max(end, 0)])
	if end < 0 || err != nil || i >= len(doc.Themes) {
		return 0
	}
	return max(doc.Themes[i].ID, 0)
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
