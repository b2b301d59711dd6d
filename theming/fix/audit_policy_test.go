package fix_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// The expected ratios, Lc values and fixes in this file were computed
// independently by examples/themecheck/testdata/reference.py (python3, not
// this module): the CSS hsl() formula in exact rational arithmetic, the
// WCAG 2 formula on the exact colors, the same formula on 8-bit channels
// rounded half up (Chromium reports 76.5 as 77) and composited as axe-core
// flattens layers, and APCA-W3 0.0.98G-4g's Lc on the exact colors.

// greyCatalog is a white page (black in the dark scheme) and one text
// component, muted, checked against it; only muted's light color varies.
func greyCatalog(t *testing.T, muted string) *theming.Snapshot {
	t.Helper()
	cat, err := theming.CompileCatalog(theming.Catalog{
		PageBackground: "page",
		Components: []theming.Component{
			{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 0%)"}},
			{ID: "muted", Name: "Muted", Fallback: theming.PerScheme{Light: muted, Dark: "hsl(0, 0%, 100%)"},
				ContrastAgainst: []theming.ContrastTarget{{Type: theming.TargetComponent, Value: "page", ContrastType: "text"}}},
		},
	})
	require.NoError(t, err)
	s, err := cat.Snapshot([]theming.Theme{{ID: 1, Name: "Plain"}})
	require.NoError(t, err)
	return s
}

func TestAuditPolicy(t *testing.T) {
	tests := []struct {
		name         string
		muted        string
		policy       contrast.Policy
		wantExact    float64
		wantRendered float64
		wantRequired float64
		wantLc       float64
		wantLcReq    float64 // 0: APCA is not checked
		wantWCAG     bool
		wantAPCA     bool
		wantPass     bool
	}{
		{
			name:  "a grey that passes exactly but renders as grey 119 fails under both",
			muted: "hsl(0, 0%, 46.53%)", policy: contrast.Policy{},
			wantExact: 4.500310644515997, wantRendered: 4.478089453577214, wantRequired: 4.5, wantLc: 71.272,
		},
		{
			name:  "the same grey fails under rendered",
			muted: "hsl(0, 0%, 46.53%)", policy: contrast.Policy{Method: contrast.Rendered},
			wantExact: 4.500310644515997, wantRendered: 4.478089453577214, wantRequired: 4.5, wantLc: 71.272,
		},
		{
			name:  "the same grey passes under exact",
			muted: "hsl(0, 0%, 46.53%)", policy: contrast.Policy{Method: contrast.Exact},
			wantExact: 4.500310644515997, wantRendered: 4.478089453577214, wantRequired: 4.5, wantLc: 71.272,
			wantWCAG: true, wantPass: true,
		},
		{
			name:  "a grey that renders as 118 passes under both",
			muted: "hsl(0, 0%, 46.47%)", policy: contrast.Policy{},
			wantExact: 4.510110092696793, wantRendered: 4.542224959605253, wantRequired: 4.5, wantLc: 71.343,
			wantWCAG: true, wantPass: true,
		},
		{
			name:  "AAA requires 7:1 of text",
			muted: "hsl(0, 0%, 40%)", policy: contrast.Policy{Level: contrast.AAA},
			wantExact: 5.74183648145415, wantRendered: 5.74183648145415, wantRequired: 7, wantLc: 78.752,
		},
		{
			name:  "a darker grey passes AAA",
			muted: "hsl(0, 0%, 30%)", policy: contrast.Policy{Level: contrast.AAA},
			wantExact: 8.520033235562218, wantRendered: 8.453182801950636, wantRequired: 7, wantLc: 89.341,
			wantWCAG: true, wantPass: true,
		},
		{
			name:  "under APCA a grey that passes WCAG 2 but not Lc 75 fails, each verdict reported",
			muted: "hsl(0, 0%, 46.47%)", policy: contrast.Policy{APCA: true},
			wantExact: 4.510110092696793, wantRendered: 4.542224959605253, wantRequired: 4.5, wantLc: 71.343, wantLcReq: 75,
			wantWCAG: true,
		},
		{
			name:  "under APCA a grey that reaches Lc 75 passes",
			muted: "hsl(0, 0%, 40%)", policy: contrast.Policy{APCA: true},
			wantExact: 5.74183648145415, wantRendered: 5.74183648145415, wantRequired: 4.5, wantLc: 78.752, wantLcReq: 75,
			wantWCAG: true, wantAPCA: true, wantPass: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := greyCatalog(t, tt.muted)
			rep, err := engineOf(s).Audit(s, tt.policy)
			require.NoError(t, err)
			assert.Equal(t, tt.policy, rep.Policy(), "the report records its policy")
			require.Equal(t, 2, rep.Checked, "one rule in two schemes")
			f := rep.Findings[0]
			require.Equal(t, theming.Light, f.Scheme)
			assert.InDelta(t, tt.wantExact, f.Exact, 1e-9, "exact ratio")
			assert.InDelta(t, tt.wantRendered, f.Rendered, 1e-9, "rendered ratio")
			assert.Equal(t, tt.policy.Method.Ratio(f.Exact, f.Rendered), f.Ratio, "the ratio the verdict rests on")
			assert.Equal(t, tt.wantRequired, f.Required)
			assert.InDelta(t, tt.wantLc, f.Lc, 1e-3, "Lc, measured whatever the policy")
			assert.Equal(t, tt.wantLcReq, f.LcRequired)
			assert.Equal(t, tt.wantWCAG, f.WCAGPass, "WCAG 2 verdict")
			assert.Equal(t, tt.wantAPCA, f.APCAPass, "APCA verdict")
			assert.Equal(t, tt.wantPass, f.Pass, "whole verdict")
			assert.Equal(t, tt.policy, f.Policy, "the finding keeps the policy its fixes are searched under")
			assert.True(t, rep.Findings[1].Pass, "white on black passes every policy")
			assert.Equal(t, !tt.wantPass, rep.Failed == 1)
		})
	}
}

