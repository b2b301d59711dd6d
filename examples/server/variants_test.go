package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// greyThemes is a themes.json whose second theme has a mid-grey page,
// which no fix moves and on which no text reaches 7:1.
const greyThemes = `{"themes": [
  {"id": 1, "name": "Plain", "colors": {}, "is_default": true},
  {"id": 2, "name": "Grey page", "colors": {"page-background": {"light": "hsl(0, 0%, 46%)"}}}]}`

// TestAVariantThatCannotReachAAAIsLoggedAndReported: the server logs one
// line per snapshot whose variants cannot all reach AAA, naming the
// theme and the rules, and serves the variants' audit in the JSON report
// and in a section of the page; a snapshot whose variants all reach AAA
// logs nothing.
func TestAVariantThatCannotReachAAAIsLoggedAndReported(t *testing.T) {
	dir := t.TempDir()
	writeData(t, dir, "", greyThemes)
	var logs syncBuffer
	ts, srv := start(t, config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	const line = "high-contrast variants cannot reach WCAG 2 AAA"
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), line) }, 10*time.Second, 10*time.Millisecond)
	snap := srv.store.Load()
	rep := engineOf(snap).HighContrastAudit(snap)
	require.Positive(t, rep.Failed)
	assert.Contains(t, logs.String(), "rules="+itoa(rep.Failed)+" themes=2:"+itoa(rep.Failed)+" ")
	f := rep.Failures()[0]
	assert.Contains(t, logs.String(), "theme 2 light: "+f.Component+" on "+f.Target.Value)

	_, body := get(t, ts.URL+"/theme/report.json", nil)
	var doc struct {
		Level        string `json:"level"`
		Failed       int    `json:"failed"`
		HighContrast struct {
			Level    string `json:"level"`
			Failed   int    `json:"failed"`
			Findings []struct {
				Theme int  `json:"theme"`
				Pass  bool `json:"pass"`
			} `json:"findings"`
		} `json:"high_contrast"`
	}
	require.NoError(t, json.Unmarshal(body, &doc))
	assert.Equal(t, "AA", doc.Level)
	assert.Equal(t, "AAA", doc.HighContrast.Level)
	assert.Equal(t, rep.Failed, doc.HighContrast.Failed)
	assert.Len(t, doc.HighContrast.Findings, 2*2*156, "2 themes, 2 schemes, 156 judged pairs of the default catalog's 105 rules")
	_, page := get(t, ts.URL+"/theme/report", nil)
	assert.Contains(t, string(page), `<section id="high-contrast">`)
	assert.Contains(t, string(page), "<tr><td>Grey page (id 2)</td><td class=\"num\">312</td><td class=\"num\">"+itoa(rep.Failed)+"</td></tr>")

	t.Run("each snapshot is logged once, and one that reaches AAA not at all", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		hup := make(chan os.Signal, 1)
		go srv.reloader.run(ctx, time.Hour, hup)
		writeData(t, dir, "Harbor", "") // the default themes: every variant reaches AAA
		hup <- os.Interrupt
		require.Eventually(t, func() bool { return strings.Count(logs.String(), "data reloaded") == 1 }, 10*time.Second, 10*time.Millisecond)
		writeData(t, dir, "", greyThemes)
		hup <- os.Interrupt
		require.Eventually(t, func() bool { return strings.Count(logs.String(), line) == 2 }, 10*time.Second, 10*time.Millisecond)
		time.Sleep(50 * time.Millisecond)
		assert.Equal(t, 2, strings.Count(logs.String(), line), "one line per snapshot that has failures:\n%s", logs.String())
	})
}

func itoa(n int) string { return strconv.Itoa(n) }
