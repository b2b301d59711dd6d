package fix_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// testBrands are 40 seeded brand colors over the whole space (hue, 20 to
// 100% saturation, 3 to 97% lightness) and the corners: pure yellow, a
// mid grey, a very dark and a very light color.
func testBrands() []colorref.Color {
	rng := rand.New(rand.NewPCG(29, 40))
	var out []colorref.Color
	for range 40 {
		out = append(out, colorref.HSL(rng.Float64()*360, 20+rng.Float64()*80, 3+rng.Float64()*94).Rounded())
	}
	return append(out, colorref.HSL(60, 100, 50), colorref.HSL(0, 0, 50), colorref.HSL(220, 60, 4), colorref.HSL(40, 80, 97))
}

// ownRules judges the default catalog's brand, primary, on its own rules
// in one scheme (non-text 3:1 on the page background and on the surface,
// under both methods), on the catalog's colors, with contrast alone.
func ownRules(t *testing.T, sc theming.Scheme) func(colorref.Color) bool {
	snap, err := defaultCatalog(t).Snapshot([]theming.Theme{{ID: 1, Name: "Catalog"}})
	require.NoError(t, err)
	rt, _ := snap.Theme(1)
	page, _ := rt.Color(sc, "page-background")
	surface, _ := rt.Color(sc, "surface")
	c, _ := snap.Component("primary")
	require.Equal(t, []theming.ContrastTarget{
		{Type: theming.TargetComponent, Value: "page-background", ContrastType: contrast.NonText},
		{Type: theming.TargetComponent, Value: "surface", ContrastType: contrast.NonText},
	}, c.ContrastAgainst)
	require.Nil(t, c.Variables[0].Opacity, "--primary paints primary as it is")
	return func(x colorref.Color) bool {
		for _, bg := range []colorref.Color{page, surface} {
			res, err := contrast.Policy{}.Check(x, bg, page, contrast.NonText)
			require.NoError(t, err)
			if !res.Pass {
				return false
			}
		}
		return true
	}
}

// nearestPassing is the lightness nearest l (on the 0.01 grid, hue and
// saturation kept) at which pass holds, found by walking outward.
func nearestPassing(h, s, l float64, pass func(colorref.Color) bool) (float64, bool) {
	for d := 0; d <= 10000; d++ {
		for _, sign := range []int{-1, 1} {
			k := int(math.Round(l*100)) + sign*d
			if k >= 0 && k <= 10000 && pass(colorref.HSL(h, s, float64(k)/100)) {
				return float64(k) / 100, true
			}
		}
	}
	return 0, false
}

// TestGenerateKeepsTheBrand: for 44 brands, the brand is taken exactly in
// the light scheme whenever it passes its own rules, else within one
// lightness point of the nearest lightness that passes them (found here
// by walking the grid with contrast's checks); the dark scheme takes the
// brand's hue and saturation at the nearest lightness its dark rules
// allow; every rule passes AA in both schemes and the variant passes
// AAA.
func TestGenerateKeepsTheBrand(t *testing.T) {
	cc := defaultCatalog(t)
	light, dark := ownRules(t, theming.Light), ownRules(t, theming.Dark)
	kept, moved := 0, 0
	for _, brand := range testBrands() {
		t.Run(brand.String(), func(t *testing.T) {
			th, err := fix.New(cc).Generate(brand, fix.GenerateOptions{})
			require.NoError(t, err)
			move, err := fix.New(cc).TakeBrand(brand, fix.GenerateOptions{})
			require.NoError(t, err)
			assert.Equal(t, 1, th.ID)
			assert.True(t, th.IsDefault)
			h, s, l := brand.HSL()
			if light(brand) {
				kept++
				assert.Equal(t, brand.String(), th.Colors["primary"].Light, "a brand that passes its own rules is taken as given")
				assert.Nil(t, move)
				assert.Equal(t, "Generated", th.Name)
			} else {
				moved++
				want, ok := nearestPassing(h, s, l, light)
				require.True(t, ok)
				got, err := colorref.ParseColor(th.Colors["primary"].Light)
				require.NoError(t, err)
				_, _, gl := got.HSL()
				assert.InDelta(t, want, gl, 1, "within a point of the nearest lightness that passes its own rules")
				require.NotNil(t, move)
				assert.Equal(t, "primary", move.Rule.Component)
				assert.Contains(t, []string{"page-background", "surface"}, move.Rule.Target.Value, "the rule that decided is one of its own")
				assert.Contains(t, move.String(), "fails primary on "+move.Rule.Target.Value)
				assert.Equal(t, "Generated: brand "+brand.String()+" taken at "+got.String(), th.Name, "the stylesheet's header shows it")
			}
			d, err := colorref.ParseColor(th.Colors["primary"].Dark)
			require.NoError(t, err)
			dh, ds, dl := d.HSL()
			assert.InDelta(t, h, dh, 0.005, "the dark brand keeps the hue")
			assert.InDelta(t, s, ds, 0.005, "the dark brand keeps the saturation")
			want, ok := nearestPassing(h, s, l, dark)
			require.True(t, ok)
			assert.InDelta(t, want, dl, 1, "the dark brand is the nearest lightness its dark rules allow")

			rep, err := fix.New(cc).AuditTheme(th, contrast.Policy{})
			require.NoError(t, err)
			assert.True(t, rep.OK(), "%d rules fail AA", rep.Failed)
			hc, _, err := fix.New(cc).FixTheme(th, fix.FixOptions{Policy: fix.HighContrastPolicy(), Alpha: true})
			require.NoError(t, err)
			rep, err = fix.New(cc).AuditTheme(hc, fix.HighContrastPolicy())
			require.NoError(t, err)
			assert.True(t, rep.OK(), "%d rules of the variant fail AAA", rep.Failed)
		})
	}
	t.Logf("%d brands kept exactly, %d moved to the nearest lightness of their own rules", kept, moved)
	assert.Positive(t, kept)
	assert.Positive(t, moved)
}

