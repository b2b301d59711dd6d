package strictjson

import (
	"cmp"
	"strconv"
	"strings"
)

// JoinKey appends an object key to a path: .name for a field of a fixed
// format, ["key"] for a map key that is not a plain lower-case word
// (letters a-z, digits, "-" and "_"), and for an empty key.
func JoinKey(path, key string, mapKey bool) string {
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

// appendIndex appends an array index to a path.
func appendIndex(b []byte, index int) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(index), 10)
	return append(b, ']')
}

// step is one step of a parsed path: a key, or an index when isIndex.
type step struct {
	key     string
	index   int
	isIndex bool
}

// nextStep splits the first step off a path: ".key" or "key" up to the
// next "." or "[", "[n]", or a quoted key `["k"]`. Text that is none of
// these is taken as a key up to the end.
func nextStep(p string) (st step, rest string) {
	p = strings.TrimPrefix(p, ".")
	if strings.HasPrefix(p, "[") {
		if q, err := strconv.QuotedPrefix(p[1:]); err == nil && strings.HasPrefix(p[1+len(q):], "]") {
			key, _ := strconv.Unquote(q)
			return step{key: key}, p[1+len(q)+1:]
		}
		if i := strings.IndexByte(p, ']'); i > 0 {
			if n, err := strconv.Atoi(p[1:i]); err == nil && n >= 0 {
				return step{index: n, isIndex: true}, p[i+1:]
			}
		}
		return step{key: p}, ""
	}
	if i := strings.IndexAny(p, ".["); i >= 0 {
		return step{key: p[:i]}, p[i:]
	}
	return step{key: p}, ""
}

// ComparePaths orders paths step by step, indices as numbers, keys as
// strings (an index before a key whose text sorts after its digits), so
// that problems sorted by path read in about the order of the document.
// A path sorts before the paths under it.
func ComparePaths(a, b string) int {
	for a != "" && b != "" {
		sa, ra := nextStep(a)
		sb, rb := nextStep(b)
		var c int
		switch {
		case sa.isIndex && sb.isIndex:
			c = cmp.Compare(sa.index, sb.index)
		default:
			c = strings.Compare(sa.text(), sb.text())
		}
		if c != 0 {
			return c
		}
		a, b = ra, rb
	}
	return cmp.Compare(len(a), len(b))
}

func (st step) text() string {
	if st.isIndex {
		return strconv.Itoa(st.index)
	}
	return st.key
}
