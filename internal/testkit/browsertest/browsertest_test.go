package browsertest_test

import (
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/browsertest"
)

// serve serves the control pages: what each does is known, so each shows
// whether Load sees it.
func serve(t *testing.T) *httptest.Server {
	pages := map[string]struct{ csp, body string }{
		"/quiet": {"", `<!DOCTYPE html><html><head><style>html{background:rgb(200,30,40)}</style></head>
<body><p id="out">nothing to say</p><p id="scheme"></p>
<script>document.getElementById("scheme").textContent = matchMedia("(prefers-color-scheme: dark)").matches ? "dark & <b>" : "light & <b>";</script></body></html>`},
		"/noisy": {"default-src 'none'; script-src 'unsafe-inline'", `<!DOCTYPE html><html><head></head>
<body><p style="color:blue">a style attribute the policy blocks</p>
<script>console.log("a log line"); console.error("an error line"); undefinedFunction();</script></body></html>`},
		"/scheme": {"", `<!DOCTYPE html><html><head></head><body><p id="out"></p>
<script>document.getElementById("out").textContent = matchMedia("(prefers-color-scheme: dark)").matches ? "dark & <b>" : "light & <b>";</script></body></html>`},
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if p.csp != "" {
			w.Header().Set("Content-Security-Policy", p.csp)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(p.body))
	}))
	t.Cleanup(ts.Close)
	return ts
}

func TestLoadSeesWhatThePageDoes(t *testing.T) {
	ts := serve(t)

	// Each Chromium run takes seconds: the quiet page also shows the
	// system's scheme by default.
	t.Run("a quiet page has no console messages, its screenshot shows it, and the system scheme is light by default", func(t *testing.T) {
		res := browsertest.Load(t, browsertest.Page{URL: ts.URL + "/quiet", Width: 400, Height: 300})
		assert.Empty(t, res.Console, "console messages of /quiet")
		assert.Equal(t, "nothing to say", browsertest.Text(t, res.DOM, "out"), "the text of #out on /quiet")
		assert.Equal(t, "light & <b>", browsertest.Text(t, res.DOM, "scheme"), "the scheme /quiet saw by default")
		f, err := os.Open(res.Screenshot)
		require.NoError(t, err)
		defer f.Close()
		img, err := png.Decode(f)
		require.NoError(t, err, "decoding %s", res.Screenshot)
		r, g, b, _ := img.At(390, 290).RGBA()
		assert.Equal(t, [3]uint32{200, 30, 40}, [3]uint32{r >> 8, g >> 8, b >> 8}, "the bottom right pixel of %s, on the page's background", res.Screenshot)
		assert.Equal(t, "TestLoadSeesWhatThePageDoes_a_quiet_page_has_no_console_messages__its_screenshot_shows_it__and_the_system_scheme_is_light_by_default.png",
			filepath.Base(res.Screenshot), "the screenshot is named after the test")
	})

	t.Run("console output, uncaught exceptions and CSP violations are all collected", func(t *testing.T) {
		res := browsertest.Load(t, browsertest.Page{URL: ts.URL + "/noisy"})
		all := strings.Join(res.Console, "\n")
		for _, want := range []string{`"a log line"`, `"an error line"`, `Uncaught ReferenceError: undefinedFunction is not defined`, `violates the following Content Security Policy directive`} {
			assert.Contains(t, all, want, "console messages of /noisy")
		}
		assert.Len(t, res.Console, 4, "console messages of /noisy: %q", res.Console)
	})

	t.Run("Dark makes prefers-color-scheme dark", func(t *testing.T) {
		res := browsertest.Load(t, browsertest.Page{URL: ts.URL + "/scheme", Dark: true})
		assert.Equal(t, "dark & <b>", browsertest.Text(t, res.DOM, "out"), "the scheme /scheme saw with Dark")
	})
}

func TestScreenshotsAreCopiedWhereTheEnvironmentSays(t *testing.T) {
	ts := serve(t)
	dir := filepath.Join(t.TempDir(), "shots")
	t.Setenv(browsertest.ScreenshotDirEnv, dir)
	res := browsertest.Load(t, browsertest.Page{URL: ts.URL + "/quiet", Width: 400, Height: 300})
	want, err := os.ReadFile(res.Screenshot)
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(dir, filepath.Base(res.Screenshot)))
	require.NoError(t, err, "the copy in %s=%s", browsertest.ScreenshotDirEnv, dir)
	assert.Equal(t, want, got, "the copy of %s", res.Screenshot)
}

func TestFlagsAreTheAgreedOnes(t *testing.T) {
	assert.Equal(t, []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-quic", "--user-data-dir=/tmp/p",
	}, browsertest.Flags("/tmp/p"), `Flags("/tmp/p")`)
}

func TestRGBA8ReadsComputedColors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want [4]uint8
		ok   bool
	}{
		{"rgb(30, 80, 200)", [4]uint8{30, 80, 200, 255}, true},
		{"rgba(30, 80, 200, 0.12)", [4]uint8{30, 80, 200, 31}, true},
		{"rgba(0, 0, 0, 0)", [4]uint8{0, 0, 0, 0}, true},
		{"hsl(0, 0%, 0%)", [4]uint8{}, false},
		{"rgb(256, 0, 0)", [4]uint8{}, false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := browsertest.RGBA8(tc.in)
			if !tc.ok {
				if err == nil {
					t.Fatalf("RGBA8(%q) = %v, want an error", tc.in, got)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("RGBA8(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
			}
		})
	}
}
