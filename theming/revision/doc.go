// Package revision keeps themes over time: an admin's edits are saved as
// revisions, drafts that no user sees, previewed by the admin on the
// host's own pages, published when the contrast audit lets them, listed
// with who changed which field, and rolled back by publishing an older
// one.
//
// A [Store] is the contract: [Store.Save] stores the next revision of a
// theme (checked as [theming.CompiledCatalog.CheckTheme] checks it;
// contrast need not pass yet), [Store.Publish] makes one revision the one
// served, if the store's publish policy passes it ([CheckPublish]), and
// [Store.History] lists them, newest first, each with its [FieldChange]s
// ([Diff]). Both take the revision the editor saw, so that two admins
// never overwrite each other's work: a save from a revision that is no
// longer the newest, and a publish made while another revision went live,
// fail with a *[ConflictError] (errors.Is [ErrConflict]), and the form
// shows the newer revision instead.
//
// [Memory] is the in-memory store, and a [theming.Source] of the tenants'
// live revisions; github.com/themekit/themekit/theming/pgsource's
// Revisions is the PostgreSQL one, whose publish every replica serves
// within a notification's delay. Package
// github.com/themekit/themekit/theming/revision/revisiontest checks any
// Store against the contract, as testing/fstest checks a file system: a
// host with storage of its own runs it in its tests.
//
// # Preview
//
// [WithPreview] marks a request's context with the revision its
// requester wants to see; a source made by [Previewing] (Memory's and
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
// Where the choice is open, this package decides:
//
//   - Revisions are numbered from 1 per theme; a revision never changes
//     once saved. The first revision's Changes are every field it sets.
//   - Field names are the audit's ("colors.<id>.<scheme>") for colors and
//     the theme's JSON field names for the rest, an image pair as two
//     fields ("logo_site.thumbnail"), so a form can show a change and a
//     contrast failure at the same field.
//   - A publish is judged when it is made, under the store's policy, on
//     the catalog of the day: a revision saved under an older catalog
//     that no longer validates is refused with its problems.
//   - Rolling back is publishing an older revision, judged like any other.
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
package revision
