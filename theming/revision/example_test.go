package revision_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// An admin's edits over time: a draft saved, its publish refused by the
// contrast policy, a fixed draft published, another admin's stale save
// refused, and a rollback.
func Example() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{}) // publish only what passes WCAG 2 AA
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	alice := revision.Change{Author: "alice", Note: "brand colors"}

	draft := theming.Theme{ID: 1, Name: "Brand", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 80%)"}}}
	r1, _ := store.Save(ctx, "acme", draft, 0, alice) // saved: contrast need not pass yet
	err := store.Publish(ctx, "acme", 1, r1.Number, 0, alice)
	var refused *revision.RefusedError
	if errors.As(err, &refused) {
		fmt.Println("refused:", len(refused.Report.ByField()), "field fails", refused.Report.Failed, "rules")
	}

	fixed, _, _ := fix.New(cc).FixTheme(draft, fix.FixOptions{})
	r2, _ := store.Save(ctx, "acme", fixed, r1.Number, alice)
	fmt.Println("publish:", store.Publish(ctx, "acme", 1, r2.Number, 0, alice))

	_, err = store.Save(ctx, "acme", draft, r1.Number, revision.Change{Author: "bob"}) // bob edited revision 1
	fmt.Println(errors.Is(err, revision.ErrConflict), err)

	history, _ := store.History(ctx, "acme", 1, revision.Page{}) // the newest DefaultLimit
	for _, r := range history {
		var fields []string
		for _, c := range r.Changes {
			fields = append(fields, c.Field)
		}
		fmt.Println(r.Number, r.Author, r.Live, fields)
	}

	fmt.Println("rollback:", store.Publish(ctx, "acme", 1, r1.Number, r2.Number, alice) != nil) // r1 fails the policy too
	// Output:
	// refused: 1 field fails 44 rules
	// publish: <nil>
	// true revision: conflict: save of theme 1 from revision 1, but revision 2 is now the newest one
	// 2 alice true [colors.primary.light]
	// 1 alice false [colors.primary.light name]
	// rollback: true
}

// A request whose context carries a preview sees the draft; every other
// request the live theme. A host's middleware decides who may preview.
func ExampleWithPreview() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := tenant.With(context.Background(), "acme")
	_ = store.CreateTenant(ctx, "acme")
	r1, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Live"}, 0, revision.Change{})
	_ = store.Publish(ctx, "acme", 1, r1.Number, 0, revision.Change{})
	r2, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Draft"}, r1.Number, revision.Change{})

	for _, c := range []context.Context{ctx, revision.WithPreview(ctx, 1, r2.Number)} {
		snap, _ := store.Snapshot(c)
		rt, _ := snap.ChooseTheme(0)
		_, preview := snap.Previewing()
		fmt.Println(rt.Name(), preview)
	}
	// Output:
	// Live false
	// Draft true
}

// A tenant's requests build MaxPreviews previews at once, then one a
// second: a requester cycling more drafts than are kept gets, for the
// next one, an error wrapping ErrTooManyPreviews (httpadapter's 503 with
// Retry-After; a token's request is served live instead, PreviewError
// saying why), while the drafts it built stay served.
func ExampleErrTooManyPreviews() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := tenant.With(context.Background(), "acme")
	_ = store.CreateTenant(ctx, "acme")
	r, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Live"}, 0, revision.Change{})
	_ = store.Publish(ctx, "acme", 1, r.Number, 0, revision.Change{})
	for k := range 4 * revision.MaxPreviews {
		r, _ = store.Save(ctx, "acme", theming.Theme{ID: 1, Name: fmt.Sprint("Draft ", k+1)}, r.Number, revision.Change{})
		if _, err := store.Snapshot(revision.WithPreview(ctx, 1, r.Number)); err != nil {
			fmt.Println(k >= revision.MaxPreviews, errors.Is(err, revision.ErrTooManyPreviews), httpadapter.StatusFor(err))
			break
		}
	}
	snap, _ := store.Snapshot(revision.WithPreview(ctx, 1, r.Number-1)) // the last one built: kept
	_, preview := snap.Previewing()
	fmt.Println(preview)
	// Output:
	// true true 503
	// true
}

// An editor needs two numbers, not the history: the base of its save and
// the live revision its publish replaces. Head gives both without reading
// a revision.
func ExampleMemory_Head() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	by := revision.Change{Author: "alice"}

	h, _ := store.Head(ctx, "acme", 1) // a theme never saved: the zero Head
	r, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor"}, h.Newest, by)
	_ = store.Publish(ctx, "acme", 1, r.Number, h.Live, by)
	h, _ = store.Head(ctx, "acme", 1)
	fmt.Printf("%+v\n", h)

	edit, _ := store.Revision(ctx, "acme", 1, h.Newest) // the revision the form edits
	edit.Theme.Name = "Harbor II"
	r, _ = store.Save(ctx, "acme", edit.Theme, h.Newest, by)
	fmt.Println(r.Number, r.Changes)
	// Output:
	// {Newest:1 Live:1 Deleted:false}
	// 2 [{name Harbor Harbor II}]
}

