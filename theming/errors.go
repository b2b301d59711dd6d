package theming

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/themekit/themekit/internal/diag"
	"github.com/themekit/themekit/internal/strictjson"
)

// Sentinel errors. Every Problem wraps exactly one of them, so callers can
// ask errors.Is(err, ErrCycle) of a whole *ValidationError.
var (
	ErrJSON             = errors.New("theming: malformed JSON")                // not JSON, or the wrong JSON type for a field
	ErrUnknownField     = errors.New("theming: unknown field")                 // a key the format does not have
	ErrTooLarge         = errors.New("theming: input too large")               // over MaxInputSize, MaxComponents or MaxThemes, nested too deeply, or a string over its bound (MaxNameChars, MaxImageLen)
	ErrInvalid          = errors.New("theming: invalid value")                 // a field rule failed
	ErrDuplicate        = errors.New("theming: duplicate")                     // a repeated id, variable name or JSON key
	ErrUnknownComponent = errors.New("theming: unknown component")             // a reference to a component the catalog does not define
	ErrUnknownVariable  = errors.New("theming: unknown variable")              // a reference to a CSS variable no component defines
	ErrHiddenReference  = errors.New("theming: reference to hidden component") // a visible definition refers to a hidden one
	ErrCycle            = errors.New("theming: fallback cycle")                // fallbacks that lead back to where they started
	ErrTooManyProblems  = errors.New("theming: too many problems")             // more than MaxProblems in one file
	ErrNoThemes         = errors.New("theming: no themes")                     // there is no theme to choose
	ErrUnknownTheme     = errors.New("theming: unknown theme")                 // no theme has the id asked for
)

// Problem is one thing wrong with the input.
//
// Path is a JSON path in one dialect everywhere: object keys after a dot
// (components[3].fallback.dark, colors.nav-bg.light), array indices in
// brackets, and a map key that is not a plain lower-case word in quotes
// (colors["Nav"]). For data loaded from files, File names the file and
// Path starts at its root; ThemeID is set too for a problem inside a
// theme. For Go values ([CompileCatalog], [CompiledCatalog.Snapshot] and
// CheckTheme) File is empty; Path starts at the Catalog for a catalog
// problem and at the Theme for a problem inside a theme with a valid id,
// which ThemeID then names. A theme whose id is not positive cannot be
// named by it: its problems have ThemeID 0 and a path that starts at the
// slice ("themes[3].id").
//
// A problem in a file has a place too: Line and Column (both from 1;
// Column counts bytes, as the Go toolchain does, so a tab or a character
// beyond ASCII counts as its bytes) and Offset (from 0) of the value it
// concerns: the offending byte of a syntax error, the key of a duplicate
// or unknown key, the start of the file for its size or byte order mark,
// and otherwise the start of the value at Path (or, when the file lacks
// that key, of the nearest enclosing value it has: the object missing a
// required field). Problems in Go values, and the last problem that
// counts those past MaxProblems, have Line 0: no place.
type Problem struct {
	File        string // "catalog.json" or "themes.json"; "" for Go values
	Path        string // JSON path of the offending value; "" for the whole input
	Line        int    // line of the value in File, from 1; 0 when there is no place
	Column      int    // column of the value in bytes, from 1; 0 when there is no place
	Offset      int    // byte offset of the value in File, from 0; meaningful when Line > 0
	ThemeID     int    // the theme the problem is in; 0 when not in a theme
	ComponentID string // the component the problem is about, where one applies
	Scheme      Scheme // the color scheme the problem is in, where one applies
	Msg         string // what is wrong and what was expected
	Err         error  // the sentinel
}

// Error returns, as compilers write them, "<file>:<line>:<column>:
// <path>: <msg>" for a problem with a place in a file ("<file>: <path>:
// <msg>" for one without), and for one in Go values "theme <id>: <path>:
// <msg>" inside a theme or "<path>: <msg>" outside one. The path is left
// out when it is empty.
func (p *Problem) Error() string {
	b := make([]byte, 0, len(p.File)+len(p.Path)+len(p.Msg)+24)
	if p.File == "" && p.ThemeID != 0 {
		b = append(b, "theme "...)
		b = strconv.AppendInt(b, int64(p.ThemeID), 10)
		b = append(b, ": "...)
	}
	b = diag.AppendPlace(b, p.File, p.Line, p.Column, p.Path)
	return string(append(b, p.Msg...))
}

var (
	_ error                       = (*Problem)(nil)
	_ error                       = (*ValidationError)(nil)
	_ interface{ Unwrap() error } = (*Problem)(nil)
)

// Unwrap returns the sentinel.
func (p *Problem) Unwrap() error { return p.Err }

// ValidationError reports every problem found in a catalog and its
// themes: in file and path order for files, in theme order and then path
// order for Go values. Nothing is built when it is returned, except by
// [CompiledCatalog.SnapshotLenient], which returns it beside the snapshot
// of the themes that passed.
type ValidationError struct {
	Problems []*Problem
}

// Error lists every problem, one per line, after a count.
func (e *ValidationError) Error() string {
	var b strings.Builder
	b.WriteString("theming: invalid data: ")
	if len(e.Problems) == 1 {
		b.WriteString("1 problem")
	} else {
		b.WriteString(strconv.Itoa(len(e.Problems)))
		b.WriteString(" problems")
	}
	for _, p := range e.Problems {
		b.WriteString("\n\t")
		b.WriteString(p.Error())
	}
	return b.String()
}

// Unwrap returns the problems, so errors.Is and errors.As look at each.
func (e *ValidationError) Unwrap() []error {
	errs := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		errs[i] = p
	}
	return errs
}

