package main

import (
	"bytes"
	"context"
	"encoding/json"
	"html/template"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/htmlreport"
)

// maxReportFindings bounds the contrast report page: a snapshot whose
// audit has more findings gets a short page that says so and links the
// JSON report. The page costs about 540 bytes and 0.1 ms of rendering per
// finding (500 themes of the default catalog: 105,000 findings, 57 MB,
// 12 s, 587 MiB allocated), so the bound keeps a page under about 6 MB and
// a second or so; the default data has 840 findings.
const maxReportFindings = 10_000

// built is one rendering of one snapshot.
type built struct {
	snap   *theming.Snapshot
	done   chan struct{} // closed when body, served and err are set
	body   []byte
	served *httpwire.Precompressed
	files  map[string]*httpwire.Precompressed // by name, for a renderFiles perSnapshot
	err    error
}

// perSnapshot renders a document once per snapshot: the first request
// for a snapshot starts the rendering, every request that comes while it
// runs waits for the same one (or for its own context to end), and the
// result is kept until a request brings another snapshot. The rendering
// runs detached from the request that started it, so a client that goes
// away does not waste it.
type perSnapshot struct {
	ctype  string
	render func(*theming.Snapshot) ([]byte, error)
	mu     sync.Mutex
	last   *built
	builds atomic.Int64 // renderings started, for the tests

	// renderFiles, if set instead of render, renders several documents,
	// served by name from built.files.
	renderFiles func(*theming.Snapshot) (map[string]*httpwire.Precompressed, error)
}

// get returns the rendering of snap, starting it unless it is the one
// last started.
func (p *perSnapshot) get(ctx context.Context, snap *theming.Snapshot) (*built, error) {
	p.mu.Lock()
	b := p.last
	if b == nil || b.snap != snap {
		b = &built{snap: snap, done: make(chan struct{})}
		p.last = b
		p.builds.Add(1)
		go func() {
			defer close(b.done)
			if p.renderFiles != nil {
				b.files, b.err = p.renderFiles(snap)
				return
			}
			if b.body, b.err = p.render(snap); b.err == nil {
				b.served = httpwire.NewPrecompressed(p.ctype, b.body)
			}
		}()
	}
	p.mu.Unlock()
	select {
	case <-b.done:
		return b, b.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// reportHandler serves the visual contrast report (htmlreport.Write) of
// the store's current snapshot, under htmlreport.ContentSecurityPolicy, and the same audit as JSON,
// each with the themes' high-contrast variants' audit. The
// audits are the engine's, worked out once per snapshot and shared with
// the stylesheet; each form is rendered once per snapshot (perSnapshot)
// and kept until the store serves another one.
// A page over maxFindings findings is not rendered: a short page says so
// and links the JSON, which lists every finding.
type reportHandler struct {
	store       *theming.Current
	engineOf    func(*theming.Snapshot) *fix.Engine // the stylesheet's engine of a snapshot's catalog
	log         *slog.Logger
	maxFindings int
	page, json  perSnapshot
}

func newReportHandler(store *theming.Current, engineOf func(*theming.Snapshot) *fix.Engine, log *slog.Logger) *reportHandler {
	h := &reportHandler{store: store, engineOf: engineOf, log: log, maxFindings: maxReportFindings}
	h.page = perSnapshot{ctype: "text/html; charset=utf-8", render: h.renderPage}
	h.json = perSnapshot{ctype: "application/json", render: h.renderJSON}
	return h
}

// tooLargeTemplate is the page of a report over the bound. The link is
// relative: the page is served at /theme/report, the JSON next to it.
var tooLargeTemplate = template.Must(template.New("too-large").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Contrast report</title></head>
<body>
<h1>Contrast report</h1>
<p>The contrast audit of this data has {{.Findings}} findings ({{.Failed}} failing) in {{.Themes}} themes:
more than the {{.Max}} this page renders. The JSON report lists every finding:
<a href="report.json">/theme/report.json</a>.</p>
</body></html>
`))

func (h *reportHandler) renderPage(snap *theming.Snapshot) ([]byte, error) {
	e := h.engineOf(snap)
	r, err := e.Audit(snap, contrast.Policy{})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if len(r.Findings) > h.maxFindings {
		err := tooLargeTemplate.Execute(&b, struct{ Findings, Failed, Themes, Max int }{len(r.Findings), r.Failed, len(snap.Themes()), h.maxFindings})
		return b.Bytes(), err
	}
	err = htmlreport.Write(&b, r, htmlreport.Options{HighContrast: e.HighContrastAudit(snap)})
	return b.Bytes(), err
}

// renderJSON is the audit as JSON, with the high-contrast variants'
// audit under "high_contrast": the rules a variant cannot bring to AAA
// are its failures.
func (h *reportHandler) renderJSON(snap *theming.Snapshot) ([]byte, error) {
	e := h.engineOf(snap)
	r, err := e.Audit(snap, contrast.Policy{})
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		*fix.Report
		HighContrast *fix.Report `json:"high_contrast"`
	}{r, e.HighContrastAudit(snap)})
}

// Page serves the report page.
func (h *reportHandler) Page() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", htmlreport.ContentSecurityPolicy)
		h.serve(w, r, &h.page)
	})
}

// JSON serves the audit as JSON: the policy and every finding.
func (h *reportHandler) JSON() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.serve(w, r, &h.json) })
}

func (h *reportHandler) serve(w http.ResponseWriter, r *http.Request, form *perSnapshot) {
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	snap, err := h.store.Snapshot(r.Context())
	var b *built
	if err == nil {
		b, err = form.get(r.Context(), snap)
	}
	if err != nil {
		if r.Context().Err() == nil {
			h.log.ErrorContext(r.Context(), "serving the contrast report", "err", err)
		}
		hd.Del("Content-Security-Policy")
		hd.Set("Cache-Control", "no-store")
		http.Error(w, "the contrast report is unavailable", http.StatusInternalServerError)
		return
	}
	hd.Set("Cache-Control", "no-cache")
	// In the coding the client prefers, with its ETag; If-None-Match is
	// a 304, HEAD has no body.
	b.served.ServeHTTP(w, r)
}
