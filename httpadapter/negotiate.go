package httpadapter

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// parseQValue parses a q-value by the grammar of RFC 9110, section
// 12.4.2, and nothing else:
//
//	qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
//
// It returns the weight in thousandths (0 to 1000). Anything else ("NaN",
// "0x1p0", "5e-1", "1.5", "0.1234", "-0", ".5", a quoted value) is !ok.
// It is the one q-value rule of the package: Accept (parseRange) and
// Accept-Encoding (qValue) both use it, and an element whose weight is
// !ok is skipped in both, as if it were absent from the field: it makes
// nothing acceptable (see the package documentation).
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

// renderer is a rendering of a response: the JSON document itself or the
// browsable HTML page around it.
type renderer uint8

const (
	rendJSON renderer = iota
	rendHTML
)

// maxIndent is the largest indent a client can ask for with
// "application/json; indent=N"; larger values are clamped, as DRF does.
const maxIndent = 8

// choice is the outcome of content negotiation.
type choice struct {
	rend   renderer
	indent int // 0: compact JSON
}

// outcome of negotiate besides a choice.
type negError uint8

const (
	negOK        negError = iota
	negBadFormat          // ?format= names no renderer: 404
	negNotAccept          // the Accept header admits no renderer: 406
)

// negotiate picks the rendering for r. A non-empty format query
// parameter (the last one, as Django's QueryDict.get takes) decides
// alone: "json" or "api", anything else is negBadFormat. Otherwise the
// Accept header decides, with q-values (RFC 9110, section 12.5.1): each
// renderer gets the q of the most specific media range that matches it,
// the highest q wins, then the match of higher DRF precedence, then JSON. An indent
// parameter on the range that gave JSON its q pretty-prints.
func negotiate(r *http.Request) (choice, negError) {
	accept := r.Header["Accept"]
	if f, ok := formatParam(r.URL.RawQuery); ok {
		switch f {
		case "json":
			j, _ := rank(accept)
			return choice{rend: rendJSON, indent: j.indent}, negOK
		case "api":
			return choice{rend: rendHTML}, negOK
		}
		return choice{}, negBadFormat
	}
	j, h := rank(accept)
	switch {
	case j.q == 0 && h.q == 0:
		return choice{}, negNotAccept
	case h.q > j.q || h.q == j.q && h.prec > j.prec:
		return choice{rend: rendHTML}, negOK
	}
	return choice{rend: rendJSON, indent: j.indent}, negOK
}

// match is how well the Accept header admits one renderer.
type match struct {
	q      int // quality in thousandths (parseQValue); 0 is "not acceptable"
	spec   int // specificity of the deciding range: -1 none, 0 */*, 1 */sub, 2 type/*, 3 type/sub, 4 with parameters
	prec   int // DRF's precedence of that range: 0 */* and */sub, 1 type/*, 2 type/sub, 3 with parameters
	indent int
}

// precedence is DRF 3.14's _MediaType.precedence of a range of the given
// specificity.
func precedence(spec int) int { return max(spec-1, 0) }

// rank scores application/json and text/html against the Accept field
// lines. No field, or only empty ones, accepts everything; malformed
// ranges, a malformed q-value included, are skipped.
func rank(lines []string) (json, html match) {
	json, html = match{spec: -1}, match{spec: -1}
	seen := false
	for _, line := range lines {
		for line != "" {
			var rng string
			rng, line, _ = strings.Cut(line, ",")
			if strings.TrimSpace(rng) == "" {
				continue
			}
			seen = true // a field with only malformed ranges accepts nothing, as in DRF
			typ, sub, q, indent, params, ok := parseRange(rng)
			if !ok {
				continue
			}
			// DRF's _MediaType.precedence ranks */sub with */* (0), a
			// type/* 1, type/sub 2 and with parameters 3; */sub is put
			// between */* and type/* so that a range naming the subtype
			// decides over */* for the same renderer, and a type/* still
			// decides before it as DRF's precedence groups do.
			spec := 0
			switch {
			case typ == "*" && sub == "*":
			case typ == "*":
				spec = 1
			case sub == "*":
				spec = 2
			case params:
				spec = 4
			default:
				spec = 3
			}
			if spec > json.spec && covers(typ, sub, "application", "json") {
				json = match{q: q, spec: spec, prec: precedence(spec), indent: indent}
			}
			if spec > html.spec && covers(typ, sub, "text", "html") {
				html = match{q: q, spec: spec, prec: precedence(spec)}
			}
		}
	}
	if !seen {
		return match{q: 1000}, match{q: 1000}
	}
	return json, html
}

