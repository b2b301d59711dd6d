package httpwire

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestQValuesFollowRFC9110: the expected values are read off the grammar
// of RFC 9110, section 12.4.2, qvalue = ( "0" [ "." 0*3DIGIT ] ) /
// ( "1" [ "." 0*3("0") ] ), not computed by the parser.
func TestQValuesFollowRFC9110(t *testing.T) {
	tests := []struct {
		give   string
		want   int // thousandths
		wantOK bool
	}{
		{"0", 0, true},
		{"1", 1000, true},
		{"0.", 0, true},
		{"1.", 1000, true},
		{"0.5", 500, true},
		{"0.05", 50, true},
		{"0.001", 1, true},
		{"0.999", 999, true},
		{"1.000", 1000, true},
		{"1.0", 1000, true},
		{"NaN", 0, false},
		{"nan", 0, false},
		{"Inf", 0, false},
		{"0x1p0", 0, false},
		{"5e-1", 0, false},
		{"0e0", 0, false},
		{"1.5", 0, false},
		{"1.001", 0, false},
		{"0.1234", 0, false},
		{"0.0000", 0, false},
		{".5", 0, false},
		{"-0", 0, false},
		{"+1", 0, false},
		{"2", 0, false},
		{"01", 0, false},
		{"0,5", 0, false},
		{`"0.5"`, 0, false},
		{"0.5 ", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		t.Run("q="+tt.give, func(t *testing.T) {
			got, ok := parseQValue(tt.give)
			assert.Equal(t, tt.wantOK, ok, "parseQValue(%q) ok", tt.give)
			assert.Equal(t, tt.want, got, "parseQValue(%q)", tt.give)
		})
	}
}

// TestOneQValueRuleForAcceptAndAcceptEncoding: a q-value outside the
// grammar skips its element in both fields, so q=NaN cannot make a
// rendering or a coding acceptable, and a skipped element leaves only
// what the rest of the field accepts.
func TestOneQValueRuleForAcceptAndAcceptEncoding(t *testing.T) {
	tests := []struct {
		name     string
		accept   string
		wantNeg  Refusal
		wantHTML bool
	}{
		{"q=NaN on the page and q=0 on JSON is a 406", "text/html;q=NaN, application/json;q=0", NotAcceptable, false},
		{"q=0x1p0 skips its range", "text/html;q=0x1p0, application/json;q=0", NotAcceptable, false},
		{"q=5e-1 skips its range", "text/html;q=5e-1, application/json;q=0.1", Acceptable, false},
		{"q=1.5 skips its range", "text/html;q=1.5, application/json;q=0.1", Acceptable, false},
		{"a fourth decimal skips its range", "text/html;q=0.1234, application/json;q=0.1", Acceptable, false},
		{"a quoted q skips its range", `text/html;q="1", application/json;q=0.1`, Acceptable, false},
		{"a valid q of three decimals counts", "text/html;q=0.002, application/json;q=0.001", Acceptable, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, _ := http.NewRequest(http.MethodGet, "http://example.test/api/v2/theme/", nil)
			r.Header.Set("Accept", tt.accept)
			got, neg := Negotiate(r)
			assert.Equal(t, tt.wantNeg, neg, "Accept: %s", tt.accept)
			if neg == Acceptable {
				assert.Equal(t, tt.wantHTML, got.HTML, "Accept: %s", tt.accept)
			}
		})
	}
	t.Run("Accept-Encoding skips the same q-values", func(t *testing.T) {
		for _, q := range []string{"NaN", "0x1p0", "5e-1", "1.5", "0.1234", `"1"`} {
			a := parseAcceptEncoding([]string{"br;q=" + q + ", gzip;q=0.5"})
			assert.Equal(t, 0, a.codings[codingBr], "br;q=%s is skipped", q)
			assert.Equal(t, 1000, a.codings[codingGzip], "gzip;q=0.5 ranks 2×500")
		}
	})
}

func TestBrowsersAcceptEncodingNeedsNoParsing(t *testing.T) {
	for _, field := range []string{"gzip, deflate, br, zstd", "gzip, deflate, br, zstd, dcb, dcz", "gzip, deflate, br"} {
		t.Run(field+" reads as parsed", func(t *testing.T) {
			assert.Equal(t, parseAcceptEncoding([]string{field}), acceptedBrowser(field))
		})
	}
}
