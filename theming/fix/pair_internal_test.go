package fix

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// TestAuditAndSolverJudgeEveryPairAlike: the audit (which measures each
// pair with Policy.Check) and the solver (which judges it with the
// policy's Threshold) read a rule's pair through the one Engine.pair
// and reach the same verdict on it, for every rule of the default
// catalog in both schemes, under seeded themes that override a few
// components with random colors (translucent ones among them) or with
// references to other components, under four policies.
func TestAuditAndSolverJudgeEveryPairAlike(t *testing.T) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	e, vis := New(snap.CompiledCatalog()), visibleOf(snap)
	rng := rand.New(rand.NewPCG(26, 3))
	n := 2500
	if testing.Short() {
		n = 250
	}
	policies := []contrast.Policy{{}, {Method: contrast.Exact}, {Method: contrast.Rendered, Level: contrast.AAA}, {APCA: true}}
	judged, failing, themes := 0, 0, 0
	for i := 0; i < n; i++ {
		th := randomTheme(rng, vis, i)
		p := policies[i%len(policies)]
		rep, err := e.AuditTheme(th, p)
		if err != nil {
			continue // a reference that closes a cycle, or a translucent page: not a theme to judge
		}
		s, err := e.newSolver(th, p)
		require.NoError(t, err)
		themes++
		for k, sc := range theming.Schemes() {
			for ri := range e.k.Rules {
				f := rep.Findings[k*len(e.k.Rules)+ri]
				fg, bg, bd := e.pair(&e.k.Rules[ri], k, s.colors[k], members{}, colorref.Color{})
				if f.Foreground != fg || f.Background != bg || f.Backdrop != bd || f.Pass != s.pass[k][ri] {
					desc := fmt.Sprintf("theme %d (%v) under %+v: %s on %s in %s", i, th.Colors, p, f.Component, f.Target.Value, sc)
					require.Equal(t, [3]colorref.Color{f.Foreground, f.Background, f.Backdrop}, [3]colorref.Color{fg, bg, bd}, "%s: the pair", desc)
					require.Equal(t, f.Pass, s.pass[k][ri], "%s: the verdict", desc)
				}
				judged++
				if !f.Pass {
					failing++
				}
			}
		}
	}
	t.Logf("%d seeded themes, %d valid: %d pairs judged alike, %d of them failing", n, themes, judged, failing)
	require.Greater(t, themes, n/3, "a reference may close a cycle, but most themes are valid")
	require.Positive(t, failing)
}

// visible is what the random themes draw from: the ids of a catalog's
// visible components, in catalog order, and its page background's.
type visible struct {
	ids  []string
	page string
}

// visibleOf returns snap's visible components.
func visibleOf(snap *theming.Snapshot) visible {
	v := visible{page: snap.PageBackground()}
	for _, c := range snap.Components() {
		v.ids = append(v.ids, c.ID)
	}
	return v
}

// randomTheme overrides one to six visible components, each in one
// scheme or both, with a random hsl() or hsla() color (opaque for the
// page background) or, one time in six, another visible component's id.
func randomTheme(rng *rand.Rand, vis visible, id int) theming.Theme {
	th := theming.Theme{ID: id + 1, Name: "Random"}
	for range 1 + rng.IntN(6) {
		comp := vis.ids[rng.IntN(len(vis.ids))]
		for _, sc := range theming.Schemes() {
			if rng.IntN(3) == 0 {
				continue
			}
			th.SetOverride(comp, sc, randomValue(rng, vis, comp, 6, 4, 0.3))
		}
	}
	return th
}

// randomValue is a random override of component comp: one time in
// aliasOneIn another visible component's id, else a random color,
// translucent (alpha from amin to 1) one time in alphaOneIn unless comp
// is the page background.
func randomValue(rng *rand.Rand, vis visible, comp string, aliasOneIn, alphaOneIn int, amin float64) string {
	v := vis.ids[rng.IntN(len(vis.ids))]
	if rng.IntN(aliasOneIn) > 0 {
		a := 1.0
		if rng.IntN(alphaOneIn) == 0 && comp != vis.page {
			a = amin + rng.Float64()*(1-amin)
		}
		v = colorref.HSLA(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100, a).Rounded().String()
	}
	return v
}
