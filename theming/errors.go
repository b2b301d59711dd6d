package theming

import (
	"errors"
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
	file string
	list []*Problem
}

func (ps *problems) add(path string, sentinel error, msg string) {
	ps.list = append(ps.list, &Problem{File: ps.file, Path: path, Msg: msg, Err: sentinel})
}

func itoa(n int) string { return strconv.Itoa(n) }
