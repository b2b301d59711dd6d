// Command chihost is a small multi-tenant host built the way a Go
// monolith is: chi routes, validator/v10 checks the admin's form (with
// theming/validation's tags), theming/pgsource serves each tenant's
// themes from PostgreSQL and follows every change, so a theme published on
// one replica is served by every other, and theming/revision keeps each
// theme's drafts and history.
//
//	go run ./examples/chihost -dsn postgres://localhost/themes
//	curl http://acme.localhost:8081/api/v2/theme/
//	open http://acme.localhost:8081/admin/themes/1
//
// The tenant is the first label of the host name. Each replica migrates
// the schema at start (pgsource.Migrate: one migrates, the others wait).
//
// The admin flow, under /admin/themes/{id}:
//
//   - the editor shows the theme's newest revision, the draft: its name
//     and color overrides, each field with its problems (validator's and
//     CheckTheme's) and its failing contrast rules (fix.Report.ByField), and
//     saves a new draft from the revision the admin edited; a draft saved
//     by someone else meanwhile is a 409 that shows the admin's edit
//     again, on the newer revision;
//   - preview/{n} is the host's own page in revision n: the page asks
//     Adapter.ThemeFor and Adapter.StylesheetFor with a context that carries the preview
//     (revision.WithPreview), so it shows the draft while every user sees
//     the live theme, and nothing caches it;
//   - publish makes a revision live if the revision the admin saw live
//     still is (409 if not), and if it passes the contrast policy (422
//     with the failing rules per field if not);
//   - history lists the revisions, newest first, with their authors and
//     field changes, and publishes an older one: the rollback.
//
// The demo has no authentication: put the admin routes behind yours, and
// take the author from it rather than from the form.
package main

import (
	"context"
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
	h, err := newHost(ctx, *dsn)
	if err != nil {
		log.Fatal(err)
	}
	go h.source.Run(ctx)
	srv := &http.Server{Addr: *addr, Handler: h.routes(), ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); srv.Shutdown(context.Background()) }()
	log.Print(srv.ListenAndServe())
}

// host is one replica.
type host struct {
	pool   *pgxpool.Pool
	cc     *theming.CompiledCatalog
	eng    *fix.Engine // the contrast engine of cc: the editor's audits
	v      *validator.Validate
	source *pgsource.Source
	revs   pgsource.Revisions
	api    *httpadapter.Adapter
	shown  []string // the components the form always shows
}

