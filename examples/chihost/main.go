// Command chihost is a small multi-tenant host built the way a Go
// monolith is: chi routes, validator/v10 checks the admin's form (with
// theming/validation's tags), theming/pgsource serves each tenant's
// themes from PostgreSQL and follows every change, so a theme published on
// one replica is served by every other, and theming/revision keeps each
// theme's drafts and history.
//
//	THEMEKIT_PREVIEW_KEY=$(head -c 32 /dev/urandom | base64) go run ./examples/chihost -dsn postgres://localhost/themes
//	curl http://acme.localhost:8081/api/v2/theme/
//	open http://acme.localhost:8081/admin/themes/1
//
// The tenant is the first label of the host name. Each replica migrates
// the schema at start (pgsource.Migrate: one migrates, the others wait).
// Every replica signs and verifies preview tokens with the key in
// THEMEKIT_PREVIEW_KEY (base64, at least 32 bytes); without it a replica
// makes a key of its own, and its previews work on it alone.
//
// The site's page, /, shows the tenant's theme, or the revision its
// admin previews. The admin flow, under /admin/themes/{id}:
//
//   - the editor shows the theme's newest revision, the draft: its name
//     and color overrides, each field with its problems (validator's and
//     CheckTheme's) and its failing contrast rules (fix.Report.ByField), and
//     saves a new draft from the revision the admin edited. A draft saved
//     by someone else meanwhile is a 409 that lists their changes and
//     carries the admin's edits onto their revision: saving that form
//     again keeps both, and reverts nothing of theirs;
//   - preview signs a preview token for a revision (revision.PreviewSigner)
//     into a cookie that revision.PreviewMiddleware applies: the site shows
//     the revision to this admin, on every route, while every user sees
//     the live theme; a token that expired, or whose revision is gone,
//     shows the live theme and says why, and nothing caches either;
//   - publish makes a revision live if the revision the admin saw live
//     still is (409 if not, checked before the policy), and if it passes
//     the contrast policy (422 with the failing rules per field if not);
//   - history lists the revisions, newest first, a page at a time, with
//     their authors and field changes, and publishes an older one: the
//     rollback.
//
// Every page reads the theme's state, its newest and live revision
// numbers, from the store's Head, and the revisions it shows by number
// (Revision): an editor load costs the same with 10 revisions or 10,000.
//
// Safe to expose, as far as a demo goes: every state-changing request is
// refused unless it comes from the host's own origin
// (http.CrossOriginProtection: tenants are sibling subdomains, so
// SameSite cookies would not tell a tenant's page from another's), every
// admin page is Cache-Control: private, no-store, a form over its limits
// is a 413 or a 400, and each route answers HEAD with GET and other
// methods with 405 and the Allow they take. The demo has no
// authentication: put the admin routes behind yours, take the author
// from it rather than from the form, and give PreviewOptions.User the
// admin's id, so that a preview token works for its admin alone.
package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"html/template"
	"log"
	"maps"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-playground/validator/v10"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
	"github.com/themekit/themekit/theming/validation"
)

func main() {
	dsn := flag.String("dsn", "", "PostgreSQL connection `URL`")
	addr := flag.String("addr", "127.0.0.1:8081", "`host:port` to listen on")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	key, err := previewKey(os.Getenv("THEMEKIT_PREVIEW_KEY"))
	if err != nil {
		log.Fatal(err)
	}
	h, err := newHost(ctx, *dsn, key)
	if err != nil {
		log.Fatal(err)
	}
	go h.source.Run(ctx)
	srv := &http.Server{Addr: *addr, Handler: h.routes(), ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); srv.Shutdown(context.Background()) }()
	log.Print(srv.ListenAndServe())
}

// previewKey decodes the base64 key the replicas sign preview tokens
// with; without one it makes a random key, with which this replica alone
// can verify its tokens.
func previewKey(b64 string) ([]byte, error) {
	if b64 == "" {
		log.Print("THEMEKIT_PREVIEW_KEY is not set: previews work on this replica alone")
		key := make([]byte, revision.MinPreviewKeyLen)
		_, err := rand.Read(key)
		return key, err
	}
	return base64.StdEncoding.DecodeString(b64)
}

