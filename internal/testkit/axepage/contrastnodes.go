package axepage

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// ContrastNode is what axe-core's color-contrast rule reports of one
// element: its id, the outcome ("pass", "fail" or "incomplete"), the
// foreground and background it measured (8-bit hex, after flattening),
// and the ratio it prints (truncated to two decimals).
type ContrastNode struct {
	ID     string  `json:"id"`
	Result string  `json:"result"`
	FG     string  `json:"fg"`
	BG     string  `json:"bg"`
	Ratio  float64 `json:"ratio"`
}

// ColorContrast loads the HTML document page, runs axe-core's
// color-contrast rule on it and returns a ContrastNode for every element
// the rule judged, in no particular order. The elements the rule judges
// must have ids.
func (b *Browser) ColorContrast(tb testing.TB, page string) []ContrastNode {
	tb.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	defer srv.Close()
	b.navigate(tb, srv.URL+"/")
	var loaded bool
	b.evaluate(tb, "(() => { "+b.axeJS+"\n; return typeof axe === 'object' })()", &loaded)
	if !loaded {
		tb.Fatal("axepage: axe-core did not load in the page")
	}
	var nodes []ContrastNode
	b.evaluate(tb, `axe.run(document, {runOnly: {type: "rule", values: ["color-contrast"]}}).then(r =>
  [["pass", r.passes], ["fail", r.violations], ["incomplete", r.incomplete]].flatMap(([result, rules]) =>
    rules.flatMap(rule => rule.nodes.map(n => ({id: n.target[0].replace(/^#/, ""), result,
      fg: n.any[0].data.fgColor, bg: n.any[0].data.bgColor, ratio: n.any[0].data.contrastRatio})))))`, &nodes)
	return nodes
}

// leonardoDir is the npm folder that pins Adobe Leonardo (.ci/npm-dirs
// lists it), below the module root.
var leonardoDir = filepath.Join("internal", "testkit", "axepage", "testdata", "leonardo")

// Leonardo runs Adobe Leonardo, pinned in internal/testkit/axepage/testdata/leonardo,
// through its script leonardo.mjs, and returns Leonardo's version and its
// hex colors for each key color (as #rrggbb) at each ratio against each
// background, indexed [background][key][ratio]: for each background one
// Leonardo Theme, and per key a Color whose only key color it is. It skips
// tb, saying what is missing, without node or the folder's node_modules.
func Leonardo(tb testing.TB, keys, backgrounds []string, ratios []float64) (string, [][][]string) {
	tb.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		tb.Skip("skipping the Leonardo comparison: no node in PATH (apt-get install nodejs npm; .ci/run installs npm)")
	}
	dir := filepath.Join(moduleRoot(), leonardoDir)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@adobe", "leonardo-contrast-colors")); err != nil {
		tb.Skipf("skipping the Leonardo comparison: %s has no node_modules (run npm ci there; .ci/run does it for every folder in .ci/npm-dirs)", leonardoDir)
	}
	in, err := json.Marshal(map[string]any{"brands": keys, "backgrounds": backgrounds, "ratios": ratios})
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(node, "leonardo.mjs")
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("node leonardo.mjs: %v: %s", err, stderr.String())
	}
	var got struct {
		Version string       `json:"version"`
		Colors  [][][]string `json:"colors"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		tb.Fatalf("leonardo.mjs's output: %v", err)
	}
	if len(got.Colors) != len(backgrounds) {
		tb.Fatalf("leonardo.mjs answered for %d backgrounds, not %d", len(got.Colors), len(backgrounds))
	}
	for _, perKey := range got.Colors {
		if len(perKey) != len(keys) {
			tb.Fatalf("leonardo.mjs answered for %d keys, not %d", len(perKey), len(keys))
		}
		for _, perRatio := range perKey {
			if len(perRatio) != len(ratios) {
				tb.Fatalf("leonardo.mjs answered %d ratios, not %d", len(perRatio), len(ratios))
			}
		}
	}
	return got.Version, got.Colors
}