// Issue 29: the dependents of a brand that passes its own rules get their
// own overrides at the brand's hue and saturation instead of moving it.
func TestGenerateGivesDependentsTheirOwnOverrides(t *testing.T) {
	cc := defaultCatalog(t)
	brand := colorref.HSL(358, 100, 48) // Coca-Cola's red (#F40009, rounded): passes non-text 3:1, fails 4.5:1 as text
	g, err := fix.New(cc).Generate(brand, fix.GenerateOptions{})
	require.NoError(t, err)
	assert.Equal(t, brand.String(), g.Colors["primary"].Light)
	link, ok := g.Colors["link"]
	require.True(t, ok, "the link, text on the page, gets its own override: %v", g.Colors)
	c, err := colorref.ParseColor(link.Light)
	require.NoError(t, err)
	h, s, _ := c.HSL()
	assert.InDelta(t, 358, h, 0.005)
	assert.InDelta(t, 100, s, 0.005)
	rep, err := fix.New(cc).AuditTheme(theming.Theme{ID: 1, Name: "Brand", Colors: map[string]theming.PerScheme{"primary": {Light: brand.String()}}}, contrast.Policy{})
	require.NoError(t, err)
	f := findFinding(t, rep, 1, theming.Light, "link", "page-background")
	assert.False(t, f.Pass, "the link, following the brand, would fail as text on the page")
}

// A brand that must contrast with white, black and mid grey as text: no
// lightness of it can.
func TestGenerateImpossibleBrand(t *testing.T) {
	cc, err := theming.CompileCatalog(theming.Catalog{
		PageBackground: "page",
		PalettePreview: []string{},
		Components: []theming.Component{
			{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 10%)"}},
			{ID: "primary", Name: "Brand", Fallback: theming.PerScheme{Light: "hsl(210, 50%, 40%)", Dark: "hsl(210, 50%, 70%)"},
				ContrastAgainst: []theming.ContrastTarget{
					{Type: theming.TargetHSL, Value: "hsl(0, 0%, 100%)", ContrastType: contrast.Text},
					{Type: theming.TargetHSL, Value: "hsl(0, 0%, 0%)", ContrastType: contrast.Text},
					{Type: theming.TargetHSL, Value: "hsl(0, 0%, 50%)", ContrastType: contrast.Text},
				}},
		},
	})
	require.NoError(t, err)
	_, err = fix.New(cc).Generate(colorref.HSL(210, 50, 40), fix.GenerateOptions{})
	require.Error(t, err)
	assert.ErrorIs(t, err, fix.ErrUnsatisfiable)
	var be *fix.BrandError
	require.ErrorAs(t, err, &be)
	assert.Equal(t, "primary", be.Brand)
	assert.Equal(t, theming.Light, be.Scheme)
	assert.Len(t, be.Conflict.Rules, 3, "each rule and what it needs")

	_, err = fix.New(cc).Generate(colorref.HSL(210, 50, 40), fix.GenerateOptions{Brand: "accent"})
	assert.ErrorIs(t, err, theming.ErrUnknownComponent)
	_, err = new(fix.Engine).Generate(colorref.HSL(210, 50, 40), fix.GenerateOptions{})
	assert.True(t, errors.Is(err, theming.ErrNoCatalog))
}
