package dtcg

import (
	"errors"
	"fmt"
	"strings"

	"github.com/themekit/themekit/internal/diag"
	"github.com/themekit/themekit/internal/strictjson"
	"github.com/themekit/themekit/theming"
)

// Sentinel errors: every [Problem] wraps exactly one of them. The first
// group are the DTCG format's MUST rules; the rest are this package's.
var (
	ErrSyntax      = errors.New("dtcg: malformed JSON")                                   // not JSON, or a duplicate key
	ErrName        = errors.New("dtcg: invalid token or group name")                      // a name with "{", "}" or ".", or starting with "$"
	ErrAliasCycle  = errors.New("dtcg: alias cycle")                                      // aliases that lead back to themselves
	ErrAliasTarget = errors.New("dtcg: alias to a missing token")                         // an alias naming no token
	ErrNoType      = errors.New("dtcg: token without a type")                             // no $type on the token, its groups or its alias target
	ErrRange       = errors.New("dtcg: color component out of range")                     // a component or alpha outside its color space's range
	ErrColorSpace  = errors.New("dtcg: unknown color space")                              // a colorSpace the Color module does not define
	ErrStructure   = errors.New("dtcg: invalid document structure")                       // a value of the wrong JSON type, a token without $value
	ErrResolver    = errors.New("dtcg: invalid resolver document")                        // a resolver rule broken: version, references, modifiers
	ErrNotCatalog  = errors.New("dtcg: the tokens cannot become a catalog")               // valid DTCG this library cannot represent
	ErrConverted   = errors.New("dtcg: color converted to hsl")                           // a warning: the value changed representation
	ErrIgnored     = errors.New("dtcg: token not imported")                               // a warning: a token the catalog has no place for
	ErrRead        = errors.New("dtcg: cannot read file")                                 // a referenced file is missing or cannot be read
	ErrTooLarge    = errors.New("dtcg: input too large")                                  // past MaxFileSize, MaxImportSize or MaxValues
	ErrInvalidData = errors.New("dtcg: the imported data does not validate as a catalog") // theming refused the result
)

// Problem is one problem of an imported document: where it is (the file,
// the RFC 6901 JSON pointer of the value, and its line, column and byte
// offset) and what is wrong. It has the shape of [theming.Problem]'s
// place in a file, with a JSON pointer for the path, as the Resolver
// module addresses documents; it prints the same way.
type Problem struct {
	File    string
	Pointer string // RFC 6901; "" for the whole document
	Line    int    // from 1; 0 when there is no place (a file that cannot be read)
	Column  int    // from 1, counted in bytes
	Offset  int    // from 0; meaningful when Line > 0
	Msg     string
	Err     error // one of the sentinels, or theming.ErrTooManyProblems
}

// Error formats the problem as compilers do: "file:line:col: pointer: msg".
func (p *Problem) Error() string {
	return string(append(diag.AppendPlace(nil, p.File, p.Line, p.Column, p.Pointer), p.Msg...))
}

// Unwrap returns the sentinel.
func (p *Problem) Unwrap() error { return p.Err }

// ImportError lists every problem that stopped an import: at most
// [theming.MaxProblems], the last of them, past that limit, counting the
// rest and wrapping [theming.ErrTooManyProblems], as theming's own
// errors do.
type ImportError struct {
	Problems []*Problem
}

// Error lists the problems, one per line.
func (e *ImportError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.Error()
	}
	return "dtcg: import failed:\n" + strings.Join(lines, "\n")
}

// Unwrap returns the problems, so that errors.Is finds their sentinels.
func (e *ImportError) Unwrap() []error {
	out := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p
	}
	return out
}

// problemKey says when two problems are one: the same place in the same
// document, for the same reason. The merges of one import read the same
// documents once per theme and scheme; a problem found in each is
// reported once.
type problemKey struct {
	doc *doc
	off int
	err error
}

// problems collects an import's problems and its warnings by theming's
// convention (package diag): repeats dropped, at most MaxProblems of
// each kept, the rest counted; and places them (line and column) only
// at the end, from one line index per file, for those kept.
type problems struct {
	errs, warns *diag.List[*Problem, problemKey]
	docs        map[*Problem]*doc
}

func newProblems() *problems {
	return &problems{
		errs:  diag.NewList[*Problem, problemKey](theming.MaxProblems),
		warns: diag.NewList[*Problem, problemKey](theming.MaxProblems),
		docs:  map[*Problem]*doc{},
	}
}

// addLazy is add with a message that costs something to build (a
// suggestion): msg is called only when the problem is kept.
func (ps *problems) addLazy(d *doc, ptr string, off int, sentinel error, msg func() string) {
	l := ps.errs
	if isWarning(sentinel) {
		l = ps.warns
	}
	l.AddFunc(problemKey{d, off, sentinel}, func() *Problem {
		p := &Problem{Pointer: ptr, Offset: off, Msg: msg(), Err: sentinel}
		if d != nil {
			p.File = d.name
			ps.docs[p] = d
		}
		return p
	})
}

// add records a problem at offset off (the value at pointer ptr) of d,
// or of no document when d is nil; the message is formatted only when
// the problem is kept. A sentinel of warnings ([ErrConverted]) goes to
// the warnings.
func (ps *problems) add(d *doc, ptr string, off int, sentinel error, format string, args ...any) {
	ps.addLazy(d, ptr, off, sentinel, func() string { return fmt.Sprintf(format, args...) })
}

func isWarning(err error) bool { return err == ErrConverted || err == ErrIgnored }

// failed reports whether an error has been recorded.
func (ps *problems) failed() bool { return ps.errs.Len() > 0 }

// errors returns the problems, placed, with one more counting those past
// the limit.
func (ps *problems) errors() []*Problem { return ps.placed(ps.errs) }

// warnings returns the warnings, placed, with one more counting those
// past the limit.
func (ps *problems) warnings() []*Problem { return ps.placed(ps.warns) }

func (ps *problems) placed(l *diag.List[*Problem, problemKey]) []*Problem {
	out := l.Items()
	lines := map[*doc]*strictjson.Lines{}
	for _, p := range out {
		d := ps.docs[p]
		if d == nil || d.data == nil {
			continue
		}
		if lines[d] == nil {
			lines[d] = strictjson.NewLines(d.data)
		}
		pos := lines[d].Pos(p.Offset)
		p.Line, p.Column, p.Offset = pos.Line, pos.Column, pos.Offset
	}
	if n := l.Dropped(); n > 0 {
		out = append(out, &Problem{Msg: diag.Dropped(n), Err: theming.ErrTooManyProblems})
	}
	return out
}
