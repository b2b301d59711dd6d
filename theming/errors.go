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
	ErrNoThemes         = errors.New("theming: no themes")            // there is no theme to choose
	ErrUnknownTheme     = errors.New("theming: unknown theme")        // no theme has the id asked for
)

// Problem is one thing wrong with the input, at a JSON path such as
// components[3].fallback.dark in the file File.
type Problem struct {
	File string // "catalog.json" or "themes.json"
	Path string // JSON path of the offending value; "" for the whole file
	Msg  string // what is wrong and what was expected
	Err  error  // the sentinel
}

// Error returns "<file>: <path>: <msg>".
func (p *Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Path != "" {
		b.WriteString(": ")
		b.WriteString(p.Path)
	}
	b.WriteString(": ")
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
		b.WriteString(itoa(len(e.Problems)))
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

// problems collects Problems for one file.
type problems struct {
	file    string
	list    []*Problem
	blocked []string // paths whose value had the wrong JSON type
}

// add records a problem, unless it is at or under a path whose value had
// the wrong JSON type: that value decoded as its zero value, and a second
// problem about it would only repeat the first.
func (ps *problems) add(path string, sentinel error, msg string) {
	for _, b := range ps.blocked {
		if path == b || strings.HasPrefix(path, b) && (path[len(b)] == '.' || path[len(b)] == '[') {
			return
		}
	}
	ps.list = append(ps.list, &Problem{File: ps.file, Path: path, Msg: msg, Err: sentinel})
}

// addFatal records a problem that ends the scan, whatever the path.
func (ps *problems) addFatal(path string, sentinel error, msg string) {
	ps.list = append(ps.list, &Problem{File: ps.file, Path: path, Msg: msg, Err: sentinel})
}

// addType records a wrong JSON type at path and blocks later problems
// there.
func (ps *problems) addType(path, msg string) {
	ps.add(path, ErrJSON, msg)
	ps.blocked = append(ps.blocked, path)
}

func itoa(n int) string { return strconv.Itoa(n) }

// sortProblems orders problems by file (catalog first) and then by JSON
// path, comparing array indices as numbers, so that they read in about
// the order of the document. The sort is stable.
func sortProblems(list []*Problem) {
	slices.SortStableFunc(list, func(a, b *Problem) int {
		if a.File != b.File {
			if a.File == CatalogFile {
				return -1
			}
			if b.File == CatalogFile {
				return 1
			}
			return strings.Compare(a.File, b.File)
		}
		return comparePaths(a.Path, b.Path)
	})
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
