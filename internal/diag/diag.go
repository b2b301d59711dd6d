// Package diag is the one convention by which the library collects and
// prints the problems it finds in its input (package theming's files and
// Go values, package dtcg's token files):
//
//   - a [List] drops a repeat (a problem with the key of one it holds),
//     keeps the first Limit problems, and counts the rest, so that a huge
//     broken input cannot make a huge error; its user reports the count
//     as one last problem whose message is [Dropped]'s;
//   - problems are placed (line and column) after that, from one line
//     index per file, only for those kept;
//   - a problem in a file prints as compilers print one, with
//     [AppendPlace]: "file:line:column: path: message", or "file: path:
//     message" when it has no place.
package diag

import "strconv"

// List collects problems of type P, each under a key K that says when
// two problems are one (its place and its sentinel, say).
type List[P any, K comparable] struct {
	limit   int
	items   []P
	seen    map[K]struct{}
	dropped int
}

// NewList returns an empty list that keeps at most limit problems.
func NewList[P any, K comparable](limit int) *List[P, K] {
	return &List[P, K]{limit: limit, seen: map[K]struct{}{}}
}

// Add adds p, under key, unless a problem with that key was added before
// (kept or counted); past the limit it only counts it. It reports
// whether p was kept.
func (l *List[P, K]) Add(key K, p P) bool {
	return l.AddFunc(key, func() P { return p })
}

// Items returns the problems kept, in the order added.
func (l *List[P, K]) Items() []P { return l.items }

// Dropped returns how many problems, repeats apart, were past the limit.
func (l *List[P, K]) Dropped() int { return l.dropped }

// Len returns how many problems were added, repeats apart: those kept and
// those counted.
func (l *List[P, K]) Len() int { return len(l.items) + l.dropped }

// Dropped is the message of the problem that counts n problems past the
// limit.
func Dropped(n int) string {
	return "and " + strconv.Itoa(n) + " more problems not listed"
}

// AppendPlace appends the place of a problem as compilers write it, and
// the separator before its message: "file:line:column: path: " for a
// place in a file, "file: path: " for a file without one (line 0), and
// "path: " alone without a file. An empty path is left out.
func AppendPlace(b []byte, file string, line, column int, path string) []byte {
	if file != "" {
		b = append(b, file...)
		if line > 0 {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(line), 10)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(column), 10)
		}
		b = append(b, ": "...)
	}
	if path != "" {
		b = append(b, path...)
		b = append(b, ": "...)
	}
	return b
}

// Drop counts n problems past the limit that were never added: those a
// reader with the same limit counted without listing them.
func (l *List[P, K]) Drop(n int) { l.dropped += n }

// AddFunc is Add for a problem that costs something to build (its
// message): make is called only when the problem is kept.
func (l *List[P, K]) AddFunc(key K, make func() P) bool {
	if _, dup := l.seen[key]; dup {
		return false
	}
	l.seen[key] = struct{}{}
	if len(l.items) >= l.limit {
		l.dropped++
		return false
	}
	l.items = append(l.items, make())
	return true
}
