package httpadapter

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"strings"

	"github.com/themekit/themekit/theming"
)

// pageIndent is the indent of the JSON on the browsable page, DRF's.
const pageIndent = 4

// The browsable page's style and script, kept apart so that the
// Content-Security-Policy can allow exactly them by hash.
const (
	pageStyle = `
body{margin:0;font:15px/1.45 system-ui,sans-serif;color:#1d2430;background:#f4f6f9}
header{background:#233457;color:#fff;padding:14px 24px}
header h1{margin:0;font-size:22px;font-weight:600}
header p{margin:4px 0 0;opacity:.85}
main{padding:16px 24px;max-width:1100px}
nav{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:14px}
nav a{font:inherit;font-weight:600;padding:6px 14px;border-radius:4px;border:1px solid #2a5bd7;background:#fff;color:#2a5bd7;text-decoration:none;cursor:pointer}
nav a.primary{background:#2a5bd7;color:#fff}
pre{background:#fff;border:1px solid #d5dae3;border-radius:4px;padding:12px 14px;overflow:auto;white-space:pre-wrap;word-break:break-word;font:13px/1.5 ui-monospace,monospace;margin:0 0 14px}
h2{font-size:14px;text-transform:uppercase;letter-spacing:.04em;color:#5a6578;margin:18px 0 6px}
.meta b{color:#233457}
.k{color:#8a2a7a}.s{color:#1d6b38}
a.s{color:#2a5bd7}
`
	pageScript = `
async function showOptions() {
  var out = document.getElementById("options");
  try {
    var r = await fetch(location.pathname, {method: "OPTIONS", headers: {Accept: "application/json"}});
    var text = "HTTP " + r.status + " " + r.statusText + "\n";
    r.headers.forEach(function (v, k) { text += k + ": " + v + "\n"; });
    var body = await r.text();
    try { body = JSON.stringify(JSON.parse(body), null, 4); } catch (e) {}
    out.textContent = "OPTIONS " + location.pathname + "\n\n" + text + "\n" + body;
  } catch (e) {
    out.textContent = "OPTIONS failed: " + e;
  }
  out.hidden = false;
}
document.getElementById("options-link").addEventListener("click", showOptions);
if (location.hash === "#options") showOptions();
`
)

// pageCSP is the Content-Security-Policy of the browsable page: nothing
// but its own style and script, and requests to its own origin.
func pageCSP() string {
	h := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return "default-src 'none'; style-src " + h(pageStyle) + "; script-src " + h(pageScript) +
		"; connect-src 'self'; img-src 'self' https: http:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
}

// pageTemplate is the browsable page. html/template escapes every value
// for its context; Body is already-escaped markup from markUp.
var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Name}}</title>
<style>{{.Style}}</style>
</head>
<body>
<header><h1>{{.Name}}</h1>{{with .Description}}<p>{{.}}</p>{{end}}</header>
<main>
<nav aria-label="Requests">
<a class="primary" href="?format=api">GET</a>
<a href="?format=json">GET as JSON</a>
<a href="#options" id="options-link">OPTIONS</a>
</nav>
<noscript><p>The OPTIONS control needs JavaScript; without it: curl -X OPTIONS on this URL.</p></noscript>
<pre id="options" hidden></pre>
<h2>Request</h2>
<pre class="meta"><b>{{.Method}}</b> {{.Target}}</pre>
<h2>Response</h2>
<pre class="meta"><b>HTTP {{.Status}}</b>
{{range .Headers}}<b>{{.Name}}:</b> {{.Value}}
{{end}}</pre>
<pre>{{.Body}}</pre>
</main>
<script>{{.Script}}</script>
</body>
</html>
`))

// pageData fills pageTemplate.
type pageData struct {
	Name, Description string
	Method, Target    string
	Status            string // "200 OK"
	Headers           []pageHeader
	Body              template.HTML
	Style             template.CSS
	Script            template.JS
}

type pageHeader struct{ Name, Value string }

// segment is a piece of pretty-printed JSON: plain text, a key, or a
// string value, which links to Href when it is a URL.
type segment struct {
	Text  string
	Class string // "", "k" (key) or "s" (string)
	Href  string
}

// jsonTemplate marks up the segments of a JSON document.
var jsonTemplate = template.Must(template.New("json").Parse(
	`{{range .}}{{if .Href}}<a class="{{.Class}}" href="{{.Href}}">{{.Text}}</a>` +
		`{{else if .Class}}<span class="{{.Class}}">{{.Text}}</span>{{else}}{{.Text}}{{end}}{{end}}`))

// markUp turns pretty-printed JSON into escaped HTML in which keys and
// strings are marked and strings that are http(s) URLs or absolute paths
// are links. Strings are shown decoded from encoding/json's \u003c-style
// escapes (re-encoded without them), so a theme named "<b>" reads as
// "<b>" on the page, as text.
func markUp(pretty []byte) template.HTML {
	var segs []segment
	start := 0
	for i := 0; i < len(pretty); i++ {
		if pretty[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(pretty) && pretty[j] != '"' {
			if pretty[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(pretty) {
			break
		}
		if start < i {
			segs = append(segs, segment{Text: string(pretty[start:i])})
		}
		raw := pretty[i : j+1]
		seg := segment{Text: string(raw), Class: "s"}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			seg.Text = displayString(s)
			if k := bytes.TrimLeft(pretty[j+1:], " "); len(k) > 0 && k[0] == ':' {
				seg.Class = "k"
			} else if isLink(s) {
				seg.Href = s
			}
		}
		segs = append(segs, seg)
		i, start = j, j+1
	}
	if start < len(pretty) {
		segs = append(segs, segment{Text: string(pretty[start:])})
	}
	var b strings.Builder
	if err := jsonTemplate.Execute(&b, segs); err != nil {
		return template.HTML(template.HTMLEscapeString(string(pretty)))
	}
	return template.HTML(b.String())
}

// displayString is s as a JSON string literal without HTML escaping.
func displayString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return s
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// isLink reports whether s is worth a link: what theming's base URL rule
// ([theming.NormalizeMediaBase]) accepts, an absolute http(s) URL or an
// absolute path (never a protocol-relative "//host" reference), with any
// query or fragment.
func isLink(s string) bool {
	if s == "" {
		return false
	}
	base, _, _ := strings.Cut(s, "#")
	base, _, _ = strings.Cut(base, "?")
	_, err := theming.NormalizeMediaBase(base)
	return err == nil
}
