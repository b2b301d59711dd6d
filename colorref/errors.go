package colorref

import (
	"errors"
	"strconv"
)

// ErrSyntax is the error that every failed parse in this package wraps:
// the input is not a color or reference of the accepted grammar. Like
// every sentinel of the module its message names its package; a
// [ParseError] wrapping it writes its own message, which names the package
// once, and leaves the sentinel's text out.
var ErrSyntax = errors.New("colorref: invalid syntax")

// ParseError is the error ParseColor, ParseHex and ParseRef return for
// input they reject. It records the whole input and the byte offset at
// which the parser gave up, and unwraps to ErrSyntax.
type ParseError struct {
	Input  string // the text given to the parser
	Offset int    // byte offset in Input where it went wrong
	Msg    string // what was expected there, in lower case
	Err    error  // the sentinel: ErrSyntax
}

// maxQuoted is how much of a long input an error message shows.
const maxQuoted = 64

// Error returns a message of the form
//
//	colorref: <what> at offset <n> of "<input>"
//
// with inputs longer than 64 bytes shortened in the message (the Input
// field keeps them whole).
func (e *ParseError) Error() string {
	in := e.Input
	if len(in) > maxQuoted {
		in = in[:maxQuoted] + "..."
	}
	return "colorref: " + e.Msg + " at offset " + strconv.Itoa(e.Offset) + " of " + strconv.Quote(in)
}

// Unwrap returns the sentinel the error wraps, so that
// errors.Is(err, ErrSyntax) reports true.
func (e *ParseError) Unwrap() error { return e.Err }

func syntaxError(input string, offset int, msg string) *ParseError {
	return &ParseError{Input: input, Offset: offset, Msg: msg, Err: ErrSyntax}
}
