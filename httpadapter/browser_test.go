package httpadapter_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// chromium returns the path of a Chromium binary, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Log("no Chromium found; .ci/run installs it where apt-get works")
	}
	t.Skip("the browser test needs Chromium (apt-get install chromium)")
	return ""
}

// dumpDOM loads url in headless Chromium, lets its scripts run and
// returns the document as the browser holds it then.
func dumpDOM(t *testing.T, url string) string {
	t.Helper()
	bin := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=5000", "--dump-dom", url)
	out, err := cmd.Output()
	require.NoError(t, err, "chromium --dump-dom %s", url)
	return string(out)
}

func TestTheBrowsablePageInABrowser(t *testing.T) {
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewStore(xssSnapshot(t))}))
	tests := []struct {
		name string
		give string
	}{
		{"the theme list", themesPath},
		{"the theme for the user", configPath},
	}
	for _, tt := range tests {
		t.Run(tt.name+" runs no injected markup and its OPTIONS control works", func(t *testing.T) {
			url := ts.URL + tt.give + "?format=api#options"
			dom := dumpDOM(t, url)
			// The page's own script ran under its Content-Security-Policy:
			// it fetched the OPTIONS response into the page.
			assert.Contains(t, dom, "OPTIONS "+tt.give, "%s: the OPTIONS result", url)
			assert.Contains(t, dom, `"renders": [`, "%s: the OPTIONS result", url)
			assert.Contains(t, dom, "HTTP 200", "%s: the OPTIONS result", url)
			// The hostile names are text: no element came from them.
			assert.Equal(t, 1, strings.Count(dom, "<script"), "%s: script elements", url)
			assert.NotContains(t, dom, "<img", "%s: img elements", url)
			if tt.give == themesPath {
				assert.Contains(t, dom, "&lt;script&gt;alert(1)&lt;/script&gt;", "%s: the theme name as text", url)
			}
		})
	}
}
