package fix_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// The suggested lightnesses were computed by an independent python3
// script (not in the repository) that implements hsl-to-sRGB, source-over
// compositing and the WCAG 2 ratio and scans every lightness on the 0.01
// grid for the passing one nearest the original. Since contrast 29f4027 a
// suggestion must pass both methods (the exact ratio and the ratio of the
// 8-bit channels a browser renders); the script was rerun with both: the
// non-text case moved from 58.38% (exact 3.0003:1, rendered 2.9953:1) to
// 58.23% (exact 3.0148:1, rendered 3.0335:1).
func TestReportSuggestEdit(t *testing.T) {
	rep := audit(t, loadBase(t))
	tests := []struct {
		name   string
		target string
		want   string
	}{
		{"light text failing the non-text rule on white darkens to 3:1, and stays readable on the dark page", "hsl(0, 0%, 100%)", "hsl(0, 0%, 58.23%)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, theme := range []int{1, 2} {
				f := findFinding(t, rep, theme, theming.Dark, "text", tt.target)
				require.False(t, f.Pass, "text on %s fails under theme %d", tt.target, theme)
				got, ok := rep.SuggestEdit(f)
				require.True(t, ok, "SuggestEdit for text on %s under theme %d", tt.target, theme)
				assert.Equal(t, tt.want, got.Foreground.String(), "SuggestEdit for text on %s under theme %d", tt.target, theme)
				assert.Equal(t, "colors.text.dark", got.Field, "the field to edit")
				assert.True(t, got.Applies, "the edit was verified on the theme")
				assert.GreaterOrEqual(t, got.Exact, f.Required, "the suggestion %s passes", got.Foreground)
				assert.Less(t, got.Exact, f.Required+0.02, "the suggestion %s is the nearest pass, so just passes", got.Foreground)
				assert.Equal(t, min(got.Exact, got.Rendered), got.Ratio, "under both, the ratio the verdict rests on is the lower")
				assert.NotZero(t, got.Lc, "the suggestion's APCA Lc is filled in")
			}
		})
	}
}

// Light text on --button-soft (lightness 90 set by the catalog, half
// opaque over the dark page) passes only when dark (8.61%, the pair fix
// the python script found), and dark text fails on the dark page: no
// field of the theme can fix it, so Suggest offers nothing and the pair
// fix Suggestions lists says it does not apply.
func TestReportSuggestEditOffersNoEditThatBreaksAnotherRule(t *testing.T) {
	rep := audit(t, loadBase(t))
	for _, theme := range []int{1, 2} {
		f := findFinding(t, rep, theme, theming.Dark, "text", "--button-soft")
		require.False(t, f.Pass)
		_, ok := rep.SuggestEdit(f)
		assert.False(t, ok, "no field edit under theme %d", theme)
		var pair *fix.Suggestion
		for _, s := range rep.Suggestions(f) {
			if s.Side == contrast.Foreground {
				pair = &s
			}
		}
		require.NotNil(t, pair, "the pair fix is still listed")
		assert.Equal(t, "hsl(0, 0%, 8.61%)", pair.Foreground.String())
		assert.Equal(t, "colors.text.dark", pair.Field)
		assert.False(t, pair.Applies, "dark text would fail on the dark page")
	}
}

func TestFindingSuggestWithoutASolution(t *testing.T) {
	f := fix.Finding{
		Foreground: colorref.HSL(0, 0, 55), Background: colorref.HSL(0, 0, 50), Backdrop: colorref.HSL(0, 0, 100),
		Required: 7,
	}
	got, ok := f.Suggest()
	assert.False(t, ok, "no grey reaches 7:1 on a mid grey, got %v", got)
	assert.Equal(t, fix.Suggestion{}, got)
}

func TestFindingSuggestForAPassingFindingIsItsForeground(t *testing.T) {
	f := findFinding(t, audit(t, loadBase(t)), 1, theming.Light, "text", "page")
	require.True(t, f.Pass)
	got, ok := f.Suggest()
	require.True(t, ok)
	assert.Equal(t, f.Foreground, got.Foreground, "a passing finding needs no change")
	assert.Equal(t, f.Ratio, got.Ratio)
	assert.Equal(t, f.Exact, got.Exact)
}

func findFinding(t *testing.T, rep *fix.Report, theme int, sc theming.Scheme, component, target string) fix.Finding {
	t.Helper()
	for _, f := range rep.Findings {
		if f.ThemeID == theme && f.Scheme == sc && f.Component == component && f.Target.Value == target {
			return f
		}
	}
	t.Fatalf("no finding for %d %s %s on %s", theme, sc, component, target)
	return fix.Finding{}
}

// A finding's own fixes read its values only; the report's are the same
// fixes with the field of the audited theme that makes each, for a
// finding the report holds, found by its theme, scheme, component and
// target.
func TestReportSuggestionsAreTheFindingsWithTheirFields(t *testing.T) {
	rep := audit(t, loadBase(t))
	f := findFinding(t, rep, 1, theming.Dark, "text", "hsl(0, 0%, 100%)")
	require.False(t, f.Pass)
	own, withFields := f.Suggestions(), rep.Suggestions(f)
	require.Len(t, withFields, len(own))
	for n := range own {
		assert.Equal(t, own[n].Color(), withFields[n].Color(), "fix %d: the same color", n)
		assert.Empty(t, own[n].Field, "fix %d: a finding knows no theme field", n)
	}
	assert.Equal(t, "colors.text.dark", withFields[0].Field, "the component's fix names the component's field")

	elsewhere := f
	elsewhere.ThemeID = 99
	_, ok := rep.SuggestEdit(elsewhere)
	assert.False(t, ok, "a finding the report does not hold has no edit")
	for _, s := range rep.Suggestions(elsewhere) {
		assert.Empty(t, s.Field, "nor a field")
	}
	_, ok = (&fix.Report{}).SuggestEdit(f)
	assert.False(t, ok, "a report built by hand holds no theme")
	_, ok = rep.SuggestEdit(findFinding(t, rep, 1, theming.Light, "text", "page"))
	assert.False(t, ok, "a finding that passes needs no edit")
}
