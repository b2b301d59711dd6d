package theming

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"
)

// Sentinel errors. Every Problem wraps exactly one of them, so callers can
// ask errors.Is(err, ErrCycle) of a whole *ValidationError.
var (
	ErrJSON             = errors.New("malformed JSON")                // not JSON, or the wrong JSON type for a field
	ErrUnknownField     = errors.New("unknown field")                 // a key the format does not have
	ErrTooLarge         = errors.New("input too large")               // over MaxInputSize, or nested too deeply
	ErrInvalid          = errors.New("invalid value")                 // a field rule failed
	ErrDuplicate        = errors.New("duplicate")                     // a repeated id, variable name or JSON key
	ErrUnknownComponent = errors.New("unknown component")             // a reference to a component the catalog does not define
	ErrUnknownVariable  = errors.New("unknown variable")              // a reference to a CSS variable no component defines
	ErrHiddenReference  = errors.New("reference to hidden component") // a visible definition refers to a hidden one
	ErrCycle            = errors.New("fallback cycle")                // fallbacks that lead back to where they started
	ErrTooManyProblems  = errors.New("too many problems")             // more than MaxProblems in one file
	ErrNoThemes         = errors.New("theming: no themes")            // there is no theme to choose
	ErrUnknownTheme     = errors.New("theming: unknown theme")        // no theme has the id asked for
)

// Problem is one thing wrong with the input, at a JSON path such as
// components[3].fallback.dark in the file File.
type Problem struct {
	File        string // "catalog.json" or "themes.json"; "" for Go values
	Path        string // JSON path of the offending value; "" for the whole file
	ThemeID     int    // the theme the problem is in; 0 when not in a theme
	ComponentID string // the component the problem is about, where one applies
	Scheme      Scheme // the color scheme, where one applies
	Msg  string // what is wrong and what was expected
	Err  error  // the sentinel
}

// Error returns "<file>: <path>: <msg>" for a problem in a file, and for
// one in Go values "theme <id>: <path>: <msg>" inside a theme or
// "<path>: <msg>" outside one.
func (p *Problem) Error() string {
	var b strings.Builder
	switch {
	case p.File != "":
		b.WriteString(p.File)
		b.WriteString(": ")
	case p.ThemeID != 0:
		b.WriteString("theme ")
		b.WriteString(strconv.Itoa(p.ThemeID))
		b.WriteString(": ")
	}
	if p.Path != "" {
		b.WriteString(p.Path)
		b.WriteString(": ")
	}
	b.WriteString(p.Msg)
	return b.String()
}

// Unwrap returns the sentinel.
func (p *Problem) Unwrap() error { return p.Err }

// ValidationError reports every problem found while loading a catalog and
// its themes, in file order. Nothing is loaded when it is returned.
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

// MaxProblems is the most problems reported for one file. Past it, the
// loader goes on reading (to find the file's end or a syntax error) and
// counts the rest in one last problem wrapping ErrTooManyProblems, so that
// a huge broken file cannot produce a huge error.
const MaxProblems = 1000

// problems collects Problems for one file.
type problems struct {
	file    string
	list    []*Problem
	blocked map[string]bool // paths whose value had the wrong JSON type
	dropped int             // problems past MaxProblems
}

// add records a problem, unless it is at or under a path whose value had
// the wrong JSON type: that value decoded as its zero value, and a second
// problem about it would only repeat the first.
func (ps *problems) add(path string, sentinel error, msg string) {
	if !ps.isBlocked(path) {
		ps.record(path, sentinel, msg)
	}
}

// isBlocked reports whether path or one of its ancestors is blocked. It
// looks up each ancestor (each prefix that ends before a "." or "["), so
// its cost does not grow with the number of blocked paths.
func (ps *problems) isBlocked(path string) bool {
	if len(ps.blocked) == 0 {
		return false
	}
	if ps.blocked[path] {
		return true
	}
	for i := 1; i < len(path); i++ {
		if (path[i] == '.' || path[i] == '[') && ps.blocked[path[:i]] {
			return true
		}
	}
	return false
}

func (ps *problems) record(path string, sentinel error, msg string) {
	if len(ps.list) >= MaxProblems {
		ps.dropped++
		return
	}
	ps.list = append(ps.list, &Problem{File: ps.file, Path: path, Msg: msg, Err: sentinel})
}

// addFatal records a problem that ends the scan, whatever the path.
func (ps *problems) addFatal(path string, sentinel error, msg string) {
	ps.record(path, sentinel, msg)
}

// addType records a wrong JSON type at path and blocks later problems
// there.
func (ps *problems) addType(path, msg string) {
	ps.add(path, ErrJSON, msg)
	if ps.blocked == nil {
		ps.blocked = make(map[string]bool)
	}
	ps.blocked[path] = true
}

// result returns the problems in document order, with one more at the
// end that counts those past MaxProblems.
func (ps *problems) result() []*Problem {
	sortProblems(ps.list)
	if ps.dropped == 0 {
		return ps.list
	}
	return append(ps.list, &Problem{File: ps.file, Msg: "and " + strconv.Itoa(ps.dropped) + " more problems not listed", Err: ErrTooManyProblems})
}

// sortProblems orders one file's problems by JSON path, comparing array
// indices as numbers, so that they read in about the order of the
// document. The sort is stable.
func sortProblems(list []*Problem) {
	slices.SortStableFunc(list, func(a, b *Problem) int { return comparePaths(a.Path, b.Path) })
}

// comparePaths compares JSON paths segment by segment; numeric indices
// compare as numbers.
func comparePaths(a, b string) int {
	for a != "" && b != "" {
		sa, ra := nextSegment(a)
		sb, rb := nextSegment(b)
		na, errA := strconv.Atoi(sa)
		nb, errB := strconv.Atoi(sb)
		var c int
		if errA == nil && errB == nil {
			c = cmp.Compare(na, nb)
		} else {
			c = strings.Compare(sa, sb)
		}
		if c != 0 {
			return c
		}
		a, b = ra, rb
	}
	return cmp.Compare(len(a), len(b))
}

// nextSegment splits the first segment (a key or an index) off a path.
func nextSegment(p string) (seg, rest string) {
	p = strings.TrimPrefix(p, ".")
	if strings.HasPrefix(p, "[") {
		if i := strings.IndexByte(p, ']'); i > 0 {
			return p[1:i], p[i+1:]
		}
		return p, ""
	}
	if i := strings.IndexAny(p, ".["); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}