// host is one replica.
type host struct {
	pool   *pgxpool.Pool    // nil for a host on a store in memory (tests)
	source *pgsource.Source // nil, likewise
	cc     *theming.CompiledCatalog
	eng    *fix.Engine // the contrast engine of cc: the editor's audits
	v      *validator.Validate
	revs   revision.Store
	api    *httpadapter.Adapter
	signer *revision.PreviewSigner
	shown  []string // the components the form always shows
}

func newHost(ctx context.Context, dsn string, key []byte) (*host, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, err
	}
	cat, err := theming.DefaultCatalog()
	if err != nil {
		return nil, err
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		return nil, err
	}
	if _, err := pgsource.Migrate(ctx, pool, cc); err != nil {
		return nil, err
	}
	source, err := pgsource.New(ctx, pgsource.Options{Pool: pool, Catalog: cc})
	if err != nil {
		return nil, err
	}
	h, err := newHostOn(cc, cat.PalettePreview, source.Revisions(), source, key)
	if err != nil {
		return nil, err
	}
	h.pool, h.source = pool, source
	return h, nil
}

// newHostOn returns a host that keeps revisions in revs and serves src,
// both over the catalog cc, whose form always shows the components shown.
func newHostOn(cc *theming.CompiledCatalog, shown []string, revs revision.Store, src theming.Source, key []byte) (*host, error) {
	signer, err := revision.NewPreviewSigner(key)
	if err != nil {
		return nil, err
	}
	h := &host{cc: cc, eng: fix.New(cc), v: validator.New(), revs: revs, signer: signer, shown: shown}
	if err := validation.Register(h.v, cc); err != nil {
		return nil, err
	}
	h.api = httpadapter.New(httpadapter.Options{Source: src, SourceVary: []string{"Host"}})
	return h, nil
}

func (h *host) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			name, _, _ := strings.Cut(strings.ToLower(r.Host), ".")
			next.ServeHTTP(w, r.WithContext(tenant.With(r.Context(), name)))
		})
	})
	r.Use(revision.PreviewMiddleware(revision.PreviewOptions{Signer: h.signer}))
	r.Mount("/api/v2/theme", h.api)
	r.Handle("/theme.css", h.api.Stylesheet())
	r.Handle("/", methods(h.site, nil))
	r.Route("/admin", func(r chi.Router) {
		r.Use(func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Cache-Control", "private, no-store") // drafts: no cache keeps them
				next.ServeHTTP(w, r)
			})
		})
		r.Handle("/themes/{id}", methods(h.edit, h.save))
		r.Handle("/themes/{id}/publish", methods(nil, h.publish))
		r.Handle("/themes/{id}/history", methods(h.history, nil))
		r.Handle("/themes/{id}/preview", methods(nil, h.preview))
		r.Handle("/preview/stop", methods(nil, h.stopPreview))
	})
	return http.NewCrossOriginProtection().Handler(r)
}

// methods is a route's handler: get answers GET and HEAD, post POST;
// OPTIONS gets 204 and any other method 405, both with Allow listing the
// methods the route answers.
func methods(get, post http.HandlerFunc) http.Handler {
	var allow []string
	if get != nil {
		allow = append(allow, http.MethodGet, http.MethodHead)
	}
	allow = append(allow, http.MethodOptions)
	if post != nil {
		allow = append(allow, http.MethodPost)
	}
	allowed := strings.Join(allow, ", ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case get != nil && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			get(w, r)
		case post != nil && r.Method == http.MethodPost:
			post(w, r)
		case r.Method == http.MethodOptions:
			w.Header().Set("Allow", allowed)
			w.WriteHeader(http.StatusNoContent)
		default:
			w.Header().Set("Allow", allowed)
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		}
	})
}

// maxFormBytes bounds an admin form's body: a hundred times the form of
// the default catalog's 66 visible components with both schemes' fields
// set to the longest hsla() values, 10 KB.
const maxFormBytes = 1 << 20