// Every change of what is served is logged; LiveAt says what was live at
// an instant, and who made it so.
func ExampleMemory_LiveAt() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	r1, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor"}, 0, revision.Change{Author: "alice"})
	r2, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor II"}, r1.Number, revision.Change{Author: "alice"})
	_ = store.Publish(ctx, "acme", 1, r1.Number, 0, revision.Change{Author: "alice", Note: "launch"})
	time.Sleep(time.Millisecond)
	tuesday := time.Now()
	time.Sleep(time.Millisecond)
	_ = store.Publish(ctx, "acme", 1, r2.Number, r1.Number, revision.Change{Author: "bob", Note: "new season"})
	_ = store.Publish(ctx, "acme", 1, r1.Number, r2.Number, revision.Change{Author: "carol", Note: "roll back"})

	p, _ := store.LiveAt(ctx, "acme", 1, tuesday)
	fmt.Println("then: revision", p.To, "by", p.Author)
	log, _ := store.Log(ctx, "acme", 1, revision.Page{})
	for _, e := range log {
		fmt.Println(e.Seq, e.Action, e.From, "->", e.To, e.Author, e.Note)
	}
	// Output:
	// then: revision 1 by alice
	// 3 publish 2 -> 1 carol roll back
	// 2 publish 1 -> 2 bob new season
	// 1 publish 0 -> 1 alice launch
}

// A history is read a page at a time, newest first: the next page starts
// below the last revision of this one.
func ExamplePage() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	for n := range 5 {
		_, _ = store.Save(ctx, "acme", theming.Theme{ID: 1, Name: fmt.Sprint("Harbor ", n+1)}, n, revision.Change{})
	}
	for page := (revision.Page{Limit: 2}); ; {
		h, _ := store.History(ctx, "acme", 1, page)
		if len(h) == 0 {
			break
		}
		var numbers []int
		for _, r := range h {
			numbers = append(numbers, r.Number)
		}
		fmt.Println(numbers)
		page.Before = h[len(h)-1].Number
	}
	// Output:
	// [5 4]
	// [3 2]
	// [1]
}

// A deleted theme is served no more and takes no change; its history is
// kept, with nothing live.
func ExampleMemory_Delete() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	r, _ := store.Save(ctx, "acme", theming.Theme{ID: 3, Name: "Winter"}, 0, revision.Change{})
	_ = store.Publish(ctx, "acme", 3, r.Number, 0, revision.Change{})

	err := store.Delete(ctx, "acme", 3, 0, revision.Change{Author: "dave"}) // dave saw nothing live
	fmt.Println(err)
	fmt.Println(store.Delete(ctx, "acme", 3, r.Number, revision.Change{Author: "dave", Note: "season over"}))
	h, _ := store.Head(ctx, "acme", 3)
	fmt.Printf("%+v\n", h)
	_, err = store.Save(ctx, "acme", theming.Theme{ID: 3, Name: "Winter again"}, h.Newest, revision.Change{})
	fmt.Println(errors.Is(err, revision.ErrDeleted), err)
	// Output:
	// revision: conflict: delete of theme 3 from revision 0, but revision 1 is now the live one
	// <nil>
	// {Newest:1 Live:0 Deleted:true}
	// true revision: the theme was deleted: theme 3
}

// A store keeps what every store can keep: a tenant that does not exist,
// a name no tenant can have and a note over its bound are errors of
// their own, whatever the store.
func ExampleMemory_CreateTenant() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()

	_, err := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor"}, 0, revision.Change{})
	fmt.Println(errors.Is(err, theming.ErrUnknownTenant), err) // a save makes no tenant
	fmt.Println(store.CreateTenant(ctx, "acme"))
	err = store.CreateTenant(ctx, "acme")
	fmt.Println(errors.Is(err, revision.ErrTenantExists), err)
	err = store.CreateTenant(ctx, "ac\x00me")
	fmt.Println(errors.Is(err, revision.ErrInput), err)
	_, err = store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor"}, 0, revision.Change{Note: strings.Repeat("n", revision.MaxNoteLen+1)})
	fmt.Println(errors.Is(err, revision.ErrInput), err)
	// Output:
	// true revision: tenant "acme": theming: unknown tenant
	// <nil>
	// true revision: the tenant exists: "acme"
	// true revision: tenant: a name with a NUL byte
	// true revision: note: 4097 bytes; the limit is 4096
}

