package contrast_test

import (
	"encoding/json"
	"flag"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

func TestParseMethod(t *testing.T) {
	for _, m := range []contrast.Method{contrast.Both, contrast.Exact, contrast.Rendered} {
		got, err := contrast.ParseMethod(m.String())
		require.NoError(t, err, "ParseMethod(%q)", m.String())
		assert.Equal(t, m, got)
	}
	for _, s := range []string{"", "Both", "axe", "exact "} {
		_, err := contrast.ParseMethod(s)
		assert.ErrorIs(t, err, contrast.ErrUnknownMethod, "ParseMethod(%q)", s)
	}
	assert.Equal(t, "both", contrast.Method(0).String(), "the zero Method is Both")
	assert.Equal(t, "Method(9)", contrast.Method(9).String())
}

// The expected verdicts come from the WCAG formula evaluated by hand
// (python3) on the exact channels and on the 8-bit greys a browser
// computes (lightness·2.55 rounded half up):
//
//	46.53% → exact 4.5003:1, grey 119 (118.65) → 4.4781:1
//	46.47% → exact 4.5101:1, grey 118 (118.4985) → 4.5422:1
//	35%    → exact 6.9776:1, grey 89 (89.25) → 7.0047:1
//	34.9%  → exact 7.0053:1, grey 89 (88.995) → 7.0047:1
func TestMethodsJudgeTheBandWhereTheyDisagree(t *testing.T) {
	white := colorref.HSL(0, 0, 100)
	tests := []struct {
		name                      string
		fg                        string
		level                     contrast.Level
		wantExact, wantRendered   float64
		exact, rendered, bothPass bool
	}{
		{"AA: passes exactly but renders one step too light", "hsl(0, 0%, 46.53%)", contrast.AA, 4.5003, 4.4781, true, false, false},
		{"AA: passes both", "hsl(0, 0%, 46.47%)", contrast.AA, 4.5101, 4.5422, true, true, true},
		{"AAA: fails exactly but renders dark enough", "hsl(0, 0%, 35%)", contrast.AAA, 6.9776, 7.0047, false, true, false},
		{"AAA: passes both", "hsl(0, 0%, 34.9%)", contrast.AAA, 7.0053, 7.0047, true, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fg := mustParse(t, tt.fg)
			assert.InDelta(t, tt.wantExact, contrast.RatioOver(fg, white, white), 1e-4)
			assert.InDelta(t, tt.wantRendered, contrast.RatioRendered(fg, white, white), 1e-4)
			for _, c := range []struct {
				m    contrast.Method
				want bool
			}{{contrast.Exact, tt.exact}, {contrast.Rendered, tt.rendered}, {contrast.Both, tt.bothPass}} {
				res, err := contrast.Policy{Level: tt.level, Method: c.m}.Check(fg, white, white, contrast.Text)
				require.NoError(t, err)
				assert.Equal(t, c.want, res.Pass, "%s under %s: %v", tt.fg, c.m, res)
				assert.Equal(t, c.want, c.m.Threshold(res.Required).Passes(fg, white, white), "Threshold.Passes agrees with Policy.Check")
				assert.Equal(t, c.m, res.Method)
				assert.InDelta(t, tt.wantExact, res.Exact, 1e-4, "both ratios are reported under every method")
				assert.InDelta(t, tt.wantRendered, res.Rendered, 1e-4)
			}
		})
	}
}

// axe-core passes a ratio only when it is above the minimum
// (color-contrast-evaluate.js: contrast > expected), so the rendered
// method does too; the exact method keeps WCAG's "at least".
func TestRenderedNeedsMoreThanTheMinimum(t *testing.T) {
	white := colorref.HSL(0, 0, 100)
	grey := colorref.HSL(0, 0, 46.47) // renders as grey 118
	r := contrast.RatioRendered(grey, white, white)
	assert.False(t, contrast.Rendered.Threshold(r).Passes(grey, white, white), "a rendered ratio equal to the minimum fails")
	assert.True(t, contrast.Rendered.Threshold(math.Nextafter(r, 0)).Passes(grey, white, white))
	e := contrast.RatioOver(grey, white, white)
	assert.True(t, contrast.Exact.Threshold(e).Passes(grey, white, white), "an exact ratio equal to the minimum passes")
}

