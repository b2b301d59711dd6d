package dtcg_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/browsertest"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/dtcg"
	"github.com/themekit/themekit/theming/fix"
)

// npmDir returns the folder of the pinned npm consumers, or skips the
// test when node or the packages are missing (.ci/run installs them with
// npm ci, the folder being listed in .ci/npm-dirs).
func npmDir(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("skipping: no node in PATH (apt-get install npm; .ci/run installs it)")
	}
	// Terrazzo 2 runs on vite 8, which needs Node 20.19 or later (Style
	// Dictionary 5 declares 22, and runs on 20.19 as these tests show).
	out, err := exec.Command("node", "--version").Output()
	require.NoError(t, err)
	var major, minor int
	if _, err := fmt.Sscanf(string(out), "v%d.%d", &major, &minor); err != nil || major < 20 || major == 20 && minor < 19 {
		t.Skipf("skipping: node %s is older than the 20.19 Terrazzo needs", strings.TrimSpace(string(out)))
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "npm"))
	require.NoError(t, err)
	for _, pkg := range []string{"@terrazzo/cli", "@terrazzo/plugin-css", "style-dictionary"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", pkg, "package.json")); err != nil {
			t.Skipf("skipping: %s is not installed (npm ci in %s; .ci/run does it)", pkg, dir)
		}
	}
	return dir
}

// exported is a dataset exported, and the reference snapshots: each
// theme as designed (normal) and its high-contrast variant (more).
type exported struct {
	dir    string
	files  []dtcg.File
	themes []*theming.ResolvedTheme
	more   map[int]*theming.ResolvedTheme
}

func export(t *testing.T, ds dataset) exported {
	t.Helper()
	files, err := dtcg.Export(ds.cat, ds.themes, dtcg.ExportOptions{})
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(ds.cat)
	require.NoError(t, err)
	snap, err := cc.Snapshot(ds.themes)
	require.NoError(t, err)
	e := exported{dir: writeFiles(t, files), files: files, themes: snap.Themes(), more: map[int]*theming.ResolvedTheme{}}
	eng := fix.New(cc)
	for _, rt := range e.themes {
		e.more[rt.ID()] = eng.HighContrast(rt).Theme
	}
	return e
}

// reference returns the theme's snapshot for a contrast context: the
// theme, or the high-contrast variant its stylesheet serves under
// prefers-contrast: more.
func (e exported) reference(rt *theming.ResolvedTheme, contrast string) *theming.ResolvedTheme {
	if contrast == dtcg.More {
		return e.more[rt.ID()]
	}
	return rt
}

// declarations reads the custom properties of one block of a stylesheet:
// the light block, or the [data-color-scheme="dark"] one.
var declaration = regexp.MustCompile(`(?m)^\s*(--[A-Za-z0-9_-]+): ([^;]+);`)

func declarations(css string) map[string]string {
	out := map[string]string{}
	for _, m := range declaration.FindAllStringSubmatch(css, -1) {
		out[m[1]] = m[2]
	}
	return out
}

// ownBlocks is rt's stylesheet without the contrast blocks: the values
// of its variables in both schemes, as the stylesheet writes them.
func ownBlocks(rt *theming.ResolvedTheme) string { return string(css.Stylesheet(rt, nil)) }

func schemeBlock(sheet string, sc theming.Scheme) string {
	if sc == theming.Light {
		start := strings.Index(sheet, ":root,\n")
		return sheet[start:strings.Index(sheet, "@media")]
	}
	dark := sheet[strings.Index(sheet, "[data-color-scheme=\"dark\"] {"):]
	return dark[:strings.Index(dark, "\n}\n")]
}