// parseForm reads the posted form, or answers 413 for a body over
// maxFormBytes and 400 for one net/http does not parse (more than 10,000
// fields, a bad escape), and reports whether it read it.
func parseForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	err := r.ParseForm()
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		http.Error(w, "the form is larger than "+strconv.Itoa(maxFormBytes)+" bytes", http.StatusRequestEntityTooLarge)
	case err != nil:
		http.Error(w, "the form cannot be read: "+err.Error(), http.StatusBadRequest)
	}
	return err == nil
}

// themeForm is what the admin posts: a name, and color overrides in
// fields named as theming's paths ("colors.primary.light"), so that each
// problem's Path names its field.
type themeForm struct {
	ID     int                          `form:"-"`
	Name   string                       `form:"name" validate:"required,notblank"`
	Colors map[string]theming.PerScheme `form:"colors" validate:"dive,keys,componentid,endkeys"`
}

// page is what every admin page shows: the theme, the revision the form
// edits (Base) and the live one, its fields with their problems, and the
// problems of no field; on a 409, what the others changed meanwhile; on
// the history page, a page of revisions and the number the older ones
// are below (Older; 0: none).
type page struct {
	ID, Base, Live int
	Form           themeForm
	Fields         []field
	Errors         []string
	Theirs         []revision.FieldChange
	History        []revision.Revision
	Older          int
}

// field is one form field, its value and what is wrong with it.
type field struct {
	Name, Value string
	Errors      []string
}

// theme reads the request's tenant, theme id and the theme's state (the
// numbers of its newest and live revisions, read without reading any
// revision); it answers 404 for a theme without revisions and 500 for a
// database error.
func (h *host) theme(w http.ResponseWriter, r *http.Request) (string, int, revision.Head, bool) {
	name, _ := tenant.FromContext(r.Context())
	id, _ := strconv.Atoi(chi.URLParam(r, "id"))
	head, err := h.revs.Head(r.Context(), name, id)
	switch {
	case errors.Is(err, theming.ErrUnknownTenant), err == nil && head.Newest == 0:
		http.Error(w, "no such theme", http.StatusNotFound)
	case err != nil:
		http.Error(w, "could not read the theme", http.StatusInternalServerError)
	}
	return name, id, head, err == nil && head.Newest > 0
}

// revisionOf reads revision n of the theme, answering 400 when there is
// none and 500 for a database error.
func (h *host) revisionOf(w http.ResponseWriter, r *http.Request, name string, id, n int) (revision.Revision, bool) {
	rv, err := h.revs.Revision(r.Context(), name, id, n)
	switch {
	case errors.Is(err, revision.ErrUnknownRevision):
		http.Error(w, "no such revision", http.StatusBadRequest)
	case err != nil:
		http.Error(w, "could not read the theme", http.StatusInternalServerError)
	}
	return rv, err == nil
}

// newestPage is the editor page of the theme's newest revision, whose
// state is head, with err's problems.
func (h *host) newestPage(ctx context.Context, name string, id int, head revision.Head, err error) (page, error) {
	rv, rerr := h.revs.Revision(ctx, name, id, head.Newest)
	if rerr != nil {
		return page{}, rerr
	}
	t := rv.Theme
	return h.editor(id, head.Live, themeForm{ID: id, Name: t.Name, Colors: t.Colors}, rv.Number, err), nil
}

// edit shows the editor of the theme's newest revision.
func (h *host) edit(w http.ResponseWriter, r *http.Request) {
	name, id, head, ok := h.theme(w, r)
	if !ok {
		return
	}
	p, err := h.newestPage(r.Context(), name, id, head, nil)
	if err != nil {
		h.answer(w, r, p, err)
		return
	}
	h.render(w, http.StatusOK, "editor", p)
}