func TestAuditPolicyIsRecordedInJSON(t *testing.T) {
	s := greyCatalog(t, "hsl(0, 0%, 40%)")
	tests := []struct {
		name   string
		policy contrast.Policy
		want   string
	}{
		{"the default policy", contrast.Policy{}, `"method":"both","level":"AA","apca":false`},
		{"exact AAA with APCA", contrast.Policy{Level: contrast.AAA, Method: contrast.Exact, APCA: true}, `"method":"exact","level":"AAA","apca":true`},
		{"rendered", contrast.Policy{Method: contrast.Rendered}, `"method":"rendered","level":"AA","apca":false`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := engineOf(s).Audit(s, tt.policy)
			require.NoError(t, err)
			b, err := json.Marshal(rep)
			require.NoError(t, err)
			assert.Contains(t, string(b), `{`+tt.want+`,"findings":[`)
		})
	}
}

func TestAuditPolicyDefaultIsTheSharedAudit(t *testing.T) {
	s := loadBase(t)
	e := engineOf(s)
	rep, err := e.Audit(s, contrast.Policy{})
	require.NoError(t, err)
	again, err := e.Audit(s, contrast.Policy{})
	require.NoError(t, err)
	assert.Equal(t, rep.Findings, again.Findings, "the zero policy's report is computed once")
	assert.NotSame(t, rep, again, "each call returns a copy, the caller's to modify")
	other, err := e.Audit(s, contrast.Policy{Method: contrast.Exact})
	require.NoError(t, err)
	assert.NotSame(t, rep, other)
	assert.Equal(t, contrast.Exact, other.Method)
}

func TestAuditRefusesAnUnknownPolicy(t *testing.T) {
	s := loadBase(t)
	tests := []struct {
		name   string
		policy contrast.Policy
		want   error
	}{
		{"an unknown method", contrast.Policy{Method: contrast.Method(7)}, contrast.ErrUnknownMethod},
		{"an unknown level", contrast.Policy{Level: contrast.Level(9)}, contrast.ErrUnknownLevel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := engineOf(s).Audit(s, tt.policy)
			assert.ErrorIs(t, err, tt.want)
			assert.Nil(t, rep)
			rt, ok := s.Theme(1)
			require.True(t, ok)
			rep, err = engineOf(s).AuditResolved(rt, tt.policy)
			assert.ErrorIs(t, err, tt.want)
			assert.Nil(t, rep)
			rep, err = fix.New(s.CompiledCatalog()).AuditTheme(theming.Theme{ID: 3, Name: "Draft"}, tt.policy)
			assert.ErrorIs(t, err, tt.want)
			assert.Nil(t, rep)
		})
	}
}

