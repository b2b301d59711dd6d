package frontend_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/testkit/browsertest"
	"github.com/themekit/themekit/theming"
)

// npmBin returns the path of a program that npm ci installed in
// node_modules/.bin, or skips the test when it (or node) is missing.
func npmBin(t testing.TB, name string) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("skipping: no node in PATH (apt-get install nodejs npm; .ci/run installs npm)")
	}
	p, err := filepath.Abs(filepath.Join("node_modules", ".bin", name))
	require.NoError(t, err)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("skipping: examples/frontend/node_modules/.bin/%s is missing: run npm ci in examples/frontend (.ci/run does, for every folder in .ci/npm-dirs)", name)
	}
	return p
}

// run runs a program in this folder and fails the test with its output
// when it fails.
func run(t testing.TB, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "FORCE_COLOR=0")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s %s:\n%s", filepath.Base(name), strings.Join(args, " "), out)
	return string(out)
}

// The example server binary, built once for the tests that need it.
var (
	buildOnce sync.Once
	serverBin string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	if clientsDir != "" {
		os.RemoveAll(clientsDir)
	}
	os.Exit(code)
}

// exampleServer starts the example server (go run ./examples/server, built
// once) on a free loopback port with the embedded data and demo users, and
// returns its URL; args are further flags. It is a real process: the
// package is a command, so a test cannot call it in-process.
func exampleServer(t testing.TB, args ...string) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "themekit-frontend-"); buildErr != nil {
			return
		}
		serverBin = filepath.Join(buildDir, "server")
		out, err := exec.Command("go", "build", "-o", serverBin, "github.com/themekit/themekit/examples/server").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build ./examples/server: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)

	cmd := exec.Command(serverBin, append([]string{"-addr", "127.0.0.1:0", "-access-log=false"}, args...)...)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})

	// It logs `msg=serving url=http://127.0.0.1:PORT/ ...` once listening.
	found := make(chan string, 1)
	var log bytes.Buffer
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`msg=serving url=(http://\S+)`)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				found <- strings.TrimSuffix(m[1], "/")
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case u := <-found:
		return u
	case <-time.After(30 * time.Second):
		t.Fatalf("the example server did not say where it listens within 30s")
	}
	return ""
}

func get(t testing.TB, url string, header map[string]string) []byte {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s: %s", url, body)
	return body
}

func TestGeneratedTypesMatchTheServedDocument(t *testing.T) {
	generate := npmBin(t, "openapi-typescript")
	base := exampleServer(t)
	dir := t.TempDir()
	doc := filepath.Join(dir, "openapi.json")
	require.NoError(t, os.WriteFile(doc, get(t, base+"/api/v2/schema/", nil), 0o644))

	// openapi-typescript also lints the document with Redocly's OpenAPI
	// parser and stops on an error: a second, independent validator.
	fresh := filepath.Join(dir, "schema.d.ts")
	run(t, generate, doc, "-o", fresh)

	want, err := os.ReadFile(fresh)
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join("src", "schema.d.ts"))
	require.NoError(t, err)
	if !bytes.Equal(got, want) {
		t.Errorf("src/schema.d.ts differs from a fresh generation from the example server's /api/v2/schema/;\n"+
			"regenerate it (go run ./examples/server & then npm run generate in examples/frontend).\nFirst difference:\n%s",
			firstDifference(string(got), string(want)))
	}
}

// firstDifference shows the first line where committed and fresh differ.
func firstDifference(committed, fresh string) string {
	a, b := strings.Split(committed, "\n"), strings.Split(fresh, "\n")
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("line %d\n  committed: %s\n  fresh:     %s", i+1, x, y)
		}
	}
	return "(none)"
}

// The client's declarations are checked too (tsconfig.json's
// skipLibCheck is false), but for TypeScript's own lib.*.d.ts
// (--skipDefaultLibCheck): they are TypeScript's, the same in every run,
// and two thirds of tsc's time.
func TestClientCompilesUnderStrictTypeScript(t *testing.T) {
	tsc := npmBin(t, "tsc")
	run(t, tsc, "--strict", "--noEmit", "--skipDefaultLibCheck", "-p", ".")
}

// bundle builds src/main.ts with esbuild into dir/app.js.
func bundle(t testing.TB, dir string) {
	t.Helper()
	esbuild := npmBin(t, "esbuild")
	out := filepath.Join(dir, "app.js")
	run(t, esbuild, filepath.Join("src", "main.ts"), "--bundle", "--format=iife", "--target=es2020", "--log-level=warning", "--outfile="+out)
	st, err := os.Stat(out)
	require.NoError(t, err, "esbuild wrote no bundle")
	require.NotZero(t, st.Size())
}

// shown is what the page writes into #result.
type shown struct {
	ID         int                          `json:"id"`
	Name       string                       `json:"name"`
	Logo       *string                      `json:"logo"`
	Palette    []string                     `json:"palette"`
	Components int                          `json:"components"`
	Themes     []string                     `json:"themes"`
	Colors     map[string]map[string]string `json:"colors"`
	Error      string                       `json:"error"`
}