func TestStyleDictionaryReadsTheTokenFilesOfAContextAsTheStylesheetDeclaresThem(t *testing.T) {
	npm := npmDir(t)
	for _, ds := range datasets(t) {
		t.Run(ds.name, func(t *testing.T) {
			e := export(t, ds)
			type job struct {
				Mode  string   `json:"mode"`
				Files []string `json:"files"`
			}
			type ctx struct {
				rt       *theming.ResolvedTheme
				sc       theming.Scheme
				contrast string
			}
			var jobs []job
			var ctxs []ctx
			for _, rt := range e.themes {
				for _, sc := range theming.Schemes() {
					for _, c := range dtcg.Contrasts() {
						jobs = append(jobs, job{"as-written", []string{dtcg.CatalogFile, dtcg.ThemeFile(rt.ID()), dtcg.SchemeFile(sc), dtcg.ContrastFile(c)}})
						ctxs = append(ctxs, ctx{rt, sc, c})
					}
				}
			}
			outs := styleDictionary(t, npm, e.dir, jobs)
			require.Len(t, outs, len(jobs))
			for i, c := range ctxs {
				want := declarations(schemeBlock(ownBlocks(e.reference(c.rt, c.contrast)), c.sc))
				got := declarations(outs[i])
				assert.Equal(t, want, got, "theme %d, %s, contrast %s", c.rt.ID(), c.sc, c.contrast)
			}
		})
	}
}

// styleDictionary runs testdata/npm/sd.mjs on the jobs and returns each
// build's CSS.
func styleDictionary(t *testing.T, npm, dir string, jobs any) []string {
	t.Helper()
	in, err := json.Marshal(jobs)
	require.NoError(t, err)
	cmd := exec.Command("node", filepath.Join(npm, "sd.mjs"), dir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "style dictionary: %s", stderr.String())
	var outs []string
	require.NoError(t, json.Unmarshal(out, &outs))
	return outs
}

// The example: Style Dictionary's built-in color/hsl transform
// rounds to whole numbers, so its variables would not be the stylesheet's.
func TestStyleDictionarysBuiltInHSLTransformWouldRoundTheStylesheetsValues(t *testing.T) {
	npm := npmDir(t)
	cat, themes := richCatalog()
	e := export(t, dataset{"rich", cat, themes})
	files := []string{dtcg.CatalogFile, dtcg.ThemeFile(1), dtcg.SchemeFile(theming.Light), dtcg.ContrastFile(dtcg.Normal)}
	outs := styleDictionary(t, npm, e.dir, []map[string]any{{"mode": "builtin", "files": files}, {"mode": "as-written", "files": files}})
	assert.Equal(t, "hsl(200, 46.53%, 40.25%)", declarations(schemeBlock(ownBlocks(e.themes[0]), theming.Light))["--brand"], "the stylesheet")
	assert.Equal(t, "hsl(200, 46%, 40%)", declarations(outs[0])["--brand"], "the built-in color/hsl transform")
	assert.Equal(t, "hsl(200, 46.53%, 40.25%)", declarations(outs[1])["--brand"], "the transform that prints hsl as written")
}

// probesPage is the browser page: Terrazzo's CSS with one block of probes
// per context, and one iframe per theme and contrast with the project's
// own stylesheet and a block of probes per scheme. Once loaded, it writes
// every probe's computed color (color: var(--x)) into #result.
const probesScript = `<script>
window.addEventListener("load", () => {
  const read = (win, root) => {
    const out = {};
    for (const p of root.querySelectorAll("[data-v]")) {
      p.style.color = "var(" + p.dataset.v + ")";
      out[p.dataset.v] = win.getComputedStyle(p).color;
    }
    return out;
  };
  const res = { terrazzo: {}, ref: {} };
  for (const d of document.querySelectorAll("[data-ctx]")) res.terrazzo[d.dataset.ctx] = read(window, d);
  for (const f of document.querySelectorAll("iframe")) {
    for (const d of f.contentDocument.querySelectorAll("[data-color-scheme]")) {
      res.ref[f.dataset.ref.replace("@", d.dataset.colorScheme)] = read(f.contentWindow, d);
    }
  }
  document.getElementById("result").textContent = JSON.stringify(res);
});
</script>`

