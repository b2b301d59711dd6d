package frontend_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// genBin returns the path of a program that npm ci installed in
// generators/node_modules/.bin, or skips the test when it (or node) is
// missing.
func genBin(t testing.TB, name string) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("skipping: no node in PATH (apt-get install nodejs npm; .ci/run installs npm)")
	}
	p, err := filepath.Abs(filepath.Join("generators", "node_modules", ".bin", name))
	require.NoError(t, err)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("skipping: examples/frontend/generators/node_modules/.bin/%s is missing: run npm ci in examples/frontend/generators (.ci/run does, for every folder in .ci/npm-dirs)", name)
	}
	return p
}

// runIn runs a program in dir and returns its combined output and
// whether it succeeded.
func runIn(t testing.TB, dir, name string, args ...string) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "FORCE_COLOR=0", "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true")
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

// servedDocument writes the OpenAPI document of the example server, run
// with flags, to dir/name.
func servedDocument(t testing.TB, dir, name string, flags ...string) string {
	t.Helper()
	doc := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(doc, get(t, exampleServer(t, flags...)+"/api/v2/schema/", nil), 0o644))
	return doc
}

// Each linter runs once on both documents (each run starts node and loads
// its rules, which is most of its time), and says of each file what it
// found.
func TestTheServedDocumentLintsCleanInRedoclyAndSpectral(t *testing.T) {
	redocly := genBin(t, "redocly")
	spectral := genBin(t, "spectral")
	config, err := filepath.Abs(filepath.Join("..", "..", "httpadapter"))
	require.NoError(t, err)

	dir := t.TempDir()
	docs := []string{
		// the example server's document
		servedDocument(t, dir, "default.json"),
		// the document with CORS on (its headers and preflights)
		servedDocument(t, dir, "cors.json", "-cors-origin", "https://app.example.com"),
	}
	t.Run("neither document has a problem under Redocly's recommended rules", func(t *testing.T) {
		out, ok := runIn(t, ".", redocly, append([]string{"lint", "--config", filepath.Join(config, "redocly.yaml"), "--format", "stylish"}, docs...)...)
		require.True(t, ok, "redocly lint failed:\n%s", out)
		assert.Contains(t, out, "Your API descriptions are valid", out)
		for _, doc := range docs {
			assert.Regexp(t, regexp.MustCompile(regexp.QuoteMeta(filepath.Base(doc))+`: validated in`), out, "%s was linted", doc)
		}
		assert.NotRegexp(t, regexp.MustCompile(`(?m)^\s*\d+:\d+\s+(error|warning)\b`), out, "0 errors and 0 warnings")
	})
	t.Run("neither document has a problem under Spectral's spectral:oas rules", func(t *testing.T) {
		out, ok := runIn(t, ".", spectral, append([]string{"lint", "--ruleset", filepath.Join(config, ".spectral.yaml"), "--fail-severity", "hint"}, docs...)...)
		require.True(t, ok, "spectral lint failed:\n%s", out)
		assert.Contains(t, out, "No results with a severity of 'hint' or higher found!", out)
	})
}

// tsconfig is the compiler settings every generated client is checked
// with: strict, and no index access assumed to hit. Declaration files are
// checked too, but for TypeScript's own lib.*.d.ts (skipDefaultLibCheck),
// which are TypeScript's, the same in every run, and two thirds of tsc's
// time.
const tsconfig = `{
  "compilerOptions": {
    "target": "ES2020", "module": "ESNext", "moduleResolution": "Bundler",
    "lib": ["ES2020", "DOM", "DOM.Iterable"],
    "strict": true, "noUncheckedIndexedAccess": true, "noEmit": true, "skipLibCheck": false, "skipDefaultLibCheck": true
  },
  "include": ["*.ts", "hey", "orval"]
}
`

