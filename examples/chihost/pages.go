package main

import "html/template"

// pages are the admin's pages (the editor and the history) and the
// site's. Each problem is shown under its field, in an element that names
// it (data-field), and the pages pass axe-core's rules.
var pages = template.Must(template.New("").Parse(`
{{define "head"}}<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{{.}}</title></head>{{end}}

{{define "nav"}}<nav aria-label="Theme {{.ID}}"><a href="/admin/themes/{{.ID}}">Editor</a>
| <a href="/admin/themes/{{.ID}}/history">History</a> | <a href="/">The site</a></nav>{{end}}

{{define "editor"}}{{template "head" (printf "Theme %d" .ID)}}<body>{{template "nav" .}}<main>
<h1>Theme {{.ID}}: revision {{.Base}}{{if eq .Base .Live}} (live){{end}}</h1>
{{range .Errors}}<p class="error" data-field="">{{.}}</p>{{end}}
{{with .Theirs}}<h2>Changed meanwhile</h2><ul>{{range .}}<li class="theirs" data-field="{{.Field}}">{{.Field}}: {{printf "%q" .From}} → {{printf "%q" .To}}</li>
{{end}}</ul>{{end}}
<form method="post"><input type="hidden" name="base" value="{{.Base}}">
{{range .Fields}}{{$f := .Name}}<p><label>{{.Name}} <input name="{{.Name}}" value="{{.Value}}"></label></p>
{{range .Errors}}<p class="error" data-field="{{$f}}">{{.}}</p>{{end}}{{end}}
<p><label>Your name <input name="author" required></label>
<label>Note <input name="note"></label></p><button>Save draft</button></form>
<h2>Preview</h2>
<form method="post" action="/admin/themes/{{.ID}}/preview"><input type="hidden" name="n" value="{{.Base}}">
<button>Preview revision {{.Base}}</button> on the site, seen by you alone</form>
<h2>Publish</h2>
<form method="post" action="/admin/themes/{{.ID}}/publish"><input type="hidden" name="n" value="{{.Base}}">
<input type="hidden" name="live" value="{{.Live}}"><p><label>Your name <input name="author" required></label></p>
<button>Publish revision {{.Base}}</button> (revision {{.Live}} is live)</form>
</main></body></html>{{end}}

{{define "history"}}{{template "head" (printf "Theme %d: history" .ID)}}<body>{{template "nav" .}}<main>
<h1>Theme {{.ID}}: history</h1>
<table><thead><tr><th scope="col">Revision</th><th scope="col">Saved by</th><th scope="col">Saved</th>
<th scope="col">Changes</th><th scope="col">Live</th></tr></thead><tbody>
{{range .History}}<tr id="revision-{{.Number}}"><td>{{.Number}}</td><td class="author">{{.Author}}{{with .Note}}: {{.}}{{end}}</td>
<td>{{.Saved.Format "2006-01-02 15:04:05"}}</td>
<td><ul>{{range .Changes}}<li class="change">{{.Field}}: {{printf "%q" .From}} → {{printf "%q" .To}}</li>{{end}}</ul></td>
<td>{{if .Live}}live{{else}}<form method="post" action="/admin/themes/{{$.ID}}/publish">
<input type="hidden" name="n" value="{{.Number}}"><input type="hidden" name="live" value="{{$.Live}}">
<label>Your name <input name="author" required></label> <button>Publish revision {{.Number}}</button></form>{{end}}</td></tr>
{{end}}</tbody></table>
{{with .Older}}<p><a href="/admin/themes/{{$.ID}}/history?before={{.}}">Older revisions</a></p>{{end}}</main></body></html>{{end}}

{{define "stop"}}<form method="post" action="/admin/preview/stop"><button>Stop previewing</button></form>{{end}}

{{define "site"}}<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{{.Name}}</title><style>{{.Sheet}}
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:var(--page-background);color:var(--text-primary)}
header{background:var(--nav-bar);color:var(--nav-text);padding:12px}
main,aside{margin:16px;padding:16px;background:var(--surface)}
aside{border:2px solid var(--text-primary)} aside form{display:inline}
a{color:var(--link)} button{background:var(--primary-button);color:var(--primary-button-text);border:0;padding:8px 16px}
</style></head><body>
{{if .Previewing}}<aside id="preview" aria-label="Preview">A preview of theme {{.ThemeID}}, revision {{.Number}}, seen by you
alone. <a href="/admin/themes/{{.ThemeID}}">Back to the editor</a> {{template "stop"}}</aside>
{{else if .NotPreviewed}}<aside id="preview" aria-label="Preview">Your preview is not shown ({{.NotPreviewed}}):
this is the live theme. {{template "stop"}}</aside>{{end}}
<header><strong id="theme-name">{{.Name}}</strong></header>
<main><h1>Upcoming events</h1><p>Text on the surface, with <a href="/admin/themes/1">a link to the editor</a>.</p>
<button type="button">Join</button></main></body></html>{{end}}
`))
