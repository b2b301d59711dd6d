package httpwire

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// MaxIndent is the largest indent a client can ask for with
// "application/json; indent=N"; larger values are clamped, as Django REST
// Framework (DRF) does.
const MaxIndent = 8

// Choice is the outcome of content negotiation between DRF's two
// renderers: the JSON document itself, compact or indented, or the
// browsable HTML page around it.
type Choice struct {
	HTML   bool // the browsable page
	Indent int  // JSON's indent; 0 is compact
}

// Refusal is why [Negotiate] found no rendering, as DRF answers it.
type Refusal uint8

const (
	Acceptable    Refusal = iota // a rendering was chosen
	BadFormat                    // ?format= names no renderer: 404
	NotAcceptable                // the Accept header admits no renderer: 406
)

// Negotiate picks the rendering for r. A non-empty format query
// parameter (the last one, as Django's QueryDict.get takes) decides
// alone: "json" or "api", anything else is [BadFormat]. Otherwise the
// Accept header decides, with q-values (RFC 9110, section 12.5.1): each
// renderer gets the q of the most specific media range that matches it,
// the highest q wins, then the match of higher DRF precedence, then JSON.
// An indent parameter on the range that gave JSON its q pretty-prints.
func Negotiate(r *http.Request) (Choice, Refusal) {
	accept := r.Header["Accept"]
	if len(accept) == 0 && r.URL.RawQuery == "" {
		return Choice{}, Acceptable // what the rest gives for neither, without parsing
	}
	if f, ok := formatParam(r.URL.RawQuery); ok {
		switch f {
		case "json":
			j, _ := rank(accept)
			return Choice{Indent: j.indent}, Acceptable
		case "api":
			return Choice{HTML: true}, Acceptable
		}
		return Choice{}, BadFormat
	}
	j, h := rank(accept)
	switch {
	case j.q == 0 && h.q == 0:
		return Choice{}, NotAcceptable
	case h.q > j.q || h.q == j.q && h.prec > j.prec:
		return Choice{HTML: true}, Acceptable
	}
	return Choice{Indent: j.indent}, Acceptable
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
			spec := specificity(typ, sub, params)
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

// specificity ranks a media range. DRF's _MediaType.precedence ranks
// */sub with */* (0), a type/* 1, type/sub 2 and with parameters 3;
// */sub is put between */* and type/* so that a range naming the subtype
// decides over */* for the same renderer, and a type/* still decides
// before it as DRF's precedence groups do.
func specificity(typ, sub string, params bool) int {
	switch {
	case typ == "*" && sub == "*":
		return 0
	case typ == "*":
		return 1
	case sub == "*":
		return 2
	case params:
		return 4
	}
	return 3
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
	if !found || !ValidToken(typ) || !ValidToken(sub) {
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
				indent = min(max(n, 0), MaxIndent)
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