func TestResolvedThemeAudit(t *testing.T) {
	s := loadBase(t)
	policy := contrast.Policy{Method: contrast.Exact, Level: contrast.AAA}
	all, err := engineOf(s).Audit(s, policy)
	require.NoError(t, err)
	for _, id := range []int{1, 2} {
		rt, ok := s.Theme(id)
		require.True(t, ok)
		rep, err := engineOf(s).AuditResolved(rt, policy)
		require.NoError(t, err, "theme %d's Audit", id)
		var want []fix.Finding
		failed := 0
		for _, f := range all.Findings {
			if f.ThemeID == id {
				want = append(want, f)
				if !f.Pass {
					failed++
				}
			}
		}
		require.Len(t, want, 10, "theme %d: 5 rules (one per judged variable) in 2 schemes", id)
		assert.Equal(t, want, rep.Findings, "theme %d: its findings of the whole audit, in order", id)
		assert.Equal(t, 10, rep.Checked)
		assert.Equal(t, failed, rep.Failed)
		assert.Equal(t, policy, rep.Policy())
	}

	_, ok := s.Theme(3)
	assert.False(t, ok, "no theme 3 to audit")
}

// An admin editing theme 3, not yet saved: text in the dark scheme
// overridden to a mid grey.
func TestCompiledCatalogAuditTheme(t *testing.T) {
	cat := loadBase(t).CompiledCatalog()
	draft := theming.Theme{ID: 3, Name: "Draft", Colors: map[string]theming.PerScheme{"text": {Dark: "hsl(0, 0%, 60%)"}}}
	rep, err := fix.New(cat).AuditTheme(draft, contrast.Policy{})
	require.NoError(t, err)
	require.Equal(t, 10, rep.Checked, "5 rules (one per judged variable) in 2 schemes, of the draft alone")
	for _, f := range rep.Findings {
		assert.Equal(t, 3, f.ThemeID)
		assert.Equal(t, "Draft", f.ThemeName)
	}
	tests := []struct {
		target       string
		wantExact    float64
		wantRendered float64
		wantPass     bool
	}{
		{"page", 6.1401104429078845, 6.108865559643775, true},
		{"--button-soft", 1.4120592346238554, 1.401470496913708, false},
		{"hsl(0, 0%, 100%)", 2.849027755287037, 2.849027755287037, false},
	}
	for _, tt := range tests {
		t.Run("the draft's text on "+tt.target+" in the dark scheme", func(t *testing.T) {
			f := findFinding(t, rep, 3, theming.Dark, "text", tt.target)
			assert.Equal(t, "hsl(0, 0%, 60%)", f.Foreground.String(), "the draft's override")
			assert.InDelta(t, tt.wantExact, f.Exact, 1e-9)
			assert.InDelta(t, tt.wantRendered, f.Rendered, 1e-9)
			assert.Equal(t, min(f.Exact, f.Rendered), f.Ratio, "under both, the lower ratio")
			assert.Equal(t, tt.wantPass, f.Pass)
		})
	}
	assert.Equal(t, 2, rep.Failed, "the draft fails the two dark rules above, and nothing in the light scheme")

	saved, err := cat.Snapshot([]theming.Theme{draft})
	require.NoError(t, err)
	rt, ok := saved.Theme(3)
	require.True(t, ok)
	want, err := engineOf(saved).AuditResolved(rt, contrast.Policy{})
	require.NoError(t, err)
	// Each report keeps the theme it audited (for Report.SuggestEdit):
	// compare what they say, as encoded.
	wantJSON, err := json.Marshal(want)
	require.NoError(t, err)
	assert.JSONEq(t, string(wantJSON), string(mustJSON(t, rep)), "the draft audits as it will once saved")
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestCompiledCatalogAuditThemeRefusesABadTheme(t *testing.T) {
	cat := loadBase(t).CompiledCatalog()
	bad := theming.Theme{ID: 3, Name: "Draft", Colors: map[string]theming.PerScheme{"nav-bgg": {Light: "hsl(0, 0%, 0%)"}}}
	rep, err := fix.New(cat).AuditTheme(bad, contrast.Policy{})
	assert.Nil(t, rep, "no report for a theme that does not validate")
	var verr *theming.ValidationError
	require.ErrorAs(t, err, &verr)
	require.Len(t, verr.Problems, 1)
	p := verr.Problems[0]
	assert.ErrorIs(t, p, theming.ErrUnknownComponent)
	assert.Equal(t, 3, p.ThemeID)
	assert.Equal(t, "colors.nav-bgg", p.Path)
	assert.Equal(t, cat.CheckTheme(bad).Error(), err.Error(), "the problems CheckTheme reports")
}

func TestAuditZeroValues(t *testing.T) {
	var s theming.Snapshot
	rep, err := engineOf(&s).Audit(&s, contrast.Policy{APCA: true})
	require.NoError(t, err)
	assert.Zero(t, rep.Checked)
	assert.NotNil(t, rep.Findings, "an empty list, which encodes as []")
	_, ok := s.Theme(1)
	assert.False(t, ok, "the zero Snapshot has no theme to audit")

	var cat theming.CompiledCatalog
	_, err = fix.New(&cat).AuditTheme(theming.Theme{ID: 1, Name: "T"}, contrast.Policy{})
	assert.ErrorIs(t, err, theming.ErrNoCatalog)
	var nilCat *theming.CompiledCatalog
	_, err = fix.New(nilCat).AuditTheme(theming.Theme{ID: 1, Name: "T"}, contrast.Policy{})
	assert.ErrorIs(t, err, theming.ErrNoCatalog)

	var nilRep *fix.Report
	assert.True(t, nilRep.OK())
	assert.Empty(t, nilRep.Failures())
	assert.Equal(t, contrast.Policy{}, nilRep.Policy())
	assert.Empty(t, fix.Finding{}.Suggestions(), "a zero finding has no contrast type to fix")
}

func TestFindingSuggestions(t *testing.T) {
	rep := audit(t, loadBase(t))
	type fix struct {
		side     contrast.Side
		color    string
		exact    float64
		rendered float64
	}
	tests := []struct {
		name   string
		target string
		want   []fix
	}{
		{
			name:   "text on a translucent target: the target's fix is nearer (12.16 points) than the text's (86.39)",
			target: "--button-soft",
			want: []fix{
				{contrast.Background, "hsla(210, 50%, 77.84%, 0.5)", 4.544078193871961, 4.5272421316148845},
				{contrast.Foreground, "hsl(0, 0%, 8.61%)", 4.5000360566420134, 4.532178801825393},
			},
		},
		{
			name:   "text failing a non-text rule on white: the text's fix is nearer (36.77 points) than the target's (45)",
			target: "hsl(0, 0%, 100%)",
			want: []fix{
				{contrast.Foreground, "hsl(0, 0%, 58.23%)", 3.0148432112435697, 3.0334698257384747},
				{contrast.Background, "hsl(0, 0%, 55%)", 3.000591118237819, 3.0037506575715254},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := findFinding(t, rep, 1, theming.Dark, "text", tt.target)
			require.False(t, f.Pass)
			got := f.Suggestions()
			require.Len(t, got, len(tt.want))
			for n, want := range tt.want {
				s := got[n]
				assert.Equal(t, want.side, s.Side, "fix %d", n)
				assert.Equal(t, want.color, s.Color().String(), "fix %d", n)
				assert.InDelta(t, want.exact, s.Exact, 1e-9, "fix %d: exact ratio", n)
				assert.InDelta(t, want.rendered, s.Rendered, 1e-9, "fix %d: rendered ratio", n)
				assert.True(t, s.Pass, "fix %d passes", n)
				if s.Side == contrast.Background {
					assert.Equal(t, f.Foreground, s.Foreground, "a target fix keeps the component")
				} else {
					assert.Equal(t, f.Background, s.Background, "a component fix keeps the target")
				}
			}
			assert.LessOrEqual(t, got[0].Distance, got[1].Distance, "closest first")
		})
	}
}

// TestSuggestionsPassUnderTheirMethod re-checks every fix of every failing
// finding, parsed back from its printed form, under each method.
func TestSuggestionsPassUnderTheirMethod(t *testing.T) {
	s := loadBase(t)
	for _, m := range []contrast.Method{contrast.Both, contrast.Exact, contrast.Rendered} {
		t.Run(m.String(), func(t *testing.T) {
			rep, err := engineOf(s).Audit(s, contrast.Policy{Method: m})
			require.NoError(t, err)
			require.NotZero(t, rep.Failed)
			for _, f := range rep.Failures() {
				fixes := f.Suggestions()
				require.NotEmpty(t, fixes, "%s on %s", f.Component, f.Target.Value)
				sides := map[contrast.Side]bool{}
				for _, fix := range fixes {
					sides[fix.Side] = true
					fg, err := colorref.ParseColor(fix.Foreground.String())
					require.NoError(t, err)
					bg, err := colorref.ParseColor(fix.Background.String())
					require.NoError(t, err)
					exact, rendered := contrast.RatioOver(fg, bg, f.Backdrop), contrast.RatioRendered(fg, bg, f.Backdrop)
					assert.True(t, m.Judge(exact, rendered, f.Required), "%s fix of %s on %s (%v) passes as printed: exact %v, rendered %v",
						fix.Side, f.Component, f.Target.Value, fix.Color(), exact, rendered)
				}
				assert.Len(t, sides, len(fixes), "at most one fix per side")
			}
		})
	}
}

func TestSuggestionJSONNamesTheSide(t *testing.T) {
	f := findFinding(t, audit(t, loadBase(t)), 1, theming.Dark, "text", "--button-soft")
	b, err := json.Marshal(f.Suggestions())
	require.NoError(t, err)
	var got []map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	require.Len(t, got, 2)
	assert.Equal(t, "background", got[0]["side"])
	assert.Equal(t, "hsla(210, 50%, 77.84%, 0.5)", got[0]["background"])
	assert.Equal(t, "foreground", got[1]["side"])
	assert.Equal(t, "hsl(0, 0%, 8.61%)", got[1]["foreground"])
}

func TestSuggestionsUnderAPCASayWhetherTheFixReachesTheLevel(t *testing.T) {
	// 60% grey on white fails WCAG 2 AA; its nearest WCAG fix, 46.47%,
	// reaches only Lc 71.3 of the 75 APCA requires of body text.
	s := greyCatalog(t, "hsl(0, 0%, 60%)")
	rep, err := engineOf(s).Audit(s, contrast.Policy{APCA: true})
	require.NoError(t, err)
	f := rep.Findings[0]
	require.False(t, f.Pass)
	got := f.Suggestions()
	require.NotEmpty(t, got)
	assert.Equal(t, "hsl(0, 0%, 46.47%)", got[0].Color().String())
	assert.InDelta(t, 71.343, got[0].Lc, 1e-3)
	assert.False(t, got[0].Pass, "the fix reaches 4.5:1 but not Lc 75")
}

// TestAuditMeasuresEveryFindingAsContrastDoes guards the audit's reuse of
// a pair's measurements within a theme and scheme: every finding of the
// default data holds what contrast.Policy.Check and APCAOver give for its
// own colors and type.
func TestAuditMeasuresEveryFindingAsContrastDoes(t *testing.T) {
	s, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	for _, p := range []contrast.Policy{{}, {Method: contrast.Exact, Level: contrast.AAA, APCA: true}} {
		rep, err := engineOf(s).Audit(s, p)
		require.NoError(t, err)
		require.Equal(t, 1248, rep.Checked, "every judged variable's rules: 156 rules (from 105 contrast_against entries) in 2 schemes under 4 themes")
		for _, f := range rep.Findings {
			res, err := p.Check(f.Foreground, f.Background, f.Backdrop, contrast.Type(f.Target.ContrastType))
			require.NoError(t, err)
			lc := contrast.APCAOver(f.Foreground, f.Background, f.Backdrop)
			want := fix.Finding{
				Ratio: res.Ratio, Exact: res.Exact, Rendered: res.Rendered, Required: res.Required, WCAGPass: res.WCAGPass,
				Lc: lc, LcRequired: res.LcRequired, APCAPass: res.APCAPass, Pass: res.Pass,
			}
			got := fix.Finding{
				Ratio: f.Ratio, Exact: f.Exact, Rendered: f.Rendered, Required: f.Required, WCAGPass: f.WCAGPass,
				Lc: f.Lc, LcRequired: f.LcRequired, APCAPass: f.APCAPass, Pass: f.Pass,
			}
			require.Equal(t, want, got, "theme %d %s: %s on %s (%s) under %+v", f.ThemeID, f.Scheme, f.Component, f.Target.Value, f.Target.ContrastType, p)
		}
	}
}