// Code a front end writes against each generated client: the theme, the
// resolved colors by CSS variable, and a theme's overrides by component
// id. Names are the embedded catalog's.
var clientUses = map[string]string{
	"use_hey.ts": `import { getThemeColors, getThemeConfig } from "./hey/sdk.gen";
import type { ColorOverrides, ResolvedColors } from "./hey/types.gen";
export const overrides: ColorOverrides = { "page-background": { light: "hsl(0, 0%, 100%)" } };
export function background(c: ResolvedColors): string { return c.light["--page-background"].hex; }
export async function darkBackground(): Promise<string> {
  const theme = await getThemeConfig();
  const colors = await getThemeColors();
  return (theme.data?.name ?? "") + (colors.data?.dark["--page-background"].hsl ?? "");
}
`,
	"use_orval.ts": `import { getThemeColors, type ColorOverrides, type ResolvedColors } from "./orval/api";
export const overrides: ColorOverrides = { "page-background": { light: "hsl(0, 0%, 100%)" } };
export function background(c: ResolvedColors): string { return c.light["--page-background"].hex; }
export async function darkBackground(): Promise<string> {
  const r = await getThemeColors();
  // orval types the 200 as JSON or the browsable page's HTML string.
  return r.status === 200 && typeof r.data !== "string" ? r.data.dark["--page-background"].hsl : "";
}
`,
}

// generateHey generates the @hey-api/openapi-ts client of the served
// document doc into dir/hey.
func generateHey(t testing.TB, dir, doc string) {
	t.Helper()
	out, ok := runIn(t, dir, genBin(t, "openapi-ts"), "-i", doc, "-o", filepath.Join(dir, "hey"))
	require.True(t, ok, "@hey-api/openapi-ts:\n%s", out)
}

// generateOrval generates the orval client of doc into dir/orval.
func generateOrval(t testing.TB, dir, doc string) {
	t.Helper()
	config := filepath.Join(dir, "orval.config.cjs")
	require.NoError(t, os.WriteFile(config, []byte(`module.exports = { theming: { input: `+quoteJS(doc)+`, output: { target: `+quoteJS(filepath.Join(dir, "orval", "api.ts"))+`, client: "fetch", mode: "single" } } };`+"\n"), 0o644))
	out, ok := runIn(t, dir, genBin(t, "orval"), "--config", config)
	require.True(t, ok, "orval:\n%s", out)
}

