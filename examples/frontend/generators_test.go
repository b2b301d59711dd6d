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
// with flags, to dir.
func servedDocument(t testing.TB, dir string, flags ...string) string {
	t.Helper()
	doc := filepath.Join(dir, "openapi.json")
	require.NoError(t, os.WriteFile(doc, get(t, exampleServer(t, flags...)+"/api/v2/schema/", nil), 0o644))
	return doc
}

func TestTheServedDocumentLintsCleanInRedoclyAndSpectral(t *testing.T) {
	redocly := genBin(t, "redocly")
	spectral := genBin(t, "spectral")
	config, err := filepath.Abs(filepath.Join("..", "..", "httpadapter"))
	require.NoError(t, err)

	for _, tt := range []struct {
		name  string
		flags []string
	}{
		{"the example server's document", nil},
		{"the document with CORS on (its headers and preflights)", []string{"-cors-origin", "https://app.example.com"}},
	} {
		doc := servedDocument(t, t.TempDir(), tt.flags...)
		t.Run(tt.name+" has no problem under Redocly's recommended rules", func(t *testing.T) {
			out, ok := runIn(t, ".", redocly, "lint", "--config", filepath.Join(config, "redocly.yaml"), "--format", "stylish", doc)
			require.True(t, ok, "redocly lint failed:\n%s", out)
			assert.Contains(t, out, "Your API description is valid", out)
			assert.NotRegexp(t, regexp.MustCompile(`(?m)^\s*\d+:\d+\s+(error|warning)\b`), out, "0 errors and 0 warnings")
		})
		t.Run(tt.name+" has no problem under Spectral's spectral:oas rules", func(t *testing.T) {
			out, ok := runIn(t, ".", spectral, "lint", "--ruleset", filepath.Join(config, ".spectral.yaml"), "--fail-severity", "hint", doc)
			require.True(t, ok, "spectral lint failed:\n%s", out)
			assert.Contains(t, out, "No results with a severity of 'hint' or higher found!", out)
		})
	}
}

// tsconfig is the compiler settings every generated client is checked
// with: strict, and no index access assumed to hit.
const tsconfig = `{
  "compilerOptions": {
    "target": "ES2020", "module": "ESNext", "moduleResolution": "Bundler",
    "lib": ["ES2020", "DOM", "DOM.Iterable"],
    "strict": true, "noUncheckedIndexedAccess": true, "noEmit": true, "skipLibCheck": false
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

// generateClients generates the @hey-api/openapi-ts and orval clients of
// the served document into dir/hey and dir/orval.
func generateClients(t testing.TB, dir string) {
	t.Helper()
	heyapi := genBin(t, "openapi-ts")
	orval := genBin(t, "orval")
	doc := servedDocument(t, dir)
	out, ok := runIn(t, dir, heyapi, "-i", doc, "-o", filepath.Join(dir, "hey"))
	require.True(t, ok, "@hey-api/openapi-ts:\n%s", out)
	config := filepath.Join(dir, "orval.config.cjs")
	require.NoError(t, os.WriteFile(config, []byte(`module.exports = { theming: { input: `+quoteJS(doc)+`, output: { target: `+quoteJS(filepath.Join(dir, "orval", "api.ts"))+`, client: "fetch", mode: "single" } } };`+"\n"), 0o644))
	out, ok = runIn(t, dir, orval, "--config", config)
	require.True(t, ok, "orval:\n%s", out)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tsconfig.json"), []byte(tsconfig), 0o644))
	// The typo test compiles typo.ts and what it imports only: the
	// clients are checked whole by the test above.
	typo := strings.Replace(tsconfig, `"include": ["*.ts", "hey", "orval"]`, `"include": ["typo.ts"]`, 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tsconfig.typo.json"), []byte(typo), 0o644))
}

func quoteJS(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// The clients generated once for the tests that compile them; removed by
// TestMain.
var (
	clientsOnce sync.Once
	clientsDir  string
	clientsOK   bool
)

// sharedClients returns a folder with both generated clients and the
// tsconfig, generating them on first use. Each test writes its own .ts
// files there and runs tsc on the folder, so they do not run in
// parallel.
func sharedClients(t *testing.T) string {
	t.Helper()
	genBin(t, "openapi-ts")
	genBin(t, "orval")
	clientsOnce.Do(func() {
		dir, err := os.MkdirTemp("", "themekit-clients-")
		require.NoError(t, err)
		clientsDir = dir
		generateClients(t, dir)
		clientsOK = true
	})
	require.True(t, clientsOK, "generating the clients failed in an earlier test")
	return clientsDir
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

func TestATypoInACatalogIDFailsToCompile(t *testing.T) {
	tsc := genBin(t, "tsc")
	dir := sharedClients(t)
	tests := []struct {
		name, src, want string
	}{
		{"a misspelt component id in a theme's overrides (hey-api)",
			`import type { ColorOverrides } from "./hey/types.gen";
export const o: ColorOverrides = { "nav-bgg": { light: "hsl(0, 0%, 0%)" } };
`, `nav-bgg`},
		{"a misspelt CSS variable in the resolved colors (hey-api)",
			`import type { ResolvedColors } from "./hey/types.gen";
export const f = (c: ResolvedColors): string => c.light["--nav-barr"].hex;
`, `--nav-barr`},
		{"a misspelt component id in a theme's overrides (orval)",
			`import type { ColorOverrides } from "./orval/api";
export const o: ColorOverrides = { "nav-bgg": { light: "hsl(0, 0%, 0%)" } };
`, `nav-bgg`},
	}
	for _, tt := range tests {
		t.Run(tt.name+" is a compile error", func(t *testing.T) {
			writeOnly(t, dir, map[string]string{"typo.ts": tt.src})
			out, ok := runIn(t, dir, tsc, "-p", "tsconfig.typo.json")
			require.False(t, ok, "tsc accepted the typo:\n%s", tt.src)
			assert.Contains(t, out, "typo.ts", "the error is in the typo's file:\n%s", out)
			assert.Contains(t, out, tt.want, out)
		})
	}
}
