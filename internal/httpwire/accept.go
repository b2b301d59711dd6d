package httpwire

import (
	"net/http"
	"strings"
)

// parseQValue parses a q-value by the grammar of RFC 9110, section
// 12.4.2, and nothing else:
//
//	qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
//
// It returns the weight in thousandths (0 to 1000). Anything else ("NaN",
// "0x1p0", "5e-1", "1.5", "0.1234", "-0", ".5", a quoted value) is !ok.
// It is the one q-value rule of the package: Accept ([Negotiate]) and
// Accept-Encoding ([Rep.Write]) both use it, and an element whose weight
// is !ok is skipped in both, as if it were absent from the field: it
// makes nothing acceptable.
func parseQValue(v string) (int, bool) {
	if v == "" || len(v) > 5 || v[0] != '0' && v[0] != '1' {
		return 0, false
	}
	n := 0
	if v[0] == '1' {
		n = 1000
	}
	frac := v[1:]
	if frac == "" {
		return n, true
	}
	if frac[0] != '.' {
		return 0, false
	}
	scale := 100
	for i := 1; i < len(frac); i++ {
		d := frac[i]
		if d < '0' || d > '9' || n == 1000 && d != '0' {
			return 0, false
		}
		n += int(d-'0') * scale
		scale /= 10
	}
	return n, true
}

// accepted ranks the content codings by a request's Accept-Encoding:
// twice the q-value in thousandths (0 refuses), with 1 for an identity
// that the field leaves acceptable without naming it, so that any coding
// the client names with a q above 0 is preferred to it.
type accepted struct {
	identity int
	codings  [numCodings]int
}

// acceptEncoding reads the Accept-Encoding fields of r by RFC 9110,
// section 12.5.3. Tokens are case-insensitive; "x-gzip" is gzip; "*"
// ranks every coding the field does not name, identity included; a
// malformed element is skipped. With no field, or an empty one, only
// identity is acceptable.
func acceptEncoding(r *http.Request) accepted {
	lines := r.Header["Accept-Encoding"]
	switch len(lines) {
	case 0:
		return accepted{identity: 1} // parseAcceptEncoding(nil), without the call
	case 1:
		// What browsers send, every request: no need to parse it.
		switch lines[0] {
		case "gzip, deflate, br, zstd", "gzip, deflate, br, zstd, dcb, dcz", "gzip, deflate, br":
			return acceptedBrowser(lines[0])
		}
	}
	return parseAcceptEncoding(lines)
}

// acceptedBrowser is parseAcceptEncoding of a browser's field, which names
// every coding it accepts at q=1.
func acceptedBrowser(field string) accepted {
	a := accepted{identity: 1, codings: [numCodings]int{2000, 2000, 0}}
	if strings.HasSuffix(field, "zstd") || strings.Contains(field, "zstd,") {
		a.codings[codingZstd] = 2000
	}
	return a
}

// parseAcceptEncoding parses Accept-Encoding field lines (see
// acceptEncoding).
func parseAcceptEncoding(lines []string) accepted {
	var a accepted
	star, named := -1, [numCodings + 1]bool{} // named[numCodings]: identity
	for _, line := range lines {
		for line != "" {
			var el string
			el, line, _ = strings.Cut(line, ",")
			tok, params, _ := strings.Cut(el, ";")
			tok = strings.TrimSpace(tok)
			if tok == "" {
				continue
			}
			q, ok := qParam(params)
			if !ok {
				continue
			}
			rank := 2 * q
			switch {
			case tok == "*":
				if star < 0 {
					star = rank
				}
			case strings.EqualFold(tok, "identity"):
				if !named[numCodings] {
					named[numCodings], a.identity = true, rank
				}
			default:
				for c := range numCodings {
					if !named[c] && (strings.EqualFold(tok, codingNames[c]) || c == codingGzip && strings.EqualFold(tok, "x-gzip")) {
						named[c], a.codings[c] = true, rank
					}
				}
			}
		}
	}
	if !named[numCodings] {
		a.identity = 1
		if star == 0 {
			a.identity = 0
		}
	}
	if star > 0 {
		if !named[numCodings] {
			a.identity = star
		}
		for c := range numCodings {
			if !named[c] {
				a.codings[c] = star
			}
		}
	}
	return a
}

// qParam parses the parameters of an Accept-Encoding element and returns
// its q-value in thousandths (1000 when absent), or !ok when the weight
// is malformed (parseQValue).
func qParam(params string) (int, bool) {
	q := 1000
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, _ := strings.Cut(p, "=")
		if !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		n, ok := parseQValue(strings.TrimSpace(v))
		if !ok {
			return 0, false
		}
		q = n
	}
	return q, true
}

// noneMatch reports whether an If-None-Match field of r matches etag,
// with the weak comparison RFC 9110 (section 13.1.2) prescribes for it:
// W/ prefixes are ignored. "*" matches any current representation.
func noneMatch(r *http.Request, etag string) bool {
	for _, line := range r.Header["If-None-Match"] {
		for {
			line = strings.TrimLeft(line, " \t,")
			if line == "" {
				break
			}
			if line[0] == '*' {
				return true
			}
			line = strings.TrimPrefix(line, "W/")
			if len(line) < 2 || line[0] != '"' {
				break // malformed: ignore the rest of the line
			}
			end := strings.IndexByte(line[1:], '"')
			if end < 0 {
				break
			}
			if line[:end+2] == etag {
				return true
			}
			line = line[end+2:]
		}
	}
	return false
}
