package fix

import (
	"testing"
	"time"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// BenchmarkAuditDefaultCatalog measures the contrast audit of the default
// catalog with its four themes (840 rules) under each policy, beside
// exactAuditBefore, the audit as it was before it took a policy (the exact
// ratio and the APCA Lc per rule, compared with >=), in the same run. Each
// iteration computes a report; none is cached.
//
//	go test -run '^$' -bench 'AuditDefaultCatalog' -benchmem ./theming
//
// The "alternated" sub-benchmarks run the old loop and the audit under a
// policy one after the other in each iteration and report their ratio,
// which the load of other processes on a shared machine skews less than
// two sub-benchmarks run minutes apart.
func BenchmarkAuditDefaultCatalog(b *testing.B) {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	e, themes := New(s.CompiledCatalog()), s.Themes()
	b.Run("before=exact", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if rep := exactAuditBefore(e, themes); rep.Checked != 840 {
				b.Fatalf("checked %d rules", rep.Checked)
			}
		}
	})
	policies := []struct {
		name string
		p    contrast.Policy
	}{
		{"policy=exact", contrast.Policy{Method: contrast.Exact}},
		{"policy=rendered", contrast.Policy{Method: contrast.Rendered}},
		{"policy=both", contrast.Policy{}},
		{"policy=both+AAA", contrast.Policy{Level: contrast.AAA}},
		{"policy=both+apca", contrast.Policy{APCA: true}},
	}
	for _, pc := range policies {
		b.Run(pc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if rep := e.audit(themes, pc.p); rep.Checked != 840 {
					b.Fatalf("checked %d rules", rep.Checked)
				}
			}
		})
	}
	// The two audits alternated within each iteration, so that the load of
	// a shared machine weighs on both alike: ratio is both's time over the
	// exact audit's as it was.
	for _, pc := range policies[:3] {
		b.Run("alternated/"+pc.name+"-vs-before", func(b *testing.B) {
			var before, after time.Duration
			for b.Loop() {
				t0 := time.Now()
				exactAuditBefore(e, themes)
				t1 := time.Now()
				e.audit(themes, pc.p)
				after += time.Since(t1)
				before += t1.Sub(t0)
			}
			b.ReportMetric(float64(before.Nanoseconds())/float64(b.N), "ns-before/op")
			b.ReportMetric(float64(after.Nanoseconds())/float64(b.N), "ns-policy/op")
			b.ReportMetric(float64(after)/float64(before), "ratio")
		})
	}
	// An admin's save: one theme, validated and audited alone.
	draft := themes[1].Theme()
	b.Run("draft=one-theme/policy=both", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if rep, err := e.AuditTheme(draft, contrast.Policy{}); err != nil || rep.Checked != 210 {
				b.Fatalf("AuditTheme: %v", err)
			}
		}
	})
}

// exactAuditBefore is the audit loop of commit 1584281 (in package theming then), before audits took
// a policy: the baseline of BenchmarkAuditDefaultCatalog.
func exactAuditBefore(e *Engine, themes []*theming.ResolvedTheme) *Report {
	r := &Report{Findings: make([]Finding, 0, len(e.k.Rules)*len(themes)*2)}
	for _, rt := range themes {
		_, _, res := core.Resolution(rt)
		for k, sc := range theming.Schemes() {
			colors := res.Colors[k]
			for ri := range e.k.Rules {
				ru := &e.k.Rules[ri]
				fg, bg, backdrop := e.pair(ru, k, colors, members{}, colorref.Color{})
				f := Finding{
					ThemeID: rt.ID(), ThemeName: rt.Name(), Scheme: sc, Component: e.id(ru.Comp), Target: e.target(ru),
					Foreground: fg, Background: bg, Backdrop: backdrop,
				}
				f.Required, _ = contrast.Required(ru.Type, contrast.AA)
				f.Ratio = contrast.RatioOver(f.Foreground, f.Background, backdrop)
				f.Lc = contrast.APCAOver(f.Foreground, f.Background, backdrop)
				f.Pass = f.Ratio >= f.Required
				r.Findings = append(r.Findings, f)
				r.Checked++
				if !f.Pass {
					r.Failed++
				}
			}
		}
	}
	return r
}