// save stores the posted form as a new draft, from the revision the
// admin edited: field rules by validator, the whole theme by CheckTheme
// in Save, and a conflict if someone saved meanwhile, which carries the
// admin's edits onto the newer revision for the admin to check.
func (h *host) save(w http.ResponseWriter, r *http.Request) {
	name, id, head, ok := h.theme(w, r)
	if !ok || !parseForm(w, r) {
		return
	}
	from, ok := h.revisionOf(w, r, name, id, atoi(r.PostFormValue("base")))
	if !ok {
		return
	}
	t := from.Theme
	t.ID, t.Colors = id, maps.Clone(t.Colors)
	for key, v := range r.PostForm {
		_ = t.SetField(key, v[0]) // the keys that are no color field are not
	}
	t.Name = r.PostFormValue("name")
	form := themeForm{ID: id, Name: t.Name, Colors: t.Colors}
	err := validation.ToTheming(h.v.Struct(form), h.cc, form)
	if err == nil {
		_, err = h.revs.Save(r.Context(), name, t, from.Number, revision.Change{Author: r.PostFormValue("author"), Note: r.PostFormValue("note")})
	}
	var conflict *revision.ConflictError
	if !errors.As(err, &conflict) {
		h.answer(w, r, h.editor(id, head.Live, form, from.Number, err), err)
		return
	}
	p, err := h.rebase(r.Context(), name, id, from, t, conflict)
	if err != nil {
		h.answer(w, r, page{}, err)
		return
	}
	h.render(w, http.StatusConflict, "editor", p)
}

// rebase is the 409 page of a save from revision from, edited to mine,
// that a newer revision beat: the form holds the newest revision with the
// fields the admin changed set to the admin's values, and saves from it;
// the page lists the newer revisions' changes and their authors (those
// of the newest MaxLimit), and marks the fields both changed. Saving it
// again reverts nothing of theirs.
func (h *host) rebase(ctx context.Context, name string, id int, from revision.Revision, mine theming.Theme, conflict *revision.ConflictError) (page, error) {
	head, err := h.revs.Head(ctx, name, id)
	if err != nil {
		return page{}, err
	}
	newest, err := h.revs.Revision(ctx, name, id, head.Newest)
	if err != nil {
		return page{}, err
	}
	newer, err := h.revs.History(ctx, name, id, revision.Page{Limit: revision.MaxLimit})
	if err != nil {
		return page{}, err
	}
	var authors []string
	for _, rv := range newer {
		if rv.Number > from.Number {
			authors = append(authors, rv.Author)
		}
	}
	slices.Sort(authors)
	authors = slices.Compact(authors)
	if last := newer[len(newer)-1].Number; last > from.Number+1 {
		authors = append(authors, "others")
	}
	t := newest.Theme
	t.ID, t.Colors = id, maps.Clone(t.Colors)
	theirs := revision.Diff(from.Theme, newest.Theme)
	both := map[string]string{}
	for _, c := range revision.Diff(from.Theme, mine) {
		if c.Field == "name" {
			t.Name = c.To
		} else if t.SetField(c.Field, c.To) != nil {
			continue // a field the form does not edit
		}
		for _, o := range theirs {
			if o.Field == c.Field && o.To != c.To {
				both[c.Field] = "revision " + strconv.Itoa(newest.Number) + " has " + strconv.Quote(o.To) + "; the form keeps yours"
			}
		}
	}
	p := h.editor(id, head.Live, themeForm{ID: id, Name: t.Name, Colors: t.Colors}, newest.Number, conflict)
	p.Errors = append(p.Errors, strings.Join(authors, ", ")+" saved revision "+strconv.Itoa(newest.Number)+
		" meanwhile; the form below is that revision with your changes: check it and save again")
	p.Theirs = theirs
	for i, f := range p.Fields {
		if msg, ok := both[f.Name]; ok {
			p.Fields[i].Errors = append(p.Fields[i].Errors, msg)
		}
	}
	return p, nil
}