func TestRenderedColors(t *testing.T) {
	// Black at 50% over white: axe-core flattens to 127.5 → 128, #808080.
	f, b := contrast.RenderedColors(colorref.HSLA(0, 0, 0, 0.5), colorref.HSL(0, 0, 100), colorref.HSL(0, 0, 100))
	assert.Equal(t, "#808080", f.Hex())
	assert.Equal(t, "#ffffff", b.Hex())
	// A translucent card over a dark page, as the layers stack.
	f, b = contrast.RenderedColors(colorref.HSL(0, 0, 100), colorref.HSLA(0, 0, 100, 0.5), colorref.HSL(0, 0, 0))
	assert.Equal(t, "#ffffff", f.Hex())
	assert.Equal(t, "#808080", b.Hex(), "the backdrop shows through the card")
}

func TestPolicyCheck(t *testing.T) {
	white := colorref.HSL(0, 0, 100)
	grey := mustParse(t, "hsl(0, 0%, 46.47%)") // 4.51:1, APCA Lc about 71

	var zero contrast.Policy
	res, err := zero.Check(grey, white, white, contrast.Text)
	require.NoError(t, err)
	assert.True(t, res.Pass, "the zero Policy is AA under Both: %v", res)
	assert.Equal(t, contrast.Both, res.Method)
	assert.Equal(t, contrast.AA, res.Level)
	assert.False(t, res.APCA)
	assert.Equal(t, math.Min(res.Exact, res.Rendered), res.Ratio, "under Both the lower ratio is the one reported")
	assert.Zero(t, res.Lc, "the Lc is left to APCAOver when APCA is not required")

	res, err = contrast.Policy{APCA: true}.Check(grey, white, white, contrast.Text)
	require.NoError(t, err)
	assert.True(t, res.WCAGPass)
	assert.False(t, res.APCAPass, "Lc %.1f is below body text's 75", res.Lc)
	assert.False(t, res.Pass, "the APCA policy fails what WCAG 2 passes")
	assert.Equal(t, contrast.APCABodyText, res.LcRequired)
	assert.Equal(t, contrast.APCAOver(grey, white, white), res.Lc)
	assert.Equal(t, "4.51:1 >= 4.5:1 text AA both (exact 4.51:1, rendered 4.54:1), Lc 71.3 < 75: fail", res.String())

	res, err = contrast.Policy{Level: contrast.AAA, Method: contrast.Rendered, APCA: true}.Check(grey, white, white, contrast.LargeText)
	require.NoError(t, err)
	assert.Equal(t, 4.5, res.Required, "large text at AAA")
	assert.Equal(t, contrast.APCALargeText, res.LcRequired)
	assert.Equal(t, res.Rendered, res.Ratio)
	assert.True(t, res.Pass, "%v", res)

	_, err = contrast.Policy{Method: contrast.Method(7)}.Check(grey, white, white, contrast.Text)
	assert.ErrorIs(t, err, contrast.ErrUnknownMethod)
	_, err = contrast.Policy{Level: contrast.Level(3)}.Check(grey, white, white, contrast.Text)
	assert.ErrorIs(t, err, contrast.ErrUnknownLevel)
	_, err = contrast.Policy{Level: contrast.AA, Method: contrast.Both}.Check(grey, white, white, "decorative")
	assert.ErrorIs(t, err, contrast.ErrUnknownType)
}