func TestTerrazzoBuildsEveryContextAndChromiumComputesTheStylesheetsColors(t *testing.T) {
	npm := npmDir(t)
	browsertest.Chromium(t)
	for _, ds := range datasets(t) {
		t.Run(ds.name, func(t *testing.T) {
			e := export(t, ds)
			var inputs []map[string]string
			for _, rt := range e.themes {
				for _, sc := range theming.Schemes() {
					for _, c := range dtcg.Contrasts() {
						inputs = append(inputs, map[string]string{"theme": fmt.Sprint(rt.ID()), "scheme": string(sc), "contrast": c})
					}
				}
			}
			in, err := json.Marshal(inputs)
			require.NoError(t, err)
			out := t.TempDir()
			cmd := exec.Command("node", filepath.Join(npm, "node_modules", "@terrazzo", "cli", "bin", "cli.js"), "build", "-c", "terrazzo.config.mjs")
			cmd.Dir = npm
			cmd.Env = append(os.Environ(), "THEMEKIT_RESOLVER="+filepath.Join(e.dir, dtcg.ResolverFile), "THEMEKIT_OUT="+out+"/", "THEMEKIT_CONTEXTS="+string(in))
			log, err := cmd.CombinedOutput()
			require.NoError(t, err, "terrazzo: %s", log)
			css, err := os.ReadFile(filepath.Join(out, "tokens.css"))
			require.NoError(t, err)

			var names []string
			for n := range e.themes[0].Variables(theming.Light) {
				names = append(names, n)
			}
			probes := func() string {
				var b strings.Builder
				for _, n := range names {
					fmt.Fprintf(&b, `<i data-v="%s"></i>`, n)
				}
				return b.String()
			}()
			var page strings.Builder
			page.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><style>\n")
			page.Write(css)
			page.WriteString("</style></head><body>\n")
			for _, in := range inputs {
				fmt.Fprintf(&page, "<div data-ctx=\"%s-%s-%s\">%s</div>\n", in["theme"], in["scheme"], in["contrast"], probes)
			}
			for _, rt := range e.themes {
				for _, c := range dtcg.Contrasts() {
					doc := "<!DOCTYPE html><html><head><style>\n" + ownBlocks(e.reference(rt, c)) + "</style></head><body>" +
						`<div data-color-scheme="light">` + probes + `</div><div data-color-scheme="dark">` + probes + "</div></body></html>"
					fmt.Fprintf(&page, "<iframe data-ref=\"%d-@-%s\" srcdoc=\"%s\"></iframe>\n", rt.ID(), c, html.EscapeString(doc))
				}
			}
			page.WriteString(`<pre id="result"></pre>` + probesScript + "</body></html>\n")
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.Write([]byte(page.String()))
			}))
			defer srv.Close()

			res := browsertest.Load(t, browsertest.Page{URL: srv.URL})
			var got struct {
				Terrazzo map[string]map[string]string `json:"terrazzo"`
				Ref      map[string]map[string]string `json:"ref"`
			}
			require.NoError(t, json.Unmarshal([]byte(browsertest.Text(t, res.DOM, "result")), &got), "console: %v", res.Console)
			require.Len(t, got.Terrazzo, len(inputs))
			require.Len(t, got.Ref, len(inputs))
			for key, ref := range got.Ref {
				tz := got.Terrazzo[key]
				require.Len(t, ref, len(names), key)
				for _, n := range names {
					want, err := browsertest.RGBA8(ref[n])
					require.NoError(t, err, "%s %s: the stylesheet's", key, n)
					seen, err := browsertest.RGBA8(tz[n])
					if assert.NoError(t, err, "%s %s: Terrazzo's", key, n) {
						assert.Equal(t, want, seen, "%s %s: Terrazzo's %q, the stylesheet's %q", key, n, tz[n], ref[n])
					}
				}
			}
		})
	}
}
