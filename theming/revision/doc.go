// Package revision keeps themes over time: an admin's edits are saved as
// revisions, drafts that no user sees, previewed by the admin on the
// host's own pages, published when the contrast audit lets them, listed
// with who changed which field, rolled back by publishing an older one,
// and every change of what is served recorded in a log that is never
// rewritten.
//
// A [Store] is the contract, and once a host keeps revisions, its one
// write path for themes:
//
//   - [Store.Head] gives a theme's state without reading a revision: the
//     newest revision (the base of the next save) and the live one (the
//     live of the next publish), and whether it was deleted.
//   - [Store.Save] stores the next revision of a theme (checked as
//     [theming.CompiledCatalog.CheckTheme] checks it; contrast need not
//     pass yet); [Store.Publish] makes one revision the one served, if the
//     store's publish policy passes it ([CheckPublish]).
//   - [Store.Revision] reads one revision; [Store.History] lists them,
//     newest first, a [Page] at a time, each with its [FieldChange]s
//     ([Diff]).
//   - [Store.Log] lists every change of the revision served (a
//     [Publication]: who, when, why, from which live revision to which),
//     and [Store.LiveAt] answers "what was live at that instant, and who
//     made it so" in one call.
//   - [Store.CreateTenant] adds a tenant; [Store.Archive] stops serving a
//     theme (a publish serves it again), [Store.Delete] for good; both are
//     logged, and the history is kept.
//
// Save, Publish, Archive and Delete take the revision the editor saw, so
// that two admins never overwrite each other's work: a save from a
// revision that is no longer the newest, and a change made while
// another revision went live, fail with a *[ConflictError] (errors.Is
// [ErrConflict]), and the form shows the newer revision instead. The
// conflict is found before the policy judges the revision, so a stale
// form gets the conflict, not the audit of a revision nobody would
// publish now.
//
// A store whose served data can be changed past it (pgsource's: a row
// written by plain SQL) finds such a change at the next Publish, Archive
// or Delete of the theme: it records what it found as a revision marked
// Outside, live when it validates (it is what the replicas serve), logs
// it, and fails with a *ConflictError whose Outside is set and whose
// Drift names the fields. Nothing is reverted unless the admin, having
// seen it, publishes again.
//
// [Memory] is the in-memory store, and a [theming.Source] of the tenants'
// live revisions; github.com/themekit/themekit/theming/pgsource's
// Revisions is the PostgreSQL one, whose publish every replica serves
// within a notification's delay. Package
// github.com/themekit/themekit/theming/revision/revisiontest checks any
// Store against the contract, as testing/fstest checks a file system: a
// host with storage of its own runs it in its tests.
//
// # Bounds and bad input
//
// Every store answers every input alike, because it checks its arguments
// by this package's rules before its storage sees them: [CheckSave] (what
// CheckTheme refuses, then what no store keeps as it is: numbers over
// [MaxNumber], a name that is not UTF-8 or holds a NUL, a theme over
// [MaxThemeLen]), [Change.Check] (an author over [MaxAuthorLen] bytes, a
// note over [MaxNoteLen], either not UTF-8 or with a NUL: an
// *[InputError]), [CheckTenant] (a tenant name), [Page.Range] (a page of
// at most [MaxLimit] entries). A theme id or revision number no theme or
// revision can have (0 or less, over MaxNumber) names none: a read finds
// nothing, a publish an unknown revision, a base or live a conflict. The
// errors a store returns are built by [UnknownTenant], [UnknownRevision],
// [Deleted] and [TenantExists], and the sentinels [ErrConflict],
// [ErrRefused], [ErrUnknownRevision], [ErrDeleted], [ErrTenantExists]
// and [ErrInput] are for errors.Is.
//
// # Preview
//
// [WithPreview] marks a request's context with the revision its
// requester wants to see; a source made by [PreviewSource] (Memory's and
// pgsource's are) serves that request the revision in place of the live
// theme, through every endpoint and [github.com/themekit/themekit/httpadapter.Adapter.ThemeFor],
// while every other request gets the live one. httpadapter serves a
// preview's responses with Cache-Control: private, no-store, so no cache
// keeps it, and leaves the live responses and their ETags as they were;
// its ThemeForPage sets the same headers on the host's own pages.
// Who may preview is the host's decision, as who is which tenant is.
//
// Most hosts leave the marking to signed preview tokens: when an admin
// asks to preview a revision, the host signs a [PreviewToken] bound to the
// tenant, the theme, the revision, an expiry and, when it knows one, the
// admin's user id, with a [PreviewSigner] (HMAC-SHA-256 under a key every
// replica shares) and sets it in the [PreviewCookie]; [PreviewMiddleware]
// verifies it on each request and applies it. A token that does not
// verify (tampered with, expired, another tenant's or user's: a
// *[TokenError] wrapping [ErrTokenSignature], [ErrTokenExpired] and the
// others) and one whose revision cannot be served (it does not exist, or
// today's catalog refuses it) are never an error: the request is served
// the live theme, the response says why in the [PreviewHeader], and
// [PreviewError] gives the host's page the reason to show.
//
// A preview costs what a live request costs once its snapshot is built;
// building one costs a read of the revision and its resolution (and,
// once per revision content, httpadapter's high-contrast variant). So a
// source made by [PreviewSource] keeps [MaxPreviews] built previews and
// bounds the builds of each tenant's requests: MaxPreviews at once, then
// one a second. A requester cycling more drafts than are kept is served
// the live theme for those it would have built past the bound (a token's
// request with the reason too-many-previews, [ErrTooManyPreviews]; a
// [WithPreview] request gets the error, httpadapter's 503), so cycling
// hostile drafts costs a tenant at most a build a second.
//
// Where the choice is open, this package decides:
//
//   - Revisions are numbered from 1 per theme, log entries too; neither
//     changes once written.
//   - The first revision's Changes are every field it sets; a revision
//     marked Outside lists what differs from the revision that was live.
//   - Field names are the audit's ("colors.<id>.<scheme>") for colors and
//     the theme's JSON field names for the rest, an image pair as two
//     fields ("logo_site.thumbnail"), so a form can show a change and a
//     contrast failure at the same field.
//   - A publish is judged when it is made, under the store's policy, on
//     the catalog of the day: a revision saved under an older catalog
//     that no longer validates is refused with its problems.
//   - Rolling back is publishing an older revision, judged like any other
//     and logged as a publish. Publishing the live revision again is a
//     no-op: nil, and the log keeps the publish that made it live.
//   - A publish from a live revision that is no longer live is a
//     *[ConflictError] whatever the policy would make of the revision:
//     the conflict is checked first, so the form shows what went live
//     before failures that may no longer matter (revisiontest checks it).
//   - A preview token is its payload (the version, the expiry to the
//     second, the theme, the revision, the tenant and the user) and the
//     payload's HMAC-SHA-256, each in unpadded base64url: at most
//     [MaxPreviewTokenLen] bytes, 70 for tenant "acme" and user "alice".
//     It is not encrypted: whoever holds it can read which revision it
//     shows, and nothing more. Nothing of a token whose signature does
//     not verify is decoded, and a refused token costs no store read.
//     One key signs and verifies: a new key ends the previews in
//     progress, which are served live (reason signature) until the admin
//     asks again.
//   - Archiving a theme that is not live is a no-op; deleting one is
//     logged whether it was live or not. A deleted theme's id is not
//     reused: it takes no save or publish again.
//   - A tenant exists once CreateTenant made it: a save does not make one.
package revision
