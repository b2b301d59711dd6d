package tenant

import (
	"cmp"
	"errors"
	"slices"
	"time"

	"github.com/themekit/themekit/theming"
)

// The last good version of every theme, and the catalog's defaults for a
// tenant with no servable theme: what a Source serves of the snapshot
// and the error a Load returned.

// DefaultTheme is the theme a tenant with no servable theme is served
// (unless [Options].NoDefaultTheme is set): id 1, named "Default", marked
// is_default, with no color override and no image, so that every
// component takes its fallback from the catalog. A new tenant, and one
// whose every theme is left out with no earlier version to serve, show
// the catalog's own colors rather than answering 404.
func DefaultTheme() theming.Theme {
	return theming.Theme{ID: 1, Name: "Default", IsDefault: true}
}

// LeftOut is a theme that its tenant's last load left out because it
// does not validate: a row written past the admin's checks, or one the
// catalog no longer accepts.
type LeftOut struct {
	Tenant  string
	ThemeID int // 0 when the theme's id itself is what is wrong
	// Problems say why, as the lenient build reported them.
	Problems []*theming.Problem
	// LastGood reports that an earlier version of the theme, the last
	// that validated, is served in its place; false when none is known
	// and the theme is not served.
	LastGood bool
	// Since is when the tenant's loads began to leave the theme out.
	Since time.Time
}

// LeftOut returns the themes that the built tenants' last loads left
// out, and why, by tenant and then theme id: for a status page, or a log
// line at a steady rate. Each is logged once through [Options].Logger
// when it is first left out.
func (ts *Source) LeftOut() []LeftOut {
	ts.mu.Lock()
	var out []LeftOut
	for _, e := range ts.byKey {
		out = append(out, e.leftOut...)
	}
	ts.mu.Unlock()
	slices.SortFunc(out, func(a, b LeftOut) int {
		return cmp.Or(cmp.Compare(a.Tenant, b.Tenant), cmp.Compare(a.ThemeID, b.ThemeID))
	})
	return out
}

// served is what a Source serves of one load.
type served struct {
	snap     *theming.Snapshot
	leftOut  []LeftOut
	defaults bool // snap is the catalog's defaults, not the tenant's data
}

// serve works out what e serves of a snapshot and an error that Load
// returned: snap, with each theme the error names as left out replaced
// by its version in the snapshot e serves (each theme of which is its
// last good version), and the catalog's defaults when no theme is left
// (unless Options.NoDefaultTheme). The same snapshot as the last load's
// gives what was served then.
func (ts *Source) serve(e *tenantEntry, snap *theming.Snapshot, err error) served {
	ts.mu.Lock()
	if snap == e.loaded && e.snap != nil {
		sv := served{snap: e.snap, leftOut: e.leftOut, defaults: e.defaults}
		ts.mu.Unlock()
		return sv
	}
	last := e.snap
	if e.defaults {
		last = nil // the defaults are no theme's earlier version
	}
	since := map[int]time.Time{}
	for _, lo := range e.leftOut {
		since[lo.ThemeID] = lo.Since
	}
	ts.mu.Unlock()

	sv := served{snap: snap, leftOut: leftOutOf(e.key, err, since)}
	var earlier []theming.Theme
	for i := range sv.leftOut {
		lo := &sv.leftOut[i]
		if lo.ThemeID <= 0 {
			continue
		}
		if _, ok := snap.Theme(lo.ThemeID); ok {
			lo.LastGood = true // Load served an earlier version itself
		} else if rt, ok := themeOf(last, lo.ThemeID); ok {
			earlier = append(earlier, rt.Theme())
			lo.LastGood = true
		}
	}
	cc := snap.CompiledCatalog()
	if len(earlier) > 0 && cc != nil {
		themes := earlier
		for _, rt := range snap.Themes() {
			themes = append(themes, rt.Theme())
		}
		if s, _ := cc.SnapshotLenient(themes); s != nil {
			sv.snap = s
		}
	}
	if len(sv.snap.Themes()) == 0 && !ts.opts.NoDefaultTheme && cc != nil {
		if s, err := cc.Snapshot([]theming.Theme{DefaultTheme()}); err == nil {
			sv.snap, sv.defaults = s, true
		}
	}
	return sv
}

// themeOf returns s's theme id; s may be nil.
func themeOf(s *theming.Snapshot, id int) (*theming.ResolvedTheme, bool) {
	if s == nil {
		return nil, false
	}
	return s.Theme(id)
}

// leftOutOf returns the themes err (a lenient build's
// *theming.ValidationError, or nil) says were left out, in the order of
// their first problem; since holds when those left out before were first.
func leftOutOf(tenant string, err error, since map[int]time.Time) []LeftOut {
	var ve *theming.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []LeftOut
	at := map[int]int{}
	now := time.Now()
	for _, p := range ve.Problems {
		n, ok := at[p.ThemeID]
		if !ok {
			n = len(out)
			at[p.ThemeID] = n
			out = append(out, LeftOut{Tenant: tenant, ThemeID: p.ThemeID, Since: now})
			if t, ok := since[p.ThemeID]; ok {
				out[n].Since = t
			}
		}
		out[n].Problems = append(out[n].Problems, p)
	}
	return out
}

// logLeftOut logs each problem of now that was not in before, once, with
// what is served instead, and each theme of before that is served again.
func (ts *Source) logLeftOut(tenant string, before, now []LeftOut) {
	seen := map[string]bool{}
	back := map[int]bool{}
	for _, lo := range before {
		back[lo.ThemeID] = true
		for _, p := range lo.Problems {
			seen[p.Error()] = true
		}
	}
	for _, lo := range now {
		delete(back, lo.ThemeID)
		serving := "nothing: no earlier version is known"
		if lo.LastGood {
			serving = "its last good version"
		}
		for _, p := range lo.Problems {
			if seen[p.Error()] {
				continue
			}
			ts.opts.Logger.Error("tenant: theme left out: it does not validate",
				"tenant", tenant, "theme", lo.ThemeID, "component", p.ComponentID, "scheme", string(p.Scheme),
				"path", p.Path, "message", p.Msg, "serving", serving)
		}
	}
	for id := range back {
		ts.opts.Logger.Info("tenant: theme served again: it validates", "tenant", tenant, "theme", id)
	}
}
