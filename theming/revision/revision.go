package revision

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// Store keeps the revisions of each tenant's themes, which one is
// served, and the log of every change of it. Its methods are safe for
// concurrent use, from any number of processes sharing the store's
// storage.
//
// Every store gives the same answers and errors for the same calls (the
// conformance suite, package revisiontest, checks it): the arguments are
// checked by the rules of this package ([CheckSave], [Change.Check],
// [CheckTenant], [Page.Range]) before the storage is asked, in the order
// the methods document, and a number no theme or revision can have (0 or
// less, or over [MaxNumber]) is simply one that names none.
type Store interface {
	// CreateTenant adds a tenant without themes. A tenant that exists
	// already is an error wrapping [ErrTenantExists]; a name no tenant
	// can have ([CheckTenant]) an *[InputError]. Every other method
	// answers a tenant that was not created with an error wrapping
	// [theming.ErrUnknownTenant].
	CreateTenant(ctx context.Context, tenant string) error

	// Save stores t as the next revision of theme t.ID, not yet live.
	// It refuses what [CheckSave] refuses (what
	// [theming.CompiledCatalog.CheckTheme] refuses, with its
	// *theming.ValidationError, and what no store keeps), and a Change
	// over its bounds; contrast need not pass. base is the number of
	// the revision the editor started from (Head.Newest), 0 for a theme
	// never saved: a save whose base is not the theme's newest revision
	// fails with a *[ConflictError], and stores nothing. A deleted theme
	// takes no save ([ErrDeleted]).
	Save(ctx context.Context, tenant string, t theming.Theme, base int, by Change) (Revision, error)

	// Publish makes revision n of the theme the one served, and records
	// it in the theme's log, if live is still the number of the live
	// revision (Head.Live; 0: none), else it fails with a
	// *[ConflictError] before the revision is judged. A revision that
	// does not exist is an error wrapping [ErrUnknownRevision]; a
	// deleted theme's, one wrapping [ErrDeleted]. Publishing the live
	// revision again is a no-op: nil, and the log keeps the publish that
	// made it live. A revision the store's publish policy refuses is not
	// published: the error is a *[RefusedError] carrying the audit
	// ([CheckPublish]). Rolling back is publishing an older revision.
	//
	// A store whose served data can be changed past it (a database's
	// rows, written by plain SQL) checks that they still hold the live
	// revision: when they do not, it records them as a revision marked
	// Outside (live when it validates, as it is then what is served),
	// logs the change, publishes nothing and fails with a
	// *[ConflictError] whose Outside is set and whose Drift names the
	// fields. Publishing over it is a second call, made knowing it.
	Publish(ctx context.Context, tenant string, themeID, n, live int, by Change) error

	// Archive stops serving the theme, if live is still its live
	// revision (else a *[ConflictError]), and logs it; its revisions
	// are kept, and publishing one serves it again. Archiving a theme
	// that is not live is a no-op. A theme never saved is an error
	// wrapping [ErrUnknownRevision]; a deleted one, [ErrDeleted].
	Archive(ctx context.Context, tenant string, themeID, live int, by Change) error

	// Delete stops serving the theme for good, as Archive does, and
	// logs it; its revisions and log are kept for the record, none of
	// them live, and the theme takes no save or publish again
	// ([ErrDeleted]): its id is not reused.
	Delete(ctx context.Context, tenant string, themeID, live int, by Change) error

	// Head returns the numbers of the theme's newest and live
	// revisions, and whether it was deleted, without reading any
	// revision: what an editor needs to save (base) and publish (live).
	// A theme never saved has the zero Head.
	Head(ctx context.Context, tenant string, themeID int) (Head, error)

	// Revision returns revision n of the theme, with its field changes;
	// an error wrapping [ErrUnknownRevision] when there is none.
	Revision(ctx context.Context, tenant string, themeID, n int) (Revision, error)

	// History returns a page of the theme's revisions, newest first,
	// each with the fields it changed: those numbered below page.Before
	// (all, when it is 0), at most page.Limit of them ([Page.Range]).
	// None (and no error) for a theme never saved.
	History(ctx context.Context, tenant string, themeID int, page Page) ([]Revision, error)

	// Log returns a page of the theme's publish log, newest first: every
	// change of the revision served, by whom, when and why, numbered from
	// 1 (Publication.Seq), below page.Before. The log is append-only:
	// no entry changes once written.
	Log(ctx context.Context, tenant string, themeID int, page Page) ([]Publication, error)

	// LiveAt returns the log entry that made the theme's live revision
	// what it was at the instant at: what was live then (To; 0 for
	// none) and who made it so. The zero Publication when no entry is
	// as old.
	LiveAt(ctx context.Context, tenant string, themeID int, at time.Time) (Publication, error)
}

