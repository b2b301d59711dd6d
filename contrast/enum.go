package contrast

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// enumNames is the one table of an int-based enum's names, in value order
// from 0, that its String, Parse, MarshalText and UnmarshalText and the
// checks of its values all read, so that adding a value is one edit.
type enumNames[T ~int] struct {
	typ     string   // the Go type's name, for String of a value not in names
	unknown error    // the sentinel an unknown value or name wraps
	names   []string // names[v] is the name of v
}

// The enums' tables. They are never written to.
var (
	levelNames  = enumNames[Level]{"Level", ErrUnknownLevel, []string{"AA", "AAA"}}
	methodNames = enumNames[Method]{"Method", ErrUnknownMethod, []string{"both", "exact", "rendered"}}
	sideNames   = enumNames[Side]{typ: "Side", names: []string{"foreground", "background"}}
)

func (e *enumNames[T]) valid(v T) bool { return v >= 0 && int(v) < len(e.names) }

// name is String for v: its name, or "Type(n)" for a value not in the table.
func (e *enumNames[T]) name(v T) string {
	if e.valid(v) {
		return e.names[v]
	}
	return e.typ + "(" + strconv.Itoa(int(v)) + ")"
}

// check returns nil for a known v, else an error wrapping e.unknown.
func (e *enumNames[T]) check(v T) error {
	if e.valid(v) {
		return nil
	}
	return fmt.Errorf("%w %v", e.unknown, v)
}

// parse returns the value named s, or an error wrapping e.unknown that
// lists the names.
func (e *enumNames[T]) parse(s string) (T, error) {
	if i := slices.Index(e.names, s); i >= 0 {
		return T(i), nil
	}
	n := len(e.names)
	want := strings.Join(e.names[:n-1], ", ") + " or " + e.names[n-1]
	return 0, fmt.Errorf("%w %q (want %s)", e.unknown, s, want)
}

// marshal is MarshalText for v.
func (e *enumNames[T]) marshal(v T) ([]byte, error) {
	if err := e.check(v); err != nil {
		return nil, err
	}
	return []byte(e.names[v]), nil
}

// unmarshal is UnmarshalText into dst, which is left unchanged on error.
func (e *enumNames[T]) unmarshal(dst *T, text []byte) error {
	v, err := e.parse(string(text))
	if err != nil {
		return err
	}
	*dst = v
	return nil
}