func quoteJS(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// The clients generated once for the tests that use them, each when it
// is first needed (the cross-origin test needs only hey-api's); removed
// by TestMain.
var (
	clientsDirOnce sync.Once
	clientsDir     string
	clientsDoc     string
	clientsErr     error
	heyOnce        sync.Once
	heyOK          bool
	orvalOnce      sync.Once
	orvalOK        bool
)

// clientsFolder returns the folder the clients are generated in, with the
// served document and the tsconfigs, making it on first use.
func clientsFolder(t *testing.T) string {
	t.Helper()
	clientsDirOnce.Do(func() {
		if clientsDir, clientsErr = os.MkdirTemp("", "themekit-clients-"); clientsErr != nil {
			return
		}
		clientsDoc = servedDocument(t, clientsDir, "openapi.json")
		clientsErr = os.WriteFile(filepath.Join(clientsDir, "tsconfig.json"), []byte(tsconfig), 0o644)
		if clientsErr == nil {
			// The typo test compiles the typo files and what they import
			// only: the clients are checked whole by the test above.
			typo := strings.Replace(tsconfig, `"include": ["*.ts", "hey", "orval"]`, `"include": ["typo*.ts"]`, 1)
			clientsErr = os.WriteFile(filepath.Join(clientsDir, "tsconfig.typo.json"), []byte(typo), 0o644)
		}
	})
	require.NoError(t, clientsErr)
	require.NotEmpty(t, clientsDoc, "fetching the served document failed in an earlier test")
	return clientsDir
}

// heyClient returns clientsFolder with the hey-api client generated in
// dir/hey.
func heyClient(t *testing.T) string {
	t.Helper()
	genBin(t, "openapi-ts")
	dir := clientsFolder(t)
	heyOnce.Do(func() {
		generateHey(t, dir, clientsDoc)
		heyOK = true
	})
	require.True(t, heyOK, "generating the hey-api client failed in an earlier test")
	return dir
}

// sharedClients returns clientsFolder with both generated clients,
// generating them on first use. Each test writes its own .ts files there
// and runs tsc on the folder, so they do not run in parallel.
func sharedClients(t *testing.T) string {
	t.Helper()
	genBin(t, "orval")
	dir := heyClient(t)
	orvalOnce.Do(func() {
		generateOrval(t, dir, clientsDoc)
		orvalOK = true
	})
	require.True(t, orvalOK, "generating the orval client failed in an earlier test")
	return dir
}

// writeOnly leaves exactly the given .ts files beside the generated
// clients.
func writeOnly(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	old, err := filepath.Glob(filepath.Join(dir, "*.ts"))
	require.NoError(t, err)
	for _, f := range old {
		require.NoError(t, os.Remove(f))
	}
	for name, src := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
}

func TestGeneratedClientsCompileUnderStrictTypeScript(t *testing.T) {
	tsc := genBin(t, "tsc")
	dir := sharedClients(t)
	writeOnly(t, dir, clientUses)
	out, ok := runIn(t, dir, tsc, "-p", ".")
	assert.True(t, ok, "tsc --strict with noUncheckedIndexedAccess on both clients:\n%s", out)
}

// The typos are compiled in one tsc run (each run takes seconds to load
// the compiler and the DOM's types), one file each: each must be an error
// in its own file, naming the misspelt name.
func TestATypoInACatalogIDFailsToCompile(t *testing.T) {
	tsc := genBin(t, "tsc")
	dir := sharedClients(t)
	tests := []struct {
		name, file, src, want string
	}{
		{"a misspelt component id in a theme's overrides (hey-api)", "typo_hey_overrides.ts",
			`import type { ColorOverrides } from "./hey/types.gen";
export const o: ColorOverrides = { "nav-bgg": { light: "hsl(0, 0%, 0%)" } };
`, `nav-bgg`},
		{"a misspelt CSS variable in the resolved colors (hey-api)", "typo_hey_colors.ts",
			`import type { ResolvedColors } from "./hey/types.gen";
export const f = (c: ResolvedColors): string => c.light["--nav-barr"].hex;
`, `--nav-barr`},
		{"a misspelt component id in a theme's overrides (orval)", "typo_orval_overrides.ts",
			`import type { ColorOverrides } from "./orval/api";
export const o: ColorOverrides = { "nav-bgg": { light: "hsl(0, 0%, 0%)" } };
`, `nav-bgg`},
	}
	files := map[string]string{}
	for _, tt := range tests {
		files[tt.file] = tt.src
	}
	writeOnly(t, dir, files)
	out, ok := runIn(t, dir, tsc, "-p", "tsconfig.typo.json")
	require.False(t, ok, "tsc accepted the typos:\n%s", out)
	// tsc writes each error as "file(line,col): error TSnnnn: message",
	// its message's further lines indented below it.
	errorsIn := map[string]string{}
	var last string
	for _, line := range strings.Split(out, "\n") {
		if m := regexp.MustCompile(`^(typo\w*\.ts)\(\d+,\d+\): error `).FindStringSubmatch(line); m != nil {
			last = m[1]
		} else if !strings.HasPrefix(line, " ") {
			last = ""
		}
		if last != "" {
			errorsIn[last] += line + "\n"
		}
	}
	for _, tt := range tests {
		t.Run(tt.name+" is a compile error", func(t *testing.T) {
			got, ok := errorsIn[tt.file]
			require.True(t, ok, "tsc accepted the typo in %s:\n%s\ntsc said:\n%s", tt.file, tt.src, out)
			assert.Contains(t, got, tt.want, "the error in %s names the typo", tt.file)
		})
	}
	assert.Len(t, errorsIn, len(tests), "errors only in the typo files:\n%s", out)
}
