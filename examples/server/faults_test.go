package main

import (
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// themesNamed is the default themes.json with theme 1 renamed to name.
func themesNamed(t *testing.T, name string) []byte {
	t.Helper()
	raw, err := fs.ReadFile(theming.DefaultFS(), theming.ThemesFile)
	require.NoError(t, err)
	out := strings.Replace(string(raw), `"name": "Harbor"`, `"name": "`+name+`"`, 1)
	require.Contains(t, out, name, "renaming theme 1")
	return []byte(out)
}

// A fault breaks the data directory in place. unblock, when set, readies
// the directory for the next good version (writeData renames files into
// place, which a directory in the way would stop); finish, when set,
// turns the fault into the next good version itself.
type fault struct {
	name    string
	inflict func(t *testing.T, dir string)
	hup     bool   // the fault changes no modification time or size: only a SIGHUP reload sees it
	wantLog string // in the problem logged
	// wantLogAsRoot, when set, is wantLog for a process running as root,
	// where the fault is inflicted another way.
	wantLogAsRoot string
	unblock       func(t *testing.T, dir string)
	finish        func(t *testing.T, dir string) // writes "Harbor Two" itself
}

// TestFaultsInTheDataDirectory breaks the -data directory in the ways a
// deployment or an editor can: a file truncated mid-write, deleted,
// replaced by garbage, unreadable. For each the server keeps serving the
// last good data, logs the problem once (a forced reload of the same
// broken files logs nothing new), and serves the next good version.
//
// Tests run as root in CI, where chmod 000 does not stop reads: there
// the unreadable file is a symbolic link to /proc/self/mem, whose first
// page is never mapped, so every read of it fails with an I/O error.
func TestFaultsInTheDataDirectory(t *testing.T) {
	themesPath := func(dir string) string { return filepath.Join(dir, theming.ThemesFile) }
	var midWrite *os.File // the writer of the mid-write case, between its two writes
	faults := []fault{
		{
			name: "a file truncated mid-write is served whole once the write ends",
			inflict: func(t *testing.T, dir string) {
				// The first half of the next version, put in place at
				// once (so that no empty file is seen first), and a
				// writer that has yet to append the second.
				v2 := themesNamed(t, "Harbor Two")
				tmp := filepath.Join(dir, ".half")
				require.NoError(t, os.WriteFile(tmp, v2[:len(v2)/2], 0o644))
				require.NoError(t, os.Rename(tmp, themesPath(dir)))
				f, err := os.OpenFile(themesPath(dir), os.O_WRONLY|os.O_APPEND, 0)
				require.NoError(t, err)
				midWrite = f
			},
			wantLog: "unexpected end of JSON input",
			finish: func(t *testing.T, dir string) {
				v2 := themesNamed(t, "Harbor Two")
				_, err := midWrite.Write(v2[len(v2)/2:])
				require.NoError(t, err)
				require.NoError(t, midWrite.Close())
			},
		},
		{
			name:    "a deleted file",
			inflict: func(t *testing.T, dir string) { require.NoError(t, os.Remove(filepath.Join(dir, theming.CatalogFile))) },
			wantLog: "open catalog.json: no such file or directory",
		},
		{
			name:    "a file replaced by binary garbage",
			inflict: func(t *testing.T, dir string) { writeFile(t, themesPath(dir), []byte("\x00\xff\xfe\x89PNG garbage")) },
			wantLog: "themes.json:1:2: invalid UTF-8 at byte offset 1",
		},
		{
			name:    "a file replaced by text that is not JSON",
			inflict: func(t *testing.T, dir string) { writeFile(t, themesPath(dir), []byte("<html>502 Bad Gateway</html>")) },
			wantLog: "themes.json:1:1: invalid character '<' looking for beginning of value",
		},
		{
			name: "an unreadable file (mode 000; as root, a link to /proc/self/mem)",
			inflict: func(t *testing.T, dir string) {
				if os.Geteuid() != 0 {
					require.NoError(t, os.Chmod(themesPath(dir), 0))
					return
				}
				require.NoError(t, os.Remove(themesPath(dir)))
				require.NoError(t, os.Symlink("/proc/self/mem", themesPath(dir)))
				_, err := os.ReadFile(themesPath(dir))
				require.Error(t, err, "premise: reading /proc/self/mem fails")
			},
			hup:           true,
			wantLog:       "open themes.json: permission denied",
			wantLogAsRoot: "themes.json: input/output error",
			unblock: func(t *testing.T, dir string) {
				if os.Geteuid() != 0 {
					require.NoError(t, os.Chmod(themesPath(dir), 0o644))
				}
			},
		},
		{
			name: "a directory where the file should be",
			inflict: func(t *testing.T, dir string) {
				require.NoError(t, os.Remove(themesPath(dir)))
				require.NoError(t, os.Mkdir(themesPath(dir), 0o755))
			},
			wantLog: "themes.json: is a directory",
			unblock: func(t *testing.T, dir string) { require.NoError(t, os.Remove(themesPath(dir))) },
		},
		{
			name: "a dangling symbolic link where the file should be",
			inflict: func(t *testing.T, dir string) {
				require.NoError(t, os.Remove(themesPath(dir)))
				require.NoError(t, os.Symlink(filepath.Join(dir, "released", "themes.json"), themesPath(dir)))
			},
			wantLog: "open themes.json: no such file or directory",
		},
	}
	for _, f := range faults {
		if f.wantLogAsRoot != "" && os.Geteuid() == 0 {
			f.wantLog = f.wantLogAsRoot
		}
		t.Run(f.name, func(t *testing.T) {
			dir := t.TempDir()
			writeData(t, dir, "Harbor One", "")
			var logs syncBuffer
			ts, srv := start(t, config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			require.NotNil(t, srv.reloader, "the server watches -data")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			hup := make(chan os.Signal, 1)
			done := make(chan struct{})
			go func() { defer close(done); srv.reloader.run(ctx, 5*time.Millisecond, hup) }()
			defer func() { cancel(); <-done }()
			requireServes(t, ts.URL, "Harbor One", "the first version")

			f.inflict(t, dir)
			if f.hup {
				hup <- syscall.SIGHUP
			}
			require.Eventually(t, func() bool { return strings.Contains(logs.String(), f.wantLog) },
				5*time.Second, 5*time.Millisecond, "the fault is logged with %q; the log:\n%s", f.wantLog, logs.String())
			requireServes(t, ts.URL, "Harbor One", "the last good version, during the fault")

			// A forced reload of the same broken files logs no problem
			// anew. (A fault made in two steps, such as a file removed
			// and a directory made in its place, may show its first step
			// to a poll: that is another problem, logged once too.)
			hup <- syscall.SIGHUP
			require.Eventually(t, func() bool { return strings.Contains(logs.String(), "its problems are logged above") },
				5*time.Second, 5*time.Millisecond, "the forced reload is done; the log:\n%s", logs.String())
			assert.Equal(t, 1, strings.Count(logs.String(), f.wantLog), "the problem is logged once; the log:\n%s", logs.String())
			assertEachProblemOnce(t, logs.String())
			requireServes(t, ts.URL, "Harbor One", "the last good version, after the forced reload")

			switch {
			case f.finish != nil:
				f.finish(t, dir)
			default:
				if f.unblock != nil {
					f.unblock(t, dir)
				}
				writeData(t, dir, "Harbor Two", "")
			}
			require.Eventually(t, func() bool { return served(t, ts.URL) == "Harbor Two" },
				5*time.Second, 5*time.Millisecond, "the next good version is served; the log:\n%s", logs.String())
			// The new snapshot is swapped in before its reload is logged,
			// so the log line may trail the first response that shows it.
			require.Eventually(t, func() bool { return strings.Contains(logs.String(), "data reloaded") },
				5*time.Second, 5*time.Millisecond, "the reload is logged; the log:\n%s", logs.String())
		})
	}
}

// assertEachProblemOnce checks that no problem line is logged twice.
func assertEachProblemOnce(t *testing.T, log string) {
	t.Helper()
	seen := map[string]bool{}
	for _, line := range strings.Split(log, "\n") {
		_, p, ok := strings.Cut(line, " problem=")
		if !ok {
			continue
		}
		assert.False(t, seen[p], "problem %s logged twice; the log:\n%s", p, log)
		seen[p] = true
	}
}

// writeFile replaces a file's contents in place, as a careless deploy
// does.
func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, data, 0o644))
}

