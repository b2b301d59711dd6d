package tenant

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/themekit/themekit/theming"
)

// MaxNameLen is the length in bytes of the longest tenant name a [Source]
// looks up (a host name has at most 253). A longer name, one that is not
// valid UTF-8 and one that holds a NUL byte are refused before any lookup:
// Snapshot answers them with an error wrapping [theming.ErrUnknownTenant]
// without calling Load and without remembering them, so a name taken from
// a request costs no database round trip and no memory whatever it holds.
const MaxNameLen = 256

// The errors of refused names: made once, they neither copy nor quote the
// name.
var (
	errNameTooLong = fmt.Errorf("tenant: a name longer than %d bytes: %w", MaxNameLen, theming.ErrUnknownTenant)
	errNameNotUTF8 = fmt.Errorf("tenant: a name that is not valid UTF-8: %w", theming.ErrUnknownTenant)
	errNameNUL     = fmt.Errorf("tenant: a name with a NUL byte: %w", theming.ErrUnknownTenant)
)

// CheckName returns nil for a name a tenant may have, and otherwise the
// error a [Source] answers it with, without a lookup: one wrapping
// [theming.ErrUnknownTenant] that says what is wrong (over [MaxNameLen]
// bytes, not valid UTF-8, a NUL byte) without quoting the name. An empty
// name passes: whether a tenant may be unnamed is the host's to say.
func CheckName(name string) error { return checkName(name) }

// checkName returns the error of a name that names no tenant whatever
// the host holds, or nil.
func checkName(name string) error {
	switch {
	case len(name) > MaxNameLen:
		return errNameTooLong
	case !utf8.ValidString(name):
		return errNameNotUTF8
	case strings.IndexByte(name, 0) >= 0:
		return errNameNUL
	}
	return nil
}

// missError is the answer to a request for a tenant remembered as
// unknown: it names the tenant by the remembered key itself, so a miss
// holds one copy of its name, not a second one quoted in an error.
type missError struct{ tenant string }

func (e *missError) Error() string {
	return "tenant: " + strconv.Quote(e.tenant) + ": " + theming.ErrUnknownTenant.Error()
}

func (e *missError) Unwrap() error { return theming.ErrUnknownTenant }

var _ interface{ Unwrap() error } = (*missError)(nil)