// publish makes the posted revision live, if the live revision is still
// the one the admin saw.
func (h *host) publish(w http.ResponseWriter, r *http.Request) {
	name, id, head, ok := h.theme(w, r)
	if !ok || !parseForm(w, r) {
		return
	}
	n, live := atoi(r.PostFormValue("n")), atoi(r.PostFormValue("live"))
	err := h.revs.Publish(r.Context(), name, id, n, live, revision.Change{Author: r.PostFormValue("author"), Note: "published"})
	if err == nil {
		h.answer(w, r, page{ID: id}, nil)
		return
	}
	var theirs []revision.FieldChange
	if errors.Is(err, revision.ErrConflict) { // show what went live meanwhile
		var rerr error
		if head, theirs, rerr = h.wentLive(r.Context(), name, id, live); rerr != nil {
			h.answer(w, r, page{}, rerr)
			return
		}
	}
	p, rerr := h.newestPage(r.Context(), name, id, head, err)
	if rerr != nil {
		h.answer(w, r, page{}, rerr)
		return
	}
	p.Theirs = theirs
	h.answer(w, r, p, err)
}

// wentLive reads the theme's state again after a publish's conflict, and
// returns it with the changes from the revision the admin saw live (seen)
// to the one live now.
func (h *host) wentLive(ctx context.Context, name string, id, seen int) (revision.Head, []revision.FieldChange, error) {
	head, err := h.revs.Head(ctx, name, id)
	if err != nil {
		return head, nil, err
	}
	from, to := theming.Theme{ID: id}, theming.Theme{ID: id}
	for _, end := range []struct {
		n int
		t *theming.Theme
	}{{seen, &from}, {head.Live, &to}} {
		if end.n == 0 {
			continue // none was live
		}
		rv, err := h.revs.Revision(ctx, name, id, end.n)
		if errors.Is(err, revision.ErrUnknownRevision) {
			continue // the admin's form named none
		} else if err != nil {
			return head, nil, err
		}
		*end.t = rv.Theme
	}
	return head, revision.Diff(from, to), nil
}

// answer redirects to the editor after a change, or shows the page with
// the error's status: 409 for a conflict, 422 for a refused theme.
func (h *host) answer(w http.ResponseWriter, r *http.Request, p page, err error) {
	var ve *theming.ValidationError
	switch {
	case err == nil:
		http.Redirect(w, r, "/admin/themes/"+strconv.Itoa(p.ID), http.StatusSeeOther)
	case errors.Is(err, revision.ErrConflict):
		h.render(w, http.StatusConflict, "editor", p)
	case errors.Is(err, revision.ErrRefused), errors.As(err, &ve):
		h.render(w, http.StatusUnprocessableEntity, "editor", p)
	default:
		http.Error(w, "could not save the theme", http.StatusInternalServerError)
	}
}

// editor is the editor page of form, editing revision base, with err's
// problems at their fields: validation problems, the failing contrast
// rules of a refused publish, or, without either, the draft's own.
func (h *host) editor(id, live int, form themeForm, base int, err error) page {
	p := page{ID: id, Base: base, Live: live, Form: form}
	errs := map[string][]string{}
	var ve *theming.ValidationError
	var refused *revision.RefusedError
	switch {
	case errors.As(err, &ve):
		for _, pr := range ve.Problems {
			errs[pr.Path] = append(errs[pr.Path], pr.Msg)
		}
	case errors.As(err, &refused):
		p.Errors = append(p.Errors, err.Error())
		contrastErrors(errs, refused.Report)
	case err != nil:
		p.Errors = append(p.Errors, err.Error())
	}
	if ve == nil && refused == nil {
		rep, _ := h.eng.AuditTheme(theming.Theme{ID: id, Name: form.Name, Colors: form.Colors}, contrast.Policy{})
		contrastErrors(errs, rep)
	}
	comps := append(slices.Clone(h.shown), slices.Collect(maps.Keys(form.Colors))...)
	for f := range errs {
		if c, _, err := theming.ParseField(f); err == nil {
			comps = append(comps, c)
		}
	}
	slices.Sort(comps)
	p.Fields = []field{{Name: "name", Value: form.Name, Errors: errs["name"]}}
	for _, c := range slices.Compact(comps) {
		for _, sc := range theming.Schemes() {
			f := theming.FieldName(c, sc)
			p.Fields = append(p.Fields, field{Name: f, Value: form.Colors[c].For(sc), Errors: errs[f]})
			delete(errs, f)
		}
	}
	delete(errs, "name")
	for path, msgs := range errs { // the problems of no field: a cycle
		p.Errors = append(p.Errors, path+": "+strings.Join(msgs, "; "))
	}
	return p
}

