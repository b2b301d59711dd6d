package revision

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// The rules every Store applies to its arguments before it asks its
// storage, so that two stores answer every input alike: a database's
// types (int, text, jsonb) would otherwise answer some of them with
// errors of their own, or keep a value other than the one given.

// MaxThemeLen bounds a saved theme: its JSON encoding, in bytes. The
// catalog bounds what a theme may override; this bounds what no catalog
// looks at, the length of its strings, and with [MaxNoteLen] and
// [MaxLimit] the size of a page of history.
const MaxThemeLen = 64 << 10

// CheckSave is the rule every [Store] applies before it saves t: by's
// *[InputError] ([Change.Check]), else nil when t is a theme every store
// keeps as it is, and otherwise a *theming.ValidationError: the problems
// of [theming.CompiledCatalog.CheckTheme], then those of what a store
// cannot keep, each at its field: a number over [MaxNumber] (the id, the
// logo sizes), a name that is not valid UTF-8 or holds a NUL byte (JSON
// would replace the one, PostgreSQL refuses the other), an encoding over
// [MaxThemeLen].
func CheckSave(cc *theming.CompiledCatalog, t theming.Theme, by Change) error {
	if err := by.Check(); err != nil {
		return err
	}
	err := cc.CheckTheme(t)
	var ve *theming.ValidationError
	if err != nil && !errors.As(err, &ve) {
		return err // no catalog
	}
	probs := storeProblems(t)
	if len(probs) == 0 {
		return err
	}
	if ve == nil {
		ve = &theming.ValidationError{}
	}
	return &theming.ValidationError{Problems: append(ve.Problems, probs...)}
}

// storeProblems returns what no store keeps of t as it is.
func storeProblems(t theming.Theme) []*theming.Problem {
	id := max(t.ID, 0)
	if id > MaxNumber {
		id = 0 // a theme is named by an id it can have
	}
	var out []*theming.Problem
	add := func(path string, sentinel error, msg string) {
		out = append(out, &theming.Problem{Path: path, ThemeID: id, Err: sentinel, Msg: msg})
	}
	for _, f := range []struct {
		path string
		n    int
	}{
		{"id", t.ID}, {"logo_height", t.LogoHeight}, {"logo_margin_left", t.LogoMarginLeft},
		{"logo_margin_top", t.LogoMarginTop}, {"compact_logo_size", t.CompactLogoSize},
	} {
		if f.n > MaxNumber {
			add(f.path, theming.ErrInvalid, "must be at most "+strconv.Itoa(MaxNumber)+", not "+strconv.Itoa(f.n))
		}
	}
	if msg := textProblem(t.Name); msg != "" {
		add("name", theming.ErrInvalid, msg)
	}
	if len(out) == 0 { // an encoding of what was refused says nothing more
		if b, _ := json.Marshal(t); len(b) > MaxThemeLen {
			add("", theming.ErrTooLarge, "the theme's JSON encoding is "+strconv.Itoa(len(b))+" bytes; the limit is "+strconv.Itoa(MaxThemeLen))
		}
	}
	return out
}

// checkText returns the *InputError of a text field over max bytes, not
// UTF-8 or with a NUL byte.
func checkText(field, s string, maxLen int) error {
	if len(s) > maxLen {
		return &InputError{Field: field, Msg: fmt.Sprintf("%d bytes; the limit is %d", len(s), maxLen)}
	}
	if msg := textProblem(s); msg != "" {
		return &InputError{Field: field, Msg: msg}
	}
	return nil
}

// textProblem says what keeps s from being stored as text as it is, or
// returns "".
func textProblem(s string) string {
	switch {
	case !utf8.ValidString(s):
		return "is not valid UTF-8"
	case strings.IndexByte(s, 0) >= 0:
		return "holds a NUL byte"
	}
	return ""
}

// CheckTenant returns nil for a name a tenant may have, and otherwise the
// *[InputError] CreateTenant answers it with: an empty name, and those
// [tenant.CheckName] refuses (over [tenant.MaxNameLen] bytes, not UTF-8,
// a NUL byte). The other methods of a [Store] answer such a name as one
// of no tenant ([UnknownTenant]).
func CheckTenant(name string) error {
	if name == "" {
		return &InputError{Field: "tenant", Msg: "is empty"}
	}
	if err := tenant.CheckName(name); err != nil { // "tenant: <what>: theming: unknown tenant"
		msg := strings.TrimSuffix(strings.TrimPrefix(err.Error(), "tenant: "), ": "+theming.ErrUnknownTenant.Error())
		return &InputError{Field: "tenant", Msg: msg}
	}
	return nil
}

// UnknownTenant returns the error of a [Store] for a tenant it does not
// have: it wraps [theming.ErrUnknownTenant], and quotes the name only
// when a tenant could have it ([CheckTenant]).
func UnknownTenant(name string) error {
	if CheckTenant(name) != nil {
		return fmt.Errorf("revision: a name no tenant can have: %w", theming.ErrUnknownTenant)
	}
	return fmt.Errorf("revision: tenant %q: %w", name, theming.ErrUnknownTenant)
}

// UnknownRevision returns the error of a [Store] for revision n of a
// theme that has no such revision (n 0: for a theme never saved): it
// wraps [ErrUnknownRevision].
func UnknownRevision(themeID, n int) error {
	if n == 0 {
		return fmt.Errorf("%w: theme %d was never saved", ErrUnknownRevision, themeID)
	}
	return fmt.Errorf("%w: theme %d has no revision %d", ErrUnknownRevision, themeID, n)
}

// TenantExists returns CreateTenant's error for a tenant that exists: it
// wraps [ErrTenantExists].
func TenantExists(name string) error {
	return fmt.Errorf("%w: %q", ErrTenantExists, name)
}

// Deleted returns the error of a [Store] for a change of a deleted
// theme: it wraps [ErrDeleted].
func Deleted(themeID int) error {
	return fmt.Errorf("%w: theme %d", ErrDeleted, themeID)
}

// ValidNumber reports whether n is a number a theme id, revision number
// or log sequence number can be: 1 to [MaxNumber].
func ValidNumber(n int) bool { return n > 0 && n <= MaxNumber }