// Bounds of what a [Store] keeps and returns, the same for every store.
const (
	// MaxNumber is the largest theme id, revision number and log
	// sequence number a store keeps: PostgreSQL's int. A number above it
	// (or below 1) names no theme or revision.
	MaxNumber = 1<<31 - 1
	// MaxAuthorLen and MaxNoteLen bound a [Change]'s Author and Note, in
	// bytes.
	MaxAuthorLen = 256
	MaxNoteLen   = 4 << 10
	// DefaultLimit is the length of a page ([Page]) that sets none, and
	// MaxLimit the longest page a store returns.
	DefaultLimit = 20
	MaxLimit     = 100
)

// Change says who made a change and why: the author and note of a save,
// the publisher and note of a publish. Author is at most [MaxAuthorLen]
// bytes, Note at most [MaxNoteLen]; both are UTF-8 without NUL bytes
// ([Change.Check]).
type Change struct {
	Author string `json:"author"`
	Note   string `json:"note"`
}

// Check returns an *[InputError] for a Change no store keeps: an author
// or note over its bound, not valid UTF-8, or holding a NUL byte.
func (c Change) Check() error {
	if err := checkText("author", c.Author, MaxAuthorLen); err != nil {
		return err
	}
	return checkText("note", c.Note, MaxNoteLen)
}

// Head is the state of a theme, read without reading its revisions.
type Head struct {
	// Newest is the number of the theme's newest revision: the base of
	// the next save. 0 for a theme never saved.
	Newest int `json:"newest"`
	// Live is the number of the revision served: the live of the next
	// publish. 0 when none is: never published, archived or deleted.
	Live int `json:"live"`
	// Deleted reports that the theme was deleted: it is not served and
	// takes no save or publish.
	Deleted bool `json:"deleted,omitempty"`
}

// Page selects part of a history or a log, newest first.
type Page struct {
	// Before, when above 0, keeps the entries numbered below it: the
	// next page starts before the last entry of this one.
	Before int `json:"before,omitempty"`
	// Limit is how many entries at most; 0 or less is [DefaultLimit],
	// and more than [MaxLimit] is MaxLimit.
	Limit int `json:"limit,omitempty"`
}

// Range returns the page's bounds as a store applies them: the entries
// numbered below below, at most limit of them. A Before of 0 or less, or
// above MaxNumber, is below every entry's number (MaxNumber+1).
func (p Page) Range() (below, limit int) {
	below = p.Before
	if below <= 0 || below > MaxNumber {
		below = MaxNumber + 1
	}
	limit = p.Limit
	switch {
	case limit <= 0:
		limit = DefaultLimit
	case limit > MaxLimit:
		limit = MaxLimit
	}
	return below, limit
}

// FieldChange is one field whose value differs between a revision and
// the one before it, named as the audit names fields:
// "colors.<id>.<scheme>" for a color ([theming.FieldName]), and the
// theme's JSON field names for the others ("name", "logo",
// "logo_site.thumbnail"). From and To are the values as written, "" for
// a value that is absent or null.
type FieldChange struct {
	Field string `json:"field"`
	From  string `json:"from"`
	To    string `json:"to"`
}

// Revision is one saved version of a theme.
type Revision struct {
	ThemeID int           `json:"theme_id"`
	Number  int           `json:"number"` // from 1, in the order saved
	Theme   theming.Theme `json:"theme"`
	Live    bool          `json:"live"` // it is the revision served
	Change                // who saved it, and why
	Saved   time.Time     `json:"saved"`
	// Changes are the fields that differ from the revision before it,
	// colors first ([Diff]); for the first revision, every field set;
	// for one marked Outside, those that differ from the revision that
	// was live when it was found: what was changed past the store.
	Changes []FieldChange `json:"changes"`
	// Outside marks a revision the store recorded, not an admin's save:
	// the theme as a publish found it served, changed past the store
	// (see [Store.Publish]). Its Author is empty.
	Outside bool `json:"outside,omitempty"`
}

// Action is what a log entry ([Publication]) did.
type Action string

// The actions of a theme's log.
const (
	// ActionPublish made revision To live: a publish, or a rollback (To
	// older than From).
	ActionPublish Action = "publish"
	// ActionArchive stopped serving the theme (To is 0).
	ActionArchive Action = "archive"
	// ActionDelete stopped serving the theme for good (To is 0).
	ActionDelete Action = "delete"
	// ActionOutside records a change of the served theme made past the store,
	// found by it (a publish that found other rows served) or recorded
	// by the database itself (pgsource's trigger on theme_live): To is
	// the revision served since, 0 when none is.
	ActionOutside Action = "outside"
)

// Publication is one entry of a theme's publish log: a change of the
// revision served.
type Publication struct {
	ThemeID int `json:"theme_id"`
	// Seq numbers the theme's log entries from 1, in order.
	Seq    int    `json:"seq"`
	Action Action `json:"action"`
	// From and To are the live revision before and after it; 0 for
	// none.
	From int `json:"from"`
	To   int `json:"to"`
	// Change is who made the change, and why; for an ActionOutside entry,
	// what the store knows of it.
	Change
	At time.Time `json:"at"`
}

