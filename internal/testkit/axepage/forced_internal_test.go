package axepage

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestForcedPaletteIsChromiums checks theming's record of Chromium's
// forced-colors palette (theming/fix/testdata/forced-colors-chromium.json,
// which theming/fix's role test judges the rules in) against the running
// Chromium: every system color, in the light and the dark palette.
func TestForcedPaletteIsChromiums(t *testing.T) {
	b := Launch(t)
	raw, err := os.ReadFile(filepath.Join(moduleRoot(), "theming", "fix", "testdata", "forced-colors-chromium.json"))
	require.NoError(t, err)
	var rec map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &rec))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!DOCTYPE html><html lang="en"><head><title>palette</title></head><body><p id="x" style="forced-color-adjust: none">x</p></body></html>`))
	}))
	defer srv.Close()
	for _, scheme := range []string{"light", "dark"} {
		var want map[string]string
		require.NoError(t, json.Unmarshal(rec[scheme], &want))
		b.emulate(t, mediaFeature{"prefers-color-scheme", scheme}, mediaFeature{"prefers-contrast", "no-preference"}, mediaFeature{"forced-colors", "active"})
		b.navigate(t, srv.URL)
		names, _ := json.Marshal(keys(want))
		var got map[string]string
		b.evaluate(t, `(() => {
  if (!matchMedia('(forced-colors: active)').matches) return {};
  const el = document.getElementById('x'), out = {};
  for (const name of `+string(names)+`) { el.style.color = name; out[name] = getComputedStyle(el).color; }
  return out;
})()`, &got)
		assert.Equal(t, want, got, "the %s palette", scheme)
	}
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