// covers reports whether the media range typ/sub matches type t/s, with
// DRF 3.14's rule (_MediaType.match): each of the two parts matches when
// either side is "*" or both are equal, so "*/html" matches text/html as
// "text/*" does. Unlike DRF, the comparison ignores case (RFC 9110,
// section 8.3.1).
func covers(typ, sub, t, s string) bool {
	return (typ == "*" || strings.EqualFold(typ, t)) && (sub == "*" || strings.EqualFold(sub, s))
}

// parseRange parses one media range with its parameters: "type/sub;
// q=0.5; indent=4". It reports whether parameters other than q were
// present, and !ok for an empty or malformed range, which is skipped. A
// q-value that parseQValue refuses makes the range malformed; a malformed
// indent is ignored, as DRF ignores it.
func parseRange(s string) (typ, sub string, q int, indent int, params, ok bool) {
	mt, rest, _ := strings.Cut(s, ";")
	typ, sub, found := strings.Cut(strings.TrimSpace(mt), "/")
	if !found || !validToken(typ) || !validToken(sub) {
		return "", "", 0, 0, false, false
	}
	q = 1000
	for rest != "" {
		var p string
		p, rest, _ = strings.Cut(rest, ";")
		k, v, _ := strings.Cut(p, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case k == "":
		case strings.EqualFold(k, "q"):
			w, ok := parseQValue(v)
			if !ok {
				return "", "", 0, 0, false, false
			}
			q = w
		case strings.EqualFold(k, "indent"):
			params = true
			if n, err := strconv.Atoi(strings.Trim(v, `"`)); err == nil {
				indent = min(max(n, 0), maxIndent)
			}
		default:
			params = true
		}
	}
	return typ, sub, q, indent, params, true
}

// formatParam returns the value of the last format parameter of a raw
// query string, and whether there was a non-empty one.
func formatParam(raw string) (string, bool) {
	var val string
	for raw != "" {
		var kv string
		kv, raw, _ = strings.Cut(raw, "&")
		k, v, _ := strings.Cut(kv, "=")
		if k != "format" && unescape(k) != "format" {
			continue
		}
		val = unescape(v)
	}
	return val, val != ""
}

// unescape decodes a query component; an invalid escape yields a value
// that is no renderer's name.
func unescape(s string) string {
	if !strings.ContainsAny(s, "%+") {
		return s
	}
	u, err := url.QueryUnescape(s)
	if err != nil {
		return "\x00"
	}
	return u
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

// addVary adds the tokens of want to the response's Vary field, keeping
// whatever the host set and adding only what is missing. When Vary is
// unset it stores joined, which must be want joined with ", ".
func addVary(h http.Header, want, joined []string) {
	have := h["Vary"]
	if len(have) == 0 {
		h["Vary"] = joined
		return
	}
	var missing []string
	for _, w := range want {
		if !hasToken(have, w) {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		h["Vary"] = append(have[:len(have):len(have)], strings.Join(missing, ", "))
	}
}

// hasToken reports whether a comma-separated header field contains tok,
// or "*", which in Vary covers every header.
func hasToken(lines []string, tok string) bool {
	for _, line := range lines {
		for line != "" {
			var t string
			t, line, _ = strings.Cut(line, ",")
			t = strings.TrimSpace(t)
			if t == "*" || strings.EqualFold(t, tok) {
				return true
			}
		}
	}
	return false
}
