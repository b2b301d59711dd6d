package theming

import (
	"testing"
	"time"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
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
	s, err := LoadFS(DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("before=exact", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if rep := exactAuditBefore(s); rep.Checked != 840 {
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
				if rep := s.cat.audit(s.themes, pc.p); rep.Checked != 840 {
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
				exactAuditBefore(s)
				t1 := time.Now()
				s.cat.audit(s.themes, pc.p)
				after += time.Since(t1)
				before += t1.Sub(t0)
			}
			b.ReportMetric(float64(before.Nanoseconds())/float64(b.N), "ns-before/op")
			b.ReportMetric(float64(after.Nanoseconds())/float64(b.N), "ns-policy/op")
			b.ReportMetric(float64(after)/float64(before), "ratio")
		})
	}
	// An admin's save: one theme, validated and audited alone.
	draft := s.themes[1].Theme()
	b.Run("draft=one-theme/policy=both", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if rep, err := s.cat.AuditTheme(draft, contrast.Policy{}); err != nil || rep.Checked != 210 {
				b.Fatalf("AuditTheme: %v", err)
			}
		}
	})
}

// exactAuditBefore is the audit loop of commit 1584281, before audits took
// a policy: the baseline of BenchmarkAuditDefaultCatalog.
func exactAuditBefore(s *Snapshot) *Report {
	c := s.cat
	r := &Report{Findings: make([]Finding, 0, len(c.k.Rules)*len(s.themes)*2)}
	for _, rt := range s.themes {
		for k, sc := range Schemes() {
			colors := rt.res.Colors[k]
			for ri := range c.k.Rules {
				ru := &c.k.Rules[ri]
				fg, bg, backdrop := c.pair(ru, colors, members{}, colorref.Color{})
				f := Finding{
					Theme: rt.ID(), ThemeName: rt.Name(), Scheme: sc, Component: c.cat.Components[ru.Comp].ID, Target: c.target(ru),
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