func newHost(ctx context.Context, dsn string) (*host, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if _, err := pgsource.Migrate(ctx, pool); err != nil {
		return nil, err
	}
	cat, err := theming.DefaultCatalog()
	if err != nil {
		return nil, err
	}
	h := &host{pool: pool, v: validator.New(), shown: cat.PalettePreview}
	if h.cc, err = theming.CompileCatalog(cat); err != nil {
		return nil, err
	}
	h.eng = fix.New(h.cc)
	if err := validation.Register(h.v, h.cc); err != nil {
		return nil, err
	}
	if h.source, err = pgsource.New(ctx, pgsource.Options{Pool: pool, Catalog: h.cc}); err != nil {
		return nil, err
	}
	h.revs = h.source.Revisions()
	h.api = httpadapter.New(httpadapter.Options{Source: h.source, SourceVary: []string{"Host"}})
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
	r.Mount("/api/v2/theme", h.api)
	r.Handle("/theme.css", h.api.Stylesheet())
	r.Get("/admin/themes/{id}", h.edit)
	r.Post("/admin/themes/{id}", h.save)
	r.Post("/admin/themes/{id}/publish", h.publish)
	r.Get("/admin/themes/{id}/history", h.history)
	r.Get("/admin/themes/{id}/preview/{n}", h.preview)
	return r
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
// problems of no field.
type page struct {
	ID, Base, Live int
	Form           themeForm
	Fields         []field
	Errors         []string
	History        []revision.Revision
	Sheet          template.CSS
}

// field is one form field, its value and what is wrong with it.
type field struct {
	Name, Value string
	Errors      []string
}

// theme reads the request's tenant, theme id and history; it answers
// 404 for a theme without revisions and 500 for a database error.
func (h *host) theme(w http.ResponseWriter, r *http.Request) (string, int, []revision.Revision, bool) {
	name, _ := tenant.FromContext(r.Context())
	id, _ := strconv.Atoi(chi.URLParam(r, "id"))
	hist, err := h.revs.History(r.Context(), name, id)
	switch {
	case err != nil:
		http.Error(w, "could not read the theme", http.StatusInternalServerError)
	case len(hist) == 0:
		http.Error(w, "no such theme", http.StatusNotFound)
	}
	return name, id, hist, err == nil && len(hist) > 0
}

func liveOf(hist []revision.Revision) int {
	for _, rv := range hist {
		if rv.Live {
			return rv.Number
		}
	}
	return 0
}

// edit shows the editor of the theme's newest revision.
func (h *host) edit(w http.ResponseWriter, r *http.Request) {
	if _, id, hist, ok := h.theme(w, r); ok {
		t := hist[0].Theme
		h.render(w, http.StatusOK, h.editor(id, hist, themeForm{ID: id, Name: t.Name, Colors: t.Colors}, hist[0].Number, nil))
	}
}

// save stores the posted form as a new draft, from the revision the
// admin edited: field rules by validator, the whole theme by CheckTheme
// in Save, and a conflict if someone saved meanwhile.
func (h *host) save(w http.ResponseWriter, r *http.Request) {
	name, id, hist, ok := h.theme(w, r)
	if !ok || r.ParseForm() != nil { // over 10 MB, or too many fields
		return
	}
	base, _ := strconv.Atoi(r.PostFormValue("base"))
	var t theming.Theme
	for _, rv := range hist {
		if rv.Number == base {
			t = rv.Theme
		}
	}
	t.ID, t.Colors = id, maps.Clone(t.Colors)
	for key, v := range r.PostForm {
		_ = t.SetField(key, v[0]) // the keys that are no color field are not
	}
	form := themeForm{ID: id, Name: r.PostFormValue("name"), Colors: t.Colors}
	err := validation.ToTheming(h.v.Struct(form), h.cc, form)
	if err == nil {
		t.Name = form.Name
		_, err = h.revs.Save(r.Context(), name, t, base, revision.Change{Author: r.PostFormValue("author"), Note: r.PostFormValue("note")})
	}
	var conflict *revision.ConflictError
	if errors.As(err, &conflict) {
		base = conflict.Now // the form saves over the newer revision once the admin saw it
	}
	h.answer(w, r, h.editor(id, hist, form, base, err), err)
}

// publish makes the posted revision live, if the live revision is still
// the one the admin saw.
func (h *host) publish(w http.ResponseWriter, r *http.Request) {
	name, id, hist, ok := h.theme(w, r)
	if !ok || r.ParseForm() != nil {
		return
	}
	n, _ := strconv.Atoi(r.PostFormValue("n"))
	live, _ := strconv.Atoi(r.PostFormValue("live"))
	err := h.revs.Publish(r.Context(), name, id, n, live, revision.Change{Author: r.PostFormValue("author"), Note: "published"})
	t := hist[0].Theme
	h.answer(w, r, h.editor(id, hist, themeForm{ID: id, Name: t.Name, Colors: t.Colors}, hist[0].Number, err), err)
}

// answer redirects to the editor after a change, or shows the page with
// the error's status: 409 for a conflict, 422 for a refused theme.
func (h *host) answer(w http.ResponseWriter, r *http.Request, p page, err error) {
	var ve *theming.ValidationError
	switch {
	case err == nil:
		http.Redirect(w, r, "/admin/themes/"+strconv.Itoa(p.ID), http.StatusSeeOther)
	case errors.Is(err, revision.ErrConflict):
		h.render(w, http.StatusConflict, p)
	case errors.Is(err, revision.ErrRefused), errors.As(err, &ve):
		h.render(w, http.StatusUnprocessableEntity, p)
	default:
		http.Error(w, "could not save the theme", http.StatusInternalServerError)
	}
}

// editor is the editor page of form, editing revision base, with err's
// problems at their fields: validation problems, the failing contrast
// rules of a refused publish, or, without either, the draft's own.
func (h *host) editor(id int, hist []revision.Revision, form themeForm, base int, err error) page {
	p := page{ID: id, Base: base, Live: liveOf(hist), Form: form}
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

// history lists the theme's revisions, each with a rollback button.
func (h *host) history(w http.ResponseWriter, r *http.Request) {
	if _, id, hist, ok := h.theme(w, r); ok {
		h.render(w, http.StatusOK, page{ID: id, Base: hist[0].Number, Live: liveOf(hist), History: hist})
	}
}

// preview shows the host's page in revision n, for this request alone.
func (h *host) preview(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(chi.URLParam(r, "id"))
	n, _ := strconv.Atoi(chi.URLParam(r, "n"))
	req := r.WithContext(revision.WithPreview(r.Context(), id, n))
	t, err := h.api.ThemeFor(req)
	var sheet string
	if err == nil {
		sheet, err = h.api.StylesheetFor(req) // the sheet the adapter keeps for the preview
	}
	if err != nil {
		code := httpadapter.StatusFor(err)
		http.Error(w, http.StatusText(code), code)
		return
	}
	w.Header().Set("Cache-Control", "private, no-store")
	h.render(w, http.StatusOK, page{ID: id, Base: n, Form: themeForm{Name: t.Name()}, Sheet: template.CSS(sheet)})
}

func (h *host) render(w http.ResponseWriter, status int, p page) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	name := "editor"
	switch {
	case p.History != nil:
		name = "history"
	case p.Sheet != "":
		name = "preview"
	}
	pages.ExecuteTemplate(w, name, p)
}
