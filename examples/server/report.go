package main

import (
	"bytes"
	"log/slog"
	"net/http"
	"sync/atomic"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/htmlreport"
)

// reportPage is the visual contrast report of one snapshot, rendered and
// served precompressed.
type reportPage struct {
	snap   *theming.Snapshot
	body   []byte
	served *httpadapter.Precompressed
}

// reportHandler serves the visual contrast report (htmlreport.Write) of the store's current snapshot, under
// htmlreport.ContentSecurityPolicy. The audit is the snapshot's own,
// computed once; the page is rendered once per snapshot and kept until
// the store serves another one.
type reportHandler struct {
	store *theming.Store
	log   *slog.Logger
	last  atomic.Pointer[reportPage]
}

func newReportHandler(store *theming.Store, log *slog.Logger) *reportHandler {
	return &reportHandler{store: store, log: log}
}

// page returns the rendered report of snap, rendering it unless it is the
// one rendered last. Two requests racing on a new snapshot may both
// render it; either result is the same page.
func (h *reportHandler) page(snap *theming.Snapshot) (*reportPage, error) {
	if p := h.last.Load(); p != nil && p.snap == snap {
		return p, nil
	}
	var b bytes.Buffer
	if err := htmlreport.Write(&b, snap.Audit(), htmlreport.Options{}); err != nil {
		return nil, err
	}
	p := &reportPage{snap: snap, body: b.Bytes(), served: httpadapter.NewPrecompressed("text/html; charset=utf-8", b.Bytes())}
	h.last.Store(p)
	return p, nil
}

func (h *reportHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	snap, err := h.store.Snapshot(r.Context())
	var p *reportPage
	if err == nil {
		p, err = h.page(snap)
	}
	if err != nil {
		h.log.ErrorContext(r.Context(), "serving the contrast report", "err", err)
		hd.Set("Cache-Control", "no-store")
		http.Error(w, "the contrast report is unavailable", http.StatusInternalServerError)
		return
	}
	hd.Set("Content-Security-Policy", htmlreport.ContentSecurityPolicy)
	hd.Set("Cache-Control", "no-cache")
	// In the coding the client prefers, with its ETag; If-None-Match is
	// a 304, HEAD has no body.
	p.served.ServeHTTP(w, r)
}
