package dtcg

import (
	"errors"
	"strconv"
	"strings"
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
	ErrRead        = errors.New("dtcg: cannot read file")                                 // a referenced file is missing or too large
	ErrInvalidData = errors.New("dtcg: the imported data does not validate as a catalog") // theming refused the result
)

// Problem is one problem of an imported document: where it is (the file,
// the JSON pointer of the value, and its line and column, from 1, counted
// in bytes) and what is wrong.
type Problem struct {
	File    string
	Pointer string // RFC 6901; "" for the whole document
	Line    int
	Column  int
	Msg     string
	Err     error // one of the sentinels
}

// Error formats the problem as compilers do: "file:line:col: pointer: msg".
func (p *Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		b.WriteString(":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column))
	}
	b.WriteString(": ")
	if p.Pointer != "" {
		b.WriteString(p.Pointer + ": ")
	}
	b.WriteString(p.Msg)
	return b.String()
}

// Unwrap returns the sentinel.
func (p *Problem) Unwrap() error { return p.Err }

// ImportError lists every problem that stopped an import.
type ImportError struct {
	Problems []*Problem
	Dropped  int // problems past [MaxProblems], not listed
}

// Error lists the problems, one per line.
func (e *ImportError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.Error()
	}
	if e.Dropped > 0 {
		lines = append(lines, "and "+strconv.Itoa(e.Dropped)+" more problem(s)")
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
