package contrast_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
)

func TestRequired(t *testing.T) {
	tests := []struct {
		name  string
		typ   contrast.Type
		level contrast.Level
		want  float64
	}{
		{"text at AA needs 4.5", contrast.Text, contrast.AA, 4.5},
		{"text at AAA needs 7", contrast.Text, contrast.AAA, 7},
		{"large text at AA needs 3", contrast.LargeText, contrast.AA, 3},
		{"large text at AAA needs 4.5", contrast.LargeText, contrast.AAA, 4.5},
		{"non-text at AA needs 3", contrast.NonText, contrast.AA, 3},
		{"non-text at AAA still needs 3", contrast.NonText, contrast.AAA, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := contrast.Required(tt.typ, tt.level)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got, "Required(%q, %v)", tt.typ, tt.level)
		})
	}
}

func TestRequiredRejectsUnknownValues(t *testing.T) {
	_, err := contrast.Required("decorative", contrast.AA)
	assert.ErrorIs(t, err, contrast.ErrUnknownType)
	_, err = contrast.Required(contrast.Text, contrast.Level(7))
	assert.ErrorIs(t, err, contrast.ErrUnknownLevel)
	_, err = contrast.Check(mustParse(t, "hsl(0, 0%, 0%)"), mustParse(t, "hsl(0, 0%, 100%)"), "Text", contrast.AA)
	assert.ErrorIs(t, err, contrast.ErrUnknownType, "type names are case-sensitive")
}

func TestParseType(t *testing.T) {
	for _, s := range []string{"text", "large-text", "non-text"} {
		got, err := contrast.ParseType(s)
		require.NoError(t, err, "ParseType(%q)", s)
		assert.Equal(t, contrast.Type(s), got)
	}
	for _, s := range []string{"", "Text", "nontext", "graphics"} {
		_, err := contrast.ParseType(s)
		assert.ErrorIs(t, err, contrast.ErrUnknownType, "ParseType(%q)", s)
	}
}

// The greys below sit on either side of 4.5:1 against white. Their
// lightness was solved by hand (python3) from the WCAG formula:
// L = 1.055·Y^(1/2.4) − 0.055 with Y = 1.05/ratio − 0.05.
func TestCheckNeverRounds(t *testing.T) {
	tests := []struct {
		name     string
		fg       string
		wantPass bool
	}{
		{"4.4999:1 fails 4.5 although it prints as 4.50", "hsl(0, 0%, 46.53251787731096%)", false},
		{"4.5001:1 passes", "hsl(0, 0%, 46.53129153612248%)", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := contrast.Check(mustParse(t, tt.fg), mustParse(t, "hsl(0, 0%, 100%)"), contrast.Text, contrast.AA)
			require.NoError(t, err)
			assert.InDelta(t, 4.5, res.Ratio, 2e-4, "ratio of %s on white", tt.fg)
			assert.Equal(t, tt.wantPass, res.Pass, "Check(%s on white) = %v", tt.fg, res)
			assert.Equal(t, 4.5, res.Required)
		})
	}
}

func TestCheckResult(t *testing.T) {
	res, err := contrast.Check(mustParse(t, "hsl(0, 0%, 46.666666666666664%)"), mustParse(t, "hsl(0, 0%, 100%)"), contrast.Text, contrast.AA)
	require.NoError(t, err)
	assert.False(t, res.Pass, "#777 on white (4.48:1) fails AA")
	assert.Equal(t, "4.48:1 < 4.5:1 text AA: fail", res.String())

	res, err = contrast.Check(mustParse(t, "hsl(0, 0%, 46.666666666666664%)"), mustParse(t, "hsl(0, 0%, 100%)"), contrast.NonText, contrast.AAA)
	require.NoError(t, err)
	assert.True(t, res.Pass, "#777 on white passes non-text")
	assert.Equal(t, "4.48:1 >= 3:1 non-text AAA: pass", res.String())
}

func TestCheckOverUsesTheBackdrop(t *testing.T) {
	fg, bg := mustParse(t, "hsl(0, 0%, 0%)"), mustParse(t, "hsla(0, 0%, 0%, 0.9)")
	over, err := contrast.CheckOver(fg, bg, mustParse(t, "hsl(0, 0%, 100%)"), contrast.NonText, contrast.AA)
	require.NoError(t, err)
	assert.False(t, over.Pass, "black on 90% black over white is nearly black on black")
	plain, err := contrast.Check(fg, bg, contrast.NonText, contrast.AA)
	require.NoError(t, err)
	assert.Equal(t, over, plain, "Check uses white as the backdrop")
}

func TestLevelString(t *testing.T) {
	assert.Equal(t, "AA", contrast.AA.String())
	assert.Equal(t, "AAA", contrast.AAA.String())
	assert.Equal(t, "Level(5)", contrast.Level(5).String())
}

// APCA is signed by polarity and asymmetric.
func TestAPCASignAndSymmetry(t *testing.T) {
	black, white := mustParse(t, "hsl(0, 0%, 0%)"), mustParse(t, "hsl(0, 0%, 100%)")
	assert.Greater(t, contrast.APCA(black, white), 0.0, "dark text on light is positive")
	assert.Less(t, contrast.APCA(white, black), 0.0, "light text on dark is negative")
	assert.NotEqual(t, -contrast.APCA(black, white), contrast.APCA(white, black), "APCA is not symmetric")
	assert.Equal(t, 0.0, contrast.APCA(black, black), "identical colors have no contrast")
	grey := mustParse(t, "hsla(0, 0%, 0%, 0.5)")
	assert.Equal(t, contrast.APCA(contrast.Composite(grey, white), white), contrast.APCA(grey, white),
		"translucent text is composited over the background")
	assert.Equal(t, contrast.APCA(black, contrast.Composite(grey, white)), contrast.APCAOver(black, grey, white))
}