// served returns the name of the theme the server serves by default.
func served(t *testing.T, url string) string {
	t.Helper()
	resp, body := get(t, url+"/api/v2/theme/config/", nil)
	if resp.StatusCode != http.StatusOK {
		return "status " + resp.Status
	}
	var th struct {
		Name string `json:"name"`
	}
	require.NoError(t, json.Unmarshal(body, &th), "GET /api/v2/theme/config/: %s", body)
	return th.Name
}

// requireServes checks that every endpoint answers 200 from the version
// whose theme 1 is called name.
func requireServes(t *testing.T, url, name, what string) {
	t.Helper()
	require.Equal(t, name, served(t, url), "the theme for the user: %s", what)
	for _, path := range []string{"/api/v2/theme/component-defs/", "/api/v2/theme/", "/theme.css"} {
		resp, body := get(t, url+path, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s: %s", path, what)
		if path != "/api/v2/theme/component-defs/" {
			require.Contains(t, string(body), name, "GET %s: %s", path, what)
		}
	}
}

// TestReplacementsWithTheSameSizeAndTimeAreReloaded replaces themes.json
// by a different version of the same size and modification time, as
// deployments that normalize file times do (reproducible archives, Nix
// store paths, all at one fixed time): the poller must still see a new
// file.
func TestReplacementsWithTheSameSizeAndTimeAreReloaded(t *testing.T) {
	fixed := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	// release writes version name of themes.json under dir/releases, at
	// the fixed time, and returns its path.
	release := func(t *testing.T, dir, name string) string {
		t.Helper()
		path := filepath.Join(dir, "releases", name+".json")
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, themesNamed(t, name), 0o644))
		require.NoError(t, os.Chtimes(path, fixed, fixed))
		return path
	}
	tests := []struct {
		name    string
		install func(t *testing.T, dir, name string) // puts version name in place
	}{
		{"a file renamed into place", func(t *testing.T, dir, name string) {
			require.NoError(t, os.Rename(release(t, dir, name), filepath.Join(dir, theming.ThemesFile)))
		}},
		{"a symbolic link switched to another release", func(t *testing.T, dir, name string) {
			link := filepath.Join(dir, ".link")
			require.NoError(t, os.Symlink(release(t, dir, name), link))
			require.NoError(t, os.Rename(link, filepath.Join(dir, theming.ThemesFile)))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Len(t, themesNamed(t, "Harbor Two"), len(themesNamed(t, "Harbor One")), "the two versions have the same size")
			dir := t.TempDir()
			writeData(t, dir, "", string(themesNamed(t, "Harbor One")))
			tt.install(t, dir, "Harbor One")
			var logs syncBuffer
			ts, srv := start(t, config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { defer close(done); srv.reloader.run(ctx, 5*time.Millisecond, nil) }()
			defer func() { cancel(); <-done }()
			requireServes(t, ts.URL, "Harbor One", "the first version")

			tt.install(t, dir, "Harbor Two")
			require.Eventually(t, func() bool { return served(t, ts.URL) == "Harbor Two" },
				5*time.Second, 5*time.Millisecond, "the replacement is served; the log:\n%s", logs.String())
		})
	}
}