// A preview token is bound to a tenant, a user, a theme, a revision and an
// expiry: signed for alice, it grants her revision 3 until it expires,
// and nothing to anyone else, nor once changed.
func ExamplePreviewSigner() {
	key := []byte("an example key of 32 bytes or more, no secret") // 32 bytes from crypto/rand, kept secret, in a host
	signer, err := revision.NewPreviewSigner(key)
	if err != nil {
		panic(err)
	}
	expires := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	before := expires.Add(-time.Minute)
	token, _ := signer.Sign(revision.PreviewToken{Tenant: "acme", User: "alice", ThemeID: 1, Number: 3, Expires: expires})

	p, err := signer.Verify(token, "acme", "alice", before)
	fmt.Println(p.ThemeID, p.Number, err)

	_, err = signer.Verify(token, "acme", "bob", before)
	fmt.Println(errors.Is(err, revision.ErrTokenUser), err)
	_, err = signer.Verify(token, "globex", "alice", before)
	fmt.Println(errors.Is(err, revision.ErrTokenTenant), err)
	_, err = signer.Verify(token, "acme", "alice", expires)
	fmt.Println(errors.Is(err, revision.ErrTokenExpired), err)

	// Theme 2's payload under theme 1's signature.
	other, _ := signer.Sign(revision.PreviewToken{Tenant: "acme", User: "alice", ThemeID: 2, Number: 3, Expires: expires})
	payload, _, _ := strings.Cut(other, ".")
	_, signature, _ := strings.Cut(token, ".")
	_, err = signer.Verify(payload+"."+signature, "acme", "alice", before)
	fmt.Println(errors.Is(err, revision.ErrTokenSignature), err)

	_, err = signer.Verify("not a token", "acme", "alice", before)
	fmt.Println(errors.Is(err, revision.ErrTokenMalformed), err)
	_, err = revision.NewPreviewSigner([]byte("short"))
	fmt.Println(errors.Is(err, revision.ErrPreviewKey), err)
	// Output:
	// 1 3 <nil>
	// true revision: preview token refused: issued for another user: theme 1, revision 3: for user "alice", not "bob"
	// true revision: preview token refused: issued for another tenant: theme 1, revision 3: for tenant "acme", not "globex"
	// true revision: preview token refused: expired: theme 1, revision 3: at 2030-01-01T00:00:00Z
	// true revision: preview token refused: the signature does not verify
	// true revision: preview token refused: malformed: no dot
	// true revision: a preview key needs at least 32 bytes; got 5
}

// A host's routes behind PreviewMiddleware: the admin's preview token,
// from its cookie, shows revision 2 on every route; an expired token, another
// user's, a damaged one, or one of a revision that does not exist, is served
// the live theme, never an error, with Themekit-Preview saying why.
func ExamplePreviewMiddleware() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	r1, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Live"}, 0, revision.Change{Author: "alice"})
	_ = store.Publish(ctx, "acme", 1, r1.Number, 0, revision.Change{Author: "alice"})
	r2, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Draft"}, r1.Number, revision.Change{Author: "alice"})

	signer, err := revision.NewPreviewSigner([]byte("a 32-byte key from crypto/rand, kept secret"))
	if err != nil {
		panic(err)
	}
	api := httpadapter.New(httpadapter.Options{Source: store})
	preview := revision.PreviewMiddleware(revision.PreviewOptions{
		Signer: signer,
		User:   func(r *http.Request) string { return "alice" }, // the host's session
	})
	withTenant := func(next http.Handler) http.Handler { // the host's tenant middleware runs first
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(tenant.With(r.Context(), "acme")))
		})
	}
	h := withTenant(preview(api))

	sign := func(user string, n int, expires time.Time) string {
		token, _ := signer.Sign(revision.PreviewToken{Tenant: "acme", User: user, ThemeID: 1, Number: n, Expires: expires})
		return token
	}
	inAnHour := time.Now().Add(time.Hour)
	for _, token := range []string{
		sign("alice", r2.Number, inAnHour),                   // applied
		sign("alice", r2.Number, time.Now().Add(-time.Hour)), // expired
		sign("bob", r2.Number, inAnHour),                     // another user's
		sign("alice", r2.Number, inAnHour)[:20],              // cut short
		sign("alice", 9, inAnHour),                           // no such revision
	} {
		req := httptest.NewRequest(http.MethodGet, "/api/v2/theme/config/", nil)
		req.AddCookie(&http.Cookie{Name: revision.PreviewCookie, Value: token})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var body struct{ Name string }
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		fmt.Printf("%d %s | %s | %s\n", rec.Code, body.Name, rec.Header().Get(revision.PreviewHeader), rec.Header().Get("Cache-Control"))
	}
	// Output:
	// 200 Draft | preview; theme=1; revision=2 | private, no-store
	// 200 Live | live; reason=expired | private, no-store
	// 200 Live | live; reason=user | private, no-store
	// 200 Live | live; reason=malformed | private, no-store
	// 200 Live | live; reason=unknown-revision | private, no-store
}
