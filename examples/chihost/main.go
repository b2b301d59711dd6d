// Command chihost is a small multi-tenant host built the way a Go
// monolith is: chi routes, validator/v10 checks the admin's form (with
// theming/validation's tags), and theming/pgsource serves each tenant's
// themes from PostgreSQL and follows every change, so a theme saved on
// one replica is served by every other.
//
//	go run ./examples/chihost -dsn postgres://localhost/themes
//	curl http://acme.localhost:8081/api/v2/theme/
//	open http://acme.localhost:8081/admin/themes/1
//
// The tenant is the first label of the host name. The admin form at
// /admin/themes/{id} edits a theme's name and color overrides; a POST is
// checked field by field with validator (errors shown next to each
// field) and then, whole, by CheckTheme as it is saved (a fallback cycle
// shown above the form), both reported as one *theming.ValidationError.
// The demo has no authentication: put the admin routes behind yours.
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

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
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
	v      *validator.Validate
	source *pgsource.Source
	shown  []string // the components the form always shows
}

func newHost(ctx context.Context, dsn string) (*host, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, pgsource.Schema); err != nil {
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
	if err := validation.Register(h.v, h.cc); err != nil {
		return nil, err
	}
	h.source, err = pgsource.New(pgsource.Options{Pool: pool, Catalog: h.cc})
	return h, err
}

func (h *host) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			name, _, _ := strings.Cut(strings.ToLower(r.Host), ".")
			next.ServeHTTP(w, r.WithContext(tenant.With(r.Context(), name)))
		})
	})
	r.Mount("/api/v2/theme", httpadapter.New(httpadapter.Options{Source: h.source, SourceVary: []string{"Host"}}))
	r.Get("/admin/themes/{id}", h.edit)
	r.Post("/admin/themes/{id}", h.edit)
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

var page = template.Must(template.New("").Parse(`<!doctype html><title>Theme {{.Form.ID}}</title>
{{with index .Errors ""}}<p class="error" data-field="">{{.}}</p>{{end}}
<form method="post"><label>Name <input name="name" value="{{.Form.Name}}"></label>
{{with index .Errors "name"}}<p class="error" data-field="name">{{.}}</p>{{end}}
{{range $f := .Fields}}<label>{{$f}} <input name="{{$f}}" value="{{index $.Values $f}}"></label>
{{with index $.Errors $f}}<p class="error" data-field="{{$f}}">{{.}}</p>{{end}}
{{end}}<button>Save</button></form>`))

// edit shows a theme's form and, on POST, saves it: field rules by
// validator, then the whole theme by CheckTheme in pgsource's Save.
func (h *host) edit(w http.ResponseWriter, r *http.Request) {
	tenant, _ := tenant.FromContext(r.Context())
	themes, err := pgsource.Tables{}.Read(r.Context(), h.pool, tenant)
	id, _ := strconv.Atoi(chi.URLParam(r, "id"))
	var theme *theming.Theme
	for i := range themes {
		if themes[i].ID == id {
			theme = &themes[i]
		}
	}
	switch {
	case errors.Is(err, theming.ErrUnknownTenant) || err == nil && theme == nil:
		http.Error(w, "no such theme", http.StatusNotFound)
		return
	case err != nil:
		http.Error(w, "could not read the themes", http.StatusInternalServerError)
		return
	}
	form := themeForm{ID: id, Name: theme.Name, Colors: theme.Colors}
	if r.Method == http.MethodPost {
		if err := r.ParseForm(); err != nil { // over 10 MB, or too many fields
			http.Error(w, "could not read the form", http.StatusBadRequest)
			return
		}
		form.Name, form.Colors = r.PostFormValue("name"), maps.Clone(theme.Colors)
		if form.Colors == nil {
			form.Colors = map[string]theming.PerScheme{}
		}
		for key, v := range r.PostForm {
			if comp, scheme, ok := strings.Cut(strings.TrimPrefix(key, "colors."), "."); ok && strings.HasPrefix(key, "colors.") {
				o := form.Colors[comp]
				if scheme == string(theming.Dark) {
					o.Dark = v[0]
				} else {
					o.Light = v[0]
				}
				form.Colors[comp] = o
			}
		}
		err = validation.ToTheming(h.v.Struct(form), h.cc, form)
		if err == nil {
			theme.Name, theme.Colors = form.Name, form.Colors
			err = pgsource.Tables{}.Save(r.Context(), h.pool, h.cc, tenant, *theme)
		}
		if err == nil {
			http.Redirect(w, r, r.URL.Path, http.StatusSeeOther)
			return
		}
	}
	h.render(w, form, err)
}

// render writes the form with each problem under its field; a problem
// of no field (a cycle) above the form. Any other error is a 500.
func (h *host) render(w http.ResponseWriter, form themeForm, err error) {
	data := struct {
		Form           themeForm
		Fields         []string
		Values, Errors map[string]string
	}{Form: form, Values: map[string]string{}, Errors: map[string]string{}}
	comps := append(slices.Clone(h.shown), slices.Collect(maps.Keys(form.Colors))...)
	slices.Sort(comps)
	for _, c := range slices.Compact(comps) {
		for _, sc := range theming.Schemes() {
			name := "colors." + c + "." + string(sc)
			data.Fields, data.Values[name] = append(data.Fields, name), form.Colors[c].For(sc)
		}
	}
	var ve *theming.ValidationError
	switch {
	case errors.As(err, &ve):
		var whole strings.Builder // the problems of no field, in one line
		for _, p := range ve.Problems {
			if _, isField := data.Values[p.Path]; isField || p.Path == "name" {
				data.Errors[p.Path] = p.Msg
			} else {
				whole.WriteString(p.Path + ": " + p.Msg + " ")
			}
		}
		if whole.Len() > 0 {
			data.Errors[""] = whole.String()
		}
		w.WriteHeader(http.StatusUnprocessableEntity)
	case err != nil:
		http.Error(w, "could not save the theme", http.StatusInternalServerError)
		return
	}
	page.Execute(w, data)
}
