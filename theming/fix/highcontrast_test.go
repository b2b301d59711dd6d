package fix_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// mutedTheme is issue 29's translucent muted text: 4.51:1 on the page
// at AA, which no lightness at alpha 0.6 brings to 7:1.
func mutedTheme() theming.Theme {
	return theming.Theme{ID: 7, Name: "Muted", Colors: map[string]theming.PerScheme{"text-muted": {Light: "hsla(220, 9%, 10%, 0.6)"}}}
}

// greyPage is a theme no fix brings to AAA: its page background, which
// no fix moves, is a mid grey on which neither black nor white text
// reaches 7:1.
func greyPage() theming.Theme {
	return theming.Theme{ID: 8, Name: "Grey page", Colors: map[string]theming.PerScheme{"page-background": {Light: "hsl(0, 0%, 46%)"}}}
}

func TestTheVariantRaisesATranslucentTextsAlpha(t *testing.T) {
	cc := defaultCatalog(t)
	rep, err := fix.New(cc).AuditTheme(mutedTheme(), contrast.Policy{})
	require.NoError(t, err)
	require.True(t, rep.OK(), "the theme passes AA")

	t.Run("by lightness alone it gets the most contrast alpha 0.6 reaches, and the error says what fails", func(t *testing.T) {
		_, _, err := fix.New(cc).FixTheme(mutedTheme(), fix.FixOptions{Policy: fix.HighContrastPolicy()})
		var ue *fix.UnsatisfiableError
		require.ErrorAs(t, err, &ue)
		assert.False(t, ue.Stopped)
		assert.False(t, errors.Is(err, fix.ErrWorkBound))
		var f *fix.Finding
		for n := range ue.Failing {
			if g := ue.Failing[n]; g.Component == "text-muted" && g.Target.Value == "page-background" {
				f = &ue.Failing[n]
			}
		}
		require.NotNil(t, f, "text-muted on the page fails: %v", err)
		// Issue 29: 5.62:1 was reachable at alpha 0.6 (black at 60% on the page).
		assert.Equal(t, "5.62:1", contrast.FormatRatio(f.Exact))
		assert.Equal(t, colorref.HSLA(220, 9, 0, 0.6), f.Foreground, "black at its own alpha")
	})
	t.Run("with alpha the variant reaches AAA, and its edit says the alpha rose", func(t *testing.T) {
		snap, err := cc.Snapshot([]theming.Theme{mutedTheme()})
		require.NoError(t, err)
		rt, _ := snap.Theme(7)
		v := fix.New(cc).HighContrast(rt)
		assert.Empty(t, v.Failing)
		var e *fix.Edit
		for n := range v.Edits {
			if v.Edits[n].Field == "colors.text-muted.light" {
				e = &v.Edits[n]
			}
		}
		require.NotNil(t, e, "the muted text was edited: %v", v.Edits)
		assert.Greater(t, e.Alpha, 0.0, "the alpha rose")
		assert.Contains(t, e.String(), "alpha +")
		to, err := colorref.ParseColor(e.To.String())
		require.NoError(t, err)
		require.Equal(t, e.To, to, "%s: the new color is in the form it prints", e.Field)
		assert.Greater(t, to.Alpha(), 0.6)
		// The least alpha: one hundredth less and no lightness reaches 7:1.
		h, s, _, a := to.HSLA()
		page, _ := rt.Color(theming.Light, "page-background")
		for _, l := range []float64{0, 100} {
			less := colorref.HSLA(h, s, l, a-0.01)
			res, err := contrast.Policy{Level: contrast.AAA}.Check(less, page, page, contrast.Text)
			require.NoError(t, err)
			assert.False(t, res.Pass, "at alpha %.2f lightness %g already reaches 7:1", a-0.01, l)
		}
		rep, err := fix.New(cc).AuditTheme(v.Theme.Theme(), fix.HighContrastPolicy())
		require.NoError(t, err)
		assert.True(t, rep.OK(), "%d rules fail AAA", rep.Failed)
	})
}

func TestAVariantThatCannotReachAAASaysSo(t *testing.T) {
	cc := defaultCatalog(t)
	snap, err := cc.Snapshot([]theming.Theme{greyPage(), mutedTheme()})
	require.NoError(t, err)
	e := fix.New(cc)
	rt, _ := snap.Theme(8)
	v := e.HighContrast(rt)
	require.NotEmpty(t, v.Failing)
	for _, f := range v.Failing {
		assert.Equal(t, 8, f.ThemeID)
		assert.False(t, f.Pass)
		assert.Equal(t, theming.Light, f.Scheme, "the dark scheme is the catalog's")
	}

	t.Run("a failing text rule has the most contrast the grey page allows", func(t *testing.T) {
		page := colorref.HSL(0, 0, 46)
		black := contrast.RatioOver(colorref.HSL(0, 0, 0), page, page)
		white := contrast.RatioOver(colorref.HSL(0, 0, 100), page, page)
		for _, f := range v.Failing {
			if f.Target.Value == "page-background" && f.Target.ContrastType == contrast.Text && f.Foreground.Opaque() {
				assert.InDelta(t, max(black, white), f.Exact, 0.02, "%s on the page", f.Component)
			}
		}
	})
	t.Run("the snapshot's high-contrast audit lists the same failures", func(t *testing.T) {
		rep := e.HighContrastAudit(snap)
		assert.Equal(t, fix.HighContrastPolicy(), rep.Policy())
		var failing []fix.Finding
		for _, f := range rep.Failures() {
			if f.ThemeID == 8 {
				failing = append(failing, f)
			}
		}
		assert.Equal(t, v.Failing, failing)
		assert.Equal(t, len(v.Failing), rep.Failed, "theme 7's variant reaches AAA")
		rep.Findings[0].Component = "changed"
		assert.NotEqual(t, "changed", e.HighContrastAudit(snap).Findings[0].Component, "a copy")
	})
}
