package strictjson

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// scanner reads the tokens of one JSON document: the one tokenizer under
// [Decode], [Locate] and [Parse]. It stops at the first syntax error,
// which it records (its offset and message) for the caller to report in
// its own terms.
type scanner struct {
	data   []byte
	i      int
	errOff int    // the offset of the syntax error that stopped the scan
	errMsg string // its message; "" when none
}

// stopError ends a scan that cannot go on (a syntax error, or a limit).
type stopError struct{}

func (stopError) Error() string { return "stop" }

var errStop error = stopError{}

func (s *scanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next skips whitespace and answers whether c comes next.
func (s *scanner) next(c byte) bool {
	s.space()
	return s.i < len(s.data) && s.data[s.i] == c
}

// skip skips whitespace and then c, when c comes next, and answers
// whether it did: the one reading of the punctuation between the members
// of an object or an array.
func (s *scanner) skip(c byte) bool {
	if !s.next(c) {
		return false
	}
	s.i++
	return true
}

// syntax records a syntax error at the current offset and stops.
func (s *scanner) syntax(what string) error {
	s.errOff = s.i
	if s.i >= len(s.data) {
		s.errMsg = "unexpected end of JSON input"
		return errStop
	}
	s.errMsg = "invalid character " + quoteChar(s.data[s.i]) + " " + what + " at byte offset " + strconv.Itoa(s.i+1)
	return errStop
}

// list reads the members of a container, from just after its opening
// bracket through close, its closing one: none, or items separated by
// commas, each read by item. A comma before close is named as a
// trailing comma, at the comma; after an item, anything else is a
// syntax error "after" it.
func (s *scanner) list(close byte, after string, item func() error) error {
	if s.skip(close) {
		return nil
	}
	for {
		if err := item(); err != nil {
			return err
		}
		if s.next(',') {
			comma := s.i
			s.i++
			if s.next(close) {
				s.errOff = comma
				s.errMsg = "trailing comma before '" + string(close) + "' at byte offset " + strconv.Itoa(comma+1) + ": JSON allows no comma after the last member"
				return errStop
			}
			continue
		}
		if s.skip(close) {
			return nil
		}
		return s.syntax(after)
	}
}

// key reads an object member's key and the colon after it, and returns
// the key's offset (its opening quote) and its text.
func (s *scanner) key() (int, []byte, error) {
	if !s.next('"') {
		return 0, nil, s.syntax("looking for beginning of object key string")
	}
	off := s.i
	kb, err := s.str()
	if err != nil {
		return 0, nil, err
	}
	if !s.skip(':') {
		return 0, nil, s.syntax("after object key")
	}
	return off, kb, nil
}

// quoteChar writes a byte as encoding/json's messages do.
func quoteChar(c byte) string {
	switch {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < 0x20 || c >= 0x7f:
		return strconv.Quote(string(rune(c)))
	}
	return "'" + string(rune(c)) + "'"
}

// start reads past whitespace to the first byte of a value and answers
// it, or records the syntax error of a missing value.
func (s *scanner) start() (byte, error) {
	s.space()
	if s.i >= len(s.data) {
		return 0, s.syntax("")
	}
	c := s.data[s.i]
	switch {
	case c == '{' || c == '[' || c == '"' || c == 't' || c == 'f' || c == 'n' || c == '-' || '0' <= c && c <= '9':
		return c, nil
	}
	return 0, s.syntax("looking for beginning of value")
}

func (s *scanner) literal(word string) error {
	for k := 0; k < len(word); k++ {
		if s.i >= len(s.data) || s.data[s.i] != word[k] {
			return s.syntax("in literal " + word + " (expecting " + quoteChar(word[k]) + ")")
		}
		s.i++
	}
	return nil
}

// number scans a JSON number and returns its text, a slice of the input.
func (s *scanner) number() ([]byte, error) {
	start := s.i
	if s.data[s.i] == '-' {
		s.i++
	}
	switch {
	case s.i < len(s.data) && s.data[s.i] == '0':
		s.i++
	case s.digits() == 0:
		return nil, s.syntax("in numeric literal")
	}
	if s.i < len(s.data) && s.data[s.i] == '.' {
		s.i++
		if s.digits() == 0 {
			return nil, s.syntax("after decimal point in numeric literal")
		}
	}
	if s.i < len(s.data) && (s.data[s.i] == 'e' || s.data[s.i] == 'E') {
		s.i++
		if s.i < len(s.data) && (s.data[s.i] == '+' || s.data[s.i] == '-') {
			s.i++
		}
		if s.digits() == 0 {
			return nil, s.syntax("in exponent of numeric literal")
		}
	}
	return s.data[start:s.i], nil
}

// digits skips decimal digits and counts them.
func (s *scanner) digits() int {
	n := 0
	for s.i < len(s.data) && '0' <= s.data[s.i] && s.data[s.i] <= '9' {
		s.i++
		n++
	}
	return n
}

// str reads a JSON string and returns its content: a slice of the input
// when it has no escapes, else a new slice.
func (s *scanner) str() ([]byte, error) {
	s.i++ // the opening quote
	start := s.i
	for s.i < len(s.data) {
		switch c := s.data[s.i]; {
		case c == '"':
			s.i++
			return s.data[start : s.i-1], nil
		case c == '\\':
			return s.escaped(start)
		case c < 0x20:
			return nil, s.syntax("in string literal")
		}
		s.i++
	}
	return nil, s.syntax("")
}

// escaped reads the rest of a string that has escapes, from start.
func (s *scanner) escaped(start int) ([]byte, error) {
	out := append([]byte(nil), s.data[start:s.i]...)
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '"':
			s.i++
			return out, nil
		case c < 0x20:
			return nil, s.syntax("in string literal")
		case c != '\\':
			out = append(out, c)
			s.i++
			continue
		}
		s.i++
		if s.i >= len(s.data) {
			return nil, s.syntax("")
		}
		var err error
		if out, err = s.escape(out); err != nil {
			return nil, err
		}
		s.i++
	}
	return nil, s.syntax("")
}

// escape appends the character of the escape whose letter is at s.i,
// and leaves s.i on the escape's last byte.
func (s *scanner) escape(out []byte) ([]byte, error) {
	switch e := s.data[s.i]; e {
	case '"', '\\', '/':
		return append(out, e), nil
	case 'b':
		return append(out, '\b'), nil
	case 'f':
		return append(out, '\f'), nil
	case 'n':
		return append(out, '\n'), nil
	case 'r':
		return append(out, '\r'), nil
	case 't':
		return append(out, '\t'), nil
	case 'u':
		r, err := s.hex4()
		if err != nil {
			return nil, err
		}
		if utf16.IsSurrogate(r) {
			r2 := rune(-1)
			if s.i+2 < len(s.data) && s.data[s.i+1] == '\\' && s.data[s.i+2] == 'u' {
				save := s.i
				s.i += 2
				if r2, err = s.hex4(); err != nil {
					return nil, err
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					r = dec
				} else {
					s.i = save // not a pair: the second escape stands alone
					r = utf8.RuneError
				}
			} else {
				r = utf8.RuneError
			}
		}
		return utf8.AppendRune(out, r), nil
	}
	return nil, s.syntax("in string escape code")
}

// hex4 reads the four hex digits after \u; s.i is at the 'u' and is left
// at the last digit.
func (s *scanner) hex4() (rune, error) {
	var r rune
	for k := 0; k < 4; k++ {
		s.i++
		if s.i >= len(s.data) {
			return 0, s.syntax("")
		}
		c := s.data[s.i]
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, s.syntax("in \\u hexadecimal character escape")
		}
	}
	return r, nil
}