// contrastErrors adds each field's failing contrast rules to errs.
func contrastErrors(errs map[string][]string, rep *fix.Report) {
	for _, ff := range rep.ByField() {
		for _, f := range ff.Failing {
			errs[ff.Field] = append(errs[ff.Field], "contrast: "+f.Component+" on "+f.Target.Value+" ("+string(f.Scheme)+", "+
				string(f.Target.ContrastType)+") is "+contrast.FormatRatio(f.Ratio)+", needs "+contrast.FormatRatio(f.Required))
		}
	}
}

// history lists a page of the theme's revisions, newest first, each
// with a rollback button: those below ?before= (all, without it), at
// most revision.DefaultLimit, with a link to the older ones.
func (h *host) history(w http.ResponseWriter, r *http.Request) {
	name, id, head, ok := h.theme(w, r)
	if !ok {
		return
	}
	hist, err := h.revs.History(r.Context(), name, id, revision.Page{Before: atoi(r.URL.Query().Get("before"))})
	if err != nil {
		h.answer(w, r, page{}, err)
		return
	}
	p := page{ID: id, Base: head.Newest, Live: head.Live, History: hist}
	if _, limit := (revision.Page{}).Range(); len(hist) == limit && hist[len(hist)-1].Number > 1 {
		p.Older = hist[len(hist)-1].Number
	}
	h.render(w, http.StatusOK, "history", p)
}

// previewFor is how long a preview token lasts.
const previewFor = time.Hour

// preview signs a token that shows revision n of the theme to this
// browser, in a cookie of this tenant's host alone, and sends the admin
// to the site's page.
func (h *host) preview(w http.ResponseWriter, r *http.Request) {
	name, id, _, ok := h.theme(w, r)
	if !ok || !parseForm(w, r) {
		return
	}
	n := atoi(r.PostFormValue("n"))
	if _, ok := h.revisionOf(w, r, name, id, n); !ok {
		return
	}
	expires := time.Now().Add(previewFor)
	token, err := h.signer.Sign(revision.PreviewToken{Tenant: name, ThemeID: id, Number: n, Expires: expires})
	if err != nil {
		http.Error(w, "could not sign the preview", http.StatusInternalServerError)
		return
	}
	// Secure over TLS; behind a proxy that ends TLS, set it always.
	http.SetCookie(w, &http.Cookie{Name: revision.PreviewCookie, Value: token, Path: "/", Expires: expires,
		HttpOnly: true, Secure: r.TLS != nil, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// stopPreview ends this browser's preview.
func (h *host) stopPreview(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: revision.PreviewCookie, Path: "/", MaxAge: -1, HttpOnly: true, Secure: r.TLS != nil, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// sitePage is the site's page: the theme's name and stylesheet, and what
// the admin previews, or why the preview is not shown.
type sitePage struct {
	Name            string
	Sheet           template.CSS
	ThemeID, Number int
	Previewing      bool
	NotPreviewed    string
}

// site is the tenant's page, in the requesting user's theme: the live
// one, or the revision this browser previews, with a banner that says
// which, or why its preview is not shown.
func (h *host) site(w http.ResponseWriter, r *http.Request) {
	t, err := h.api.ThemeForPage(w, r) // Vary, and private, no-store while previewing
	if err != nil {
		code := httpadapter.StatusFor(err)
		http.Error(w, http.StatusText(code), code)
		return
	}
	sheet, err := h.api.StylesheetFor(r)
	if err != nil {
		code := httpadapter.StatusFor(err)
		http.Error(w, http.StatusText(code), code)
		return
	}
	p := sitePage{Name: t.Name(), Sheet: template.CSS(sheet)}
	if err := revision.PreviewError(r.Context()); err != nil {
		p.NotPreviewed = err.Error()
	} else {
		p.ThemeID, p.Number, p.Previewing = revision.PreviewFrom(r.Context())
	}
	h.render(w, http.StatusOK, "site", p)
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func (h *host) render(w http.ResponseWriter, status int, name string, p any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	pages.ExecuteTemplate(w, name, p)
}
