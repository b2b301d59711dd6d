package revision

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// Store keeps the revisions of each tenant's themes and which one is
// served. Its methods are safe for concurrent use, from any number of
// processes sharing the store's storage.
type Store interface {
	// Save stores t as the next revision of theme t.ID, not yet live.
	// It refuses what [theming.CompiledCatalog.CheckTheme] refuses, with
	// its *theming.ValidationError; contrast need not pass. base is the
	// number of the revision the editor started from, 0 for a theme
	// never saved: a save whose base is not the theme's newest revision
	// fails with a *[ConflictError], and stores nothing.
	Save(ctx context.Context, tenant string, t theming.Theme, base int, by Change) (Revision, error)

	// Publish makes revision n of the theme the one served, if live is
	// still the number of the live revision (0: none yet), else it fails
	// with a *[ConflictError]. A revision the store's
	// publish policy refuses is not published: the error is a
	// *[RefusedError] carrying the audit ([CheckPublish]). A revision
	// that does not exist is an error wrapping [ErrUnknownRevision].
	// Rolling back is publishing an older revision.
	Publish(ctx context.Context, tenant string, themeID, n, live int, by Change) error

	// History returns the theme's revisions, newest first, each with the
	// fields it changed; none (and no error) for a theme never saved.
	History(ctx context.Context, tenant string, themeID int) ([]Revision, error)
}

// Change says who made a change and why: the author and note of a save,
// the publisher and note of a publish.
type Change struct {
	Author string `json:"author"`
	Note   string `json:"note"`
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
	// colors first ([Diff]); for the first revision, every field set.
	Changes []FieldChange `json:"changes"`
	// Published is when the revision was last made live, and
	// PublishedBy by whom; zero when it never was.
	Published   time.Time `json:"published,omitzero"`
	PublishedBy Change    `json:"published_by,omitzero"`
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
)

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

// ConflictError is the error of a save or a publish made from a
// revision that is no longer the newest, or no longer the live one:
// someone else saved or published meanwhile. It wraps [ErrConflict].
type ConflictError struct {
	ThemeID int
	// Op is "save" or "publish".
	Op string
	// From is the revision the caller started from: a save's base, a
	// publish's live. Now is the theme's newest revision (for a save) or
	// its live one (for a publish) as the store found it.
	From, Now int
}

func (e *ConflictError) Error() string {
	now := "newest"
	if e.Op == "publish" {
		now = "live"
	}
	return fmt.Sprintf("revision: conflict: %s of theme %d from revision %d, but revision %d is now the %s one",
		e.Op, e.ThemeID, e.From, e.Now, now)
}

// Unwrap returns [ErrConflict].
func (e *ConflictError) Unwrap() error { return ErrConflict }