func TestAPCARequired(t *testing.T) {
	tests := []struct {
		typ  contrast.Type
		want float64
	}{
		{contrast.Text, 75},
		{contrast.LargeText, 60},
		{contrast.NonText, 45},
	}
	for _, tt := range tests {
		t.Run(string(tt.typ), func(t *testing.T) {
			got, err := contrast.APCARequired(tt.typ)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := contrast.APCARequired("Text")
	assert.ErrorIs(t, err, contrast.ErrUnknownType)
}

// TestAPCAPolicyUsesTheMagnitude checks that light text on a dark
// background, whose Lc is negative, is judged by |Lc|.
func TestAPCAPolicyUsesTheMagnitude(t *testing.T) {
	black, white := colorref.HSL(0, 0, 0), colorref.HSL(0, 0, 100)
	res, err := contrast.Policy{APCA: true}.Check(white, black, black, contrast.Text)
	require.NoError(t, err)
	assert.Negative(t, res.Lc)
	assert.True(t, res.APCAPass, "white on black, Lc %.1f", res.Lc)
	assert.True(t, res.Pass)
}

// TestLinear8Table checks the table the rendered method linearises with,
// printed from JavaScript's Math.pow, against Go's math.Pow.
func TestLinear8Table(t *testing.T) {
	for k := 0; k < 256; k++ {
		v := float64(k) / 255
		want := v / 12.92
		if v > 0.04045 {
			want = math.Pow((v+0.055)/1.055, 2.4)
		}
		grey := colorref.RGBA8(uint8(k), uint8(k), uint8(k), 255)
		// The relative luminance of an 8-bit grey is its table entry
		// times 0.2126+0.7152+0.0722 = 1; against black its ratio is
		// (L+0.05)/0.05.
		got := contrast.RatioRendered(grey, colorref.HSL(0, 0, 0), colorref.HSL(0, 0, 0))*0.05 - 0.05
		assert.InDelta(t, want, got, 1e-12, "grey %d", k)
	}
}

func TestMethodAndLevelAsText(t *testing.T) {
	var v struct {
		Method contrast.Method `json:"method"`
		Level  contrast.Level  `json:"level"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"method":"rendered","level":"AAA"}`), &v))
	assert.Equal(t, contrast.Rendered, v.Method)
	assert.Equal(t, contrast.AAA, v.Level)
	out, err := json.Marshal(v)
	require.NoError(t, err)
	assert.JSONEq(t, `{"method":"rendered","level":"AAA"}`, string(out))

	assert.ErrorIs(t, json.Unmarshal([]byte(`{"method":"fast"}`), &v), contrast.ErrUnknownMethod)
	assert.ErrorIs(t, json.Unmarshal([]byte(`{"level":"aa"}`), &v), contrast.ErrUnknownLevel, "level names are upper case")
	assert.Equal(t, contrast.Rendered, v.Method, "a failed unmarshal leaves the value")
	_, err = contrast.Method(9).MarshalText()
	assert.ErrorIs(t, err, contrast.ErrUnknownMethod)
	_, err = contrast.Level(9).MarshalText()
	assert.ErrorIs(t, err, contrast.ErrUnknownLevel)

	fs := flag.NewFlagSet("themecheck", flag.ContinueOnError)
	var method contrast.Method
	var level contrast.Level
	fs.TextVar(&method, "method", contrast.Both, "exact, rendered or both")
	fs.TextVar(&level, "level", contrast.AA, "AA or AAA")
	require.NoError(t, fs.Parse([]string{"-method", "exact", "-level", "AAA"}))
	assert.Equal(t, contrast.Exact, method)
	assert.Equal(t, contrast.AAA, level)
}

// A policy's name is the one a report's summary and a form show: the
// level, the method and whether APCA is checked, each by its own name.
func TestPolicyString(t *testing.T) {
	for _, tt := range []struct {
		name string
		give contrast.Policy
		want string
	}{
		{"the zero policy is AA under both methods without APCA", contrast.Policy{}, "WCAG 2 AA, method both, APCA off"},
		{"every part is named", contrast.Policy{Level: contrast.AAA, Method: contrast.Exact, APCA: true}, "WCAG 2 AAA, method exact, APCA on"},
		{"the rendered method", contrast.Policy{Method: contrast.Rendered}, "WCAG 2 AA, method rendered, APCA off"},
		{"an unknown level and method are named as their String names them", contrast.Policy{Level: contrast.Level(7), Method: contrast.Method(9)}, "WCAG 2 Level(7), method Method(9), APCA off"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.give.String())
		})
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range []contrast.Level{contrast.AA, contrast.AAA} {
		got, err := contrast.ParseLevel(l.String())
		require.NoError(t, err)
		assert.Equal(t, l, got)
	}
	for _, s := range []string{"", "A", "aa", "AAAA"} {
		_, err := contrast.ParseLevel(s)
		assert.ErrorIs(t, err, contrast.ErrUnknownLevel, "ParseLevel(%q)", s)
	}
}

func TestMethodJudgeAndRatio(t *testing.T) {
	tests := []struct {
		name            string
		m               contrast.Method
		exact, rendered float64
		wantPass        bool
		wantRatio       float64
	}{
		{"exact passes at the minimum", contrast.Exact, 4.5, 4.4, true, 4.5},
		{"rendered fails at the minimum", contrast.Rendered, 4.6, 4.5, false, 4.5},
		{"rendered passes above it", contrast.Rendered, 4.4, 4.51, true, 4.51},
		{"both needs both", contrast.Both, 4.5, 4.51, true, 4.5},
		{"both fails when rendered only reaches the minimum", contrast.Both, 4.6, 4.5, false, 4.5},
		{"an unknown method passes nothing", contrast.Method(4), 21, 21, false, 21},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.wantPass, tt.m.Judge(tt.exact, tt.rendered, 4.5))
			assert.Equal(t, tt.wantRatio, tt.m.Ratio(tt.exact, tt.rendered))
		})
	}
}
