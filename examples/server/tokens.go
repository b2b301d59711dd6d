package main

import (
	"log/slog"
	"net/http"
	"strings"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
	"github.com/themekit/themekit/theming/fix"
)

// Media types of the export: the Resolver module asks for application/json,
// the Format module prefers its own type for token files.
const (
	resolverType = "application/json"
	tokensType   = "application/design-tokens+json"
)

// tokensHandler serves the store's current snapshot as DTCG 2025.10
// design tokens at /tokens/{file}: the resolver document
// (themes.resolver.json) and the token files it references, by the names
// it uses, so that a tool given the resolver's URL finds the rest beside
// it. The export is made once per snapshot (perSnapshot) and each file
// precompressed, served as the other documents are: negotiated coding,
// an ETag per coding, 304 to If-None-Match, Cache-Control: no-cache.
type tokensHandler struct {
	store  *theming.Current
	log    *slog.Logger
	export perSnapshot
}

// newTokensHandler serves the export, its "more" context carrying the
// variants of engineOf's engine, the stylesheet's.
func newTokensHandler(store *theming.Current, engineOf func(*theming.Snapshot) *fix.Engine, log *slog.Logger) *tokensHandler {
	return &tokensHandler{store: store, log: log, export: perSnapshot{renderFiles: func(snap *theming.Snapshot) (map[string]*httpwire.Precompressed, error) {
		return exportFiles(snap, engineOf(snap))
	}}}
}

// exportFiles exports snap, with e's variants, and precompresses each file.
func exportFiles(snap *theming.Snapshot, e *fix.Engine) (map[string]*httpwire.Precompressed, error) {
	files, err := dtcg.ExportSnapshot(snap, dtcg.ExportOptions{Engine: e})
	if err != nil {
		return nil, err
	}
	out := make(map[string]*httpwire.Precompressed, len(files))
	for _, f := range files {
		ctype := tokensType
		if strings.HasSuffix(f.Name, ".resolver.json") {
			ctype = resolverType
		}
		out[f.Name] = httpwire.NewPrecompressed(ctype, f.Data)
	}
	return out, nil
}

// ServeHTTP serves the file named by the path's {file}.
func (h *tokensHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	snap, err := h.store.Snapshot(r.Context())
	var b *built
	if err == nil {
		b, err = h.export.get(r.Context(), snap)
	}
	if err != nil {
		if r.Context().Err() == nil {
			h.log.ErrorContext(r.Context(), "serving the design tokens", "err", err)
		}
		hd.Set("Cache-Control", "no-store")
		http.Error(w, "the design tokens are unavailable", http.StatusInternalServerError)
		return
	}
	file, ok := b.files[r.PathValue("file")]
	if !ok {
		hd.Set("Cache-Control", "no-cache")
		http.NotFound(w, r)
		return
	}
	hd.Set("Cache-Control", "no-cache")
	file.ServeHTTP(w, r)
}