func TestTheBundledClientRendersTheThemeForAUserInChromium(t *testing.T) {
	browsertest.Chromium(t)
	dir := t.TempDir()
	bundle(t, dir)
	page, err := os.ReadFile("index.html")
	require.NoError(t, err)
	app, err := os.ReadFile(filepath.Join(dir, "app.js"))
	require.NoError(t, err)

	// The page and the API on one origin, as a front end deploys them:
	// /app/ is the page and its bundle, everything else is the example
	// server, reached through a reverse proxy.
	api := exampleServer(t)
	target, err := url.Parse(api)
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle("/", httputil.NewSingleHostReverseProxy(target))
	mux.HandleFunc("GET /app/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	mux.HandleFunc("GET /app/dist/app.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Write(app)
	})
	site := httptest.NewServer(mux)
	t.Cleanup(site.Close)

	// The library's own answer, independent of the TypeScript: the
	// example server serves the embedded data to the demo users of
	// internal/demo/users.json, with images on its own /media/.
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	var users map[string]int
	raw, err := os.ReadFile(filepath.Join("..", "..", "internal", "demo", "users.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &users))
	var themeNames []string
	for _, th := range snap.Themes() {
		themeNames = append(themeNames, th.Name())
	}

	tests := []struct {
		name string
		user string // "" sends no user
	}{
		{name: "no user gets the default theme", user: ""},
		{name: "alice gets the theme she prefers", user: "alice"},
		{name: "carol gets the theme she prefers", user: "carol"},
		{name: "mallory, who prefers a theme that does not exist, gets the default", user: "mallory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := snap.ChooseTheme(users[tt.user])
			require.NoError(t, err)
			record := servedTheme(t, snap, want.ID(), api+"/media/")

			target := site.URL + "/app/"
			if tt.user != "" {
				target += "?user=" + url.QueryEscape(tt.user)
			}
			res := browsertest.Load(t, browsertest.Page{URL: target, Width: 1000, Height: 900})
			for _, msg := range res.Console {
				assert.NotContains(t, msg, "Uncaught", "the page threw")
			}

			var got shown
			require.NoError(t, json.Unmarshal([]byte(browsertest.Text(t, res.DOM, "result")), &got))
			require.Empty(t, got.Error, "the page reported an error")

			// What the page shows.
			assert.Equal(t, want.Name(), browsertest.Text(t, res.DOM, "theme-name"))
			assert.Equal(t, fmt.Sprint(want.ID()), browsertest.Text(t, res.DOM, "theme-id"))
			assert.Equal(t, fmt.Sprint(len(snap.Components())), browsertest.Text(t, res.DOM, "component-count"))
			assert.Equal(t, want.PalettePreview(), paletteShown(res.DOM), "the palette swatches")
			wantLogo := record.Logo
			if record.LightModeLogoType == "INVERSE" {
				wantLogo = record.LogoInverse
			}
			require.NotNil(t, wantLogo)
			assert.Equal(t, *wantLogo, logoShown(res.DOM), "the light-mode logo the theme's logo type names")

			// What it computed: every component's color in both schemes
			// is the one the library resolves.
			assert.Equal(t, want.ID(), got.ID)
			assert.Equal(t, themeNames, got.Themes)
			require.Len(t, got.Colors, len(snap.Components()))
			for _, c := range snap.Components() {
				for _, sc := range theming.Schemes() {
					lib, ok := want.Color(sc, c.ID)
					require.True(t, ok)
					page, err := colorref.ParseColor(got.Colors[c.ID][string(sc)])
					if assert.NoError(t, err, "%s in %s", c.ID, sc) {
						assert.Equal(t, lib.String(), page.String(), "%s in %s", c.ID, sc)
					}
				}
			}
		})
	}
}

// servedTheme is the theme record the API serves for id, as the library
// encodes it.
type themeRecord struct {
	Logo              *string `json:"logo"`
	LogoInverse       *string `json:"logo_inverse"`
	LightModeLogoType string  `json:"light_mode_logo_type"`
}

func servedTheme(t testing.TB, snap *theming.Snapshot, id int, media string) themeRecord {
	t.Helper()
	b, err := snap.ThemeJSON(id, media)
	require.NoError(t, err)
	var r themeRecord
	require.NoError(t, json.Unmarshal(b, &r))
	return r
}

// paletteShown returns the texts of the palette's swatches.
func paletteShown(dom string) []string {
	list := regexp.MustCompile(`(?s)<ul id="palette">(.*?)</ul>`).FindStringSubmatch(dom)
	if list == nil {
		return nil
	}
	var out []string
	for _, m := range regexp.MustCompile(`<li[^>]*>([^<]*)</li>`).FindAllStringSubmatch(list[1], -1) {
		out = append(out, m[1])
	}
	return out
}

// logoShown returns the src of the page's logo.
func logoShown(dom string) string {
	img := regexp.MustCompile(`<img [^>]*\bid="logo"[^>]*>`).FindString(dom)
	m := regexp.MustCompile(`\bsrc="([^"]*)"`).FindStringSubmatch(img)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}