// FieldProblems is one field's problems: what a form shows beside the
// field, in the shape of the contrast report's failures per field
// (theming/fix: Report.ByField).
type FieldProblems struct {
	ThemeID  int        `json:"theme"` // the theme the field belongs to; 0 outside a theme
	Field    string     `json:"field"` // the problems' Path: "name", "colors.nav-bg.light", ...
	Problems []*Problem `json:"problems"`
}

// ByField groups e's problems by the field a form shows them at, their
// theme and Path: one entry per theme and path, entries in the order of
// their first problem, each with its problems in e's order. A theme's
// color field is named as [FieldName] names it ("colors.<id>.<scheme>");
// a problem with the override itself (an unknown component's key) is at
// "colors.<id>", and one with the whole input at "".
func (e *ValidationError) ByField() []FieldProblems {
	if e == nil {
		return nil
	}
	type key struct {
		theme int
		field string
	}
	var out []FieldProblems
	at := map[key]int{}
	for _, p := range e.Problems {
		k := key{p.ThemeID, p.Path}
		n, ok := at[k]
		if !ok {
			n = len(out)
			at[k] = n
			out = append(out, FieldProblems{ThemeID: p.ThemeID, Field: p.Path})
		}
		out[n].Problems = append(out[n].Problems, p)
	}
	return out
}

// MaxProblems is the most problems reported for one file (for Go
// values, for one catalog or one theme). Past it, the loader goes on
// reading (to find the file's end or a syntax error) and counts the rest
// in one last problem wrapping ErrTooManyProblems, so that a huge broken
// file cannot produce a huge error. A problem that repeats one already
// reported (the same place, path and message) is left out. Package dtcg
// follows the same convention, with the same limit, for the files of one
// import.
const MaxProblems = 1000

// problems collects Problems for one file, one catalog or one theme, by
// the library's one convention (package diag): repeats dropped, at most
// MaxProblems kept, the rest counted.
type problems struct {
	file    string
	l       *diag.List[*Problem, Problem]
	blocked strictjson.PathSet // paths whose value had the wrong JSON type
}

// addProblem records p, with the file, unless it is at or under a path
// whose value had the wrong JSON type: that value decoded as its zero
// value, and a second problem about it would only repeat the first.
func (ps *problems) addProblem(p Problem) {
	if ps.isBlocked(p.Path) {
		return
	}
	p.File = ps.file
	ps.list().Add(p, &p)
}

// list returns the list, made on first use, so that the zero problems is
// ready to use.
func (ps *problems) list() *diag.List[*Problem, Problem] {
	if ps.l == nil {
		ps.l = diag.NewList[*Problem, Problem](MaxProblems)
	}
	return ps.l
}

// len returns how many problems were recorded, those past MaxProblems
// included.
func (ps *problems) len() int {
	if ps.l == nil {
		return 0
	}
	return ps.l.Len()
}

// scope places problems: in the theme themeID (0 for none), at paths
// under list[index] when list is set, then under sub[subIndex] when sub is
// set ("components[3].variables[1]."). The prefix is written only when a
// problem is recorded, so checking a value that is fine builds no string.
type scope struct {
	ps       *problems
	themeID  int
	list     string
	index    int
	sub      string
	subIndex int
}

// at returns the scope for element index of list (or of sub, when the
// scope already has a list).
func (sp scope) at(list string, index int) scope {
	if sp.list == "" {
		sp.list, sp.index = list, index
	} else {
		sp.sub, sp.subIndex = list, index
	}
	return sp
}

// path returns the path of rel under the scope's prefix.
func (sp scope) path(rel string) string {
	var b []byte
	for _, part := range [...]struct {
		name  string
		index int
	}{{sp.list, sp.index}, {sp.sub, sp.subIndex}} {
		if part.name == "" {
			continue
		}
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, part.name...)
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(part.index), 10)
		b = append(b, ']')
	}
	if rel != "" {
		if len(b) > 0 && rel[0] != '[' {
			b = append(b, '.')
		}
		b = append(b, rel...)
	}
	return string(b)
}

// add records a problem at path rel under the scope's prefix, about
// component comp (or "") in scheme sc (or "").
func (sp scope) add(rel, comp string, sc Scheme, sentinel error, msg string) {
	sp.ps.addProblem(Problem{Path: sp.path(rel), ThemeID: sp.themeID, ComponentID: comp, Scheme: sc, Err: sentinel, Msg: msg})
}

// isBlocked reports whether path or one of its ancestors is blocked.
func (ps *problems) isBlocked(path string) bool { return ps.blocked.Covers(path) }

// count returns how many problems have been recorded.
func (ps *problems) count() int { return ps.len() }

// result returns the problems in document order, with one more at the
// end that counts those past MaxProblems.
func (ps *problems) result() []*Problem {
	if ps.l == nil {
		return nil
	}
	list := ps.l.Items()
	sortProblems(list)
	if n := ps.l.Dropped(); n > 0 {
		return append(list, &Problem{File: ps.file, Msg: diag.Dropped(n), Err: ErrTooManyProblems})
	}
	return list
}

// sortProblems orders one file's problems by JSON path, comparing array
// indices as numbers, so that they read in about the order of the
// document. The sort is stable.
func sortProblems(list []*Problem) {
	slices.SortStableFunc(list, func(a, b *Problem) int { return strictjson.ComparePaths(a.Path, b.Path) })
}

// ErrNoSnapshot is returned by a Source that holds no snapshot yet.
// httpadapter answers it with 503 Service Unavailable and Retry-After.
var ErrNoSnapshot = errors.New("theming: no snapshot loaded")

// ErrUnknownTenant is wrapped by a Source error for a request whose tenant
// the host does not know. httpadapter answers it with 404 Not Found.
var ErrUnknownTenant = errors.New("theming: unknown tenant")