// Errors of a [Store].
var (
	// ErrConflict is wrapped by [ConflictError].
	ErrConflict = errors.New("revision: conflict")
	// ErrRefused is wrapped by [RefusedError].
	ErrRefused = errors.New("revision: refused by the publish policy")
	// ErrUnknownRevision is wrapped by the error for a revision that
	// does not exist. It wraps [theming.ErrUnknownTheme], so that
	// httpadapter answers a preview of one with 404.
	ErrUnknownRevision = fmt.Errorf("revision: unknown revision: %w", theming.ErrUnknownTheme)
	// ErrDeleted is wrapped by the error of a save, publish, archive or
	// delete of a deleted theme.
	ErrDeleted = errors.New("revision: the theme was deleted")
	// ErrTenantExists is wrapped by CreateTenant's error for a tenant
	// that exists.
	ErrTenantExists = errors.New("revision: the tenant exists")
	// ErrInput is wrapped by [InputError].
	ErrInput = errors.New("revision: bad input")
)

// InputError is the error for an argument no store takes, whatever it
// holds: an author or note over its bound, not UTF-8 or holding a NUL
// byte ([Change.Check]), or a tenant name no tenant can have
// ([CheckTenant]). It wraps [ErrInput]. It never quotes the value, which
// may be large.
type InputError struct {
	// Field is the argument: "author", "note" or "tenant".
	Field string
	// Msg says what is wrong with it.
	Msg string
}

func (e *InputError) Error() string { return "revision: " + e.Field + ": " + e.Msg }

// Unwrap returns [ErrInput].
func (e *InputError) Unwrap() error { return ErrInput }

// RefusedError is the error of a publish that the store's policy
// refuses: the revision's contrast audit under it, which fails. It wraps
// [ErrRefused].
type RefusedError struct {
	ThemeID, Number int
	Report          *fix.Report
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("revision: theme %d, revision %d: refused by the publish policy: %d of %d contrast rules fail",
		e.ThemeID, e.Number, e.Report.Failed, e.Report.Checked)
}

// Unwrap returns [ErrRefused].
func (e *RefusedError) Unwrap() error { return ErrRefused }

// CheckPublish is the rule every [Store] applies before it publishes
// revision n of theme t: nil when t passes the policy p, a *[RefusedError]
// with t's audit under p when it does not, and t's
// *theming.ValidationError when cc no longer accepts it (a revision saved
// under an older catalog). An unknown policy is contrast's error.
func CheckPublish(cc *theming.CompiledCatalog, p contrast.Policy, t theming.Theme, n int) error {
	rep, err := fix.New(cc).AuditTheme(t, p)
	if err != nil {
		return err
	}
	if !rep.OK() {
		return &RefusedError{ThemeID: t.ID, Number: n, Report: rep}
	}
	return nil
}

// ConflictError is the error of a change made from a revision that is no
// longer the newest (a save), or no longer the live one (a publish, an
// archive, a delete): someone else saved or published meanwhile, or the
// served theme was changed past the store. It wraps [ErrConflict].
type ConflictError struct {
	ThemeID int
	// Op is "save", "publish", "archive" or "delete".
	Op string
	// From is the revision the caller started from: a save's base, the
	// others' live. Now is the theme's newest revision (for a save) or
	// its live one (for the others) as the store found it.
	From, Now int
	// Outside reports that the store found the served theme changed
	// past it (rows written by plain SQL), not another admin's change.
	// Recorded is the revision that now holds what was found, marked
	// Outside (0 when the theme's data was deleted), live when it
	// validates; Drift are the fields that differ from the revision
	// that was live.
	Outside  bool
	Recorded int
	Drift    []FieldChange
}

func (e *ConflictError) Error() string {
	if e.Outside {
		var b strings.Builder
		fmt.Fprintf(&b, "revision: conflict: %s of theme %d from live revision %d, but the theme served was changed past the store", e.Op, e.ThemeID, e.From)
		switch {
		case e.Recorded == 0:
			b.WriteString(" (deleted; nothing is live now)")
		case e.Now == e.Recorded:
			fmt.Fprintf(&b, " (recorded as revision %d, live now)", e.Recorded)
		default:
			fmt.Fprintf(&b, " (recorded as revision %d, which does not validate; revision %d stays live)", e.Recorded, e.Now)
		}
		const shown = 5
		for i, c := range e.Drift {
			if i == shown {
				fmt.Fprintf(&b, "; and %d more", len(e.Drift)-shown)
				break
			}
			sep := "; "
			if i == 0 {
				sep = ": "
			}
			b.WriteString(sep + c.Field + " " + strconv.Quote(c.From) + " -> " + strconv.Quote(c.To))
		}
		return b.String()
	}
	now := "newest"
	if e.Op != "save" {
		now = "live"
	}
	return fmt.Sprintf("revision: conflict: %s of theme %d from revision %d, but revision %d is now the %s one",
		e.Op, e.ThemeID, e.From, e.Now, now)
}

// Unwrap returns [ErrConflict].
func (e *ConflictError) Unwrap() error { return ErrConflict }
