package httpadapter_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// A small catalog and its themes, so that the store can be reloaded
// hundreds of times in a few seconds under the race detector (the
// default data takes about 25 ms a load there). Theme 2 is alice's.
const (
	reloadCatalog = `{"page_background": "page", "palette_preview": ["page", "accent"], "components": [
  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"},
   "variables": [{"css_variable": "--page"}, {"css_variable": "--page-alt", "lightness_offset": -3}]},
  {"component_id": "text", "name": "Text", "fallback": {"light": "hsl(0, 0%, 10%)", "dark": "hsl(0, 0%, 95%)"},
   "variables": [{"css_variable": "--text"}],
   "contrast_against": [{"type": "component", "value": "page", "contrast_type": "text"}]},
  {"component_id": "accent", "name": "Accent", "fallback": {"light": "hsl(210, 50%, 40%)", "dark": "hsl(210, 50%, 70%)"},
   "variables": [{"css_variable": "--accent"}, {"css_variable": "--accent-soft", "lightness": 90, "opacity": 0.5}]},
  {"component_id": "button", "name": "Button", "fallback": {"light": "accent", "dark": "accent"},
   "variables": [{"css_variable": "--button"}]}]}`
	reloadThemes = `{"themes": [
  {"id": 1, "name": "Harbor", "colors": {"accent": {"light": "hsl(120, 40%, 30%)"}},
   "favicon": "themes/1/favicon.svg", "logo": "themes/1/logo.svg", "logo_inverse": null,
   "compact_logo": null, "compact_logo_inverse": null, "logo_site": {"thumbnail": "themes/1/t.svg", "original": "themes/1/o.svg"},
   "light_mode_logo_type": "DEFAULT", "dark_mode_logo_type": "INVERSE", "logo_alignment": "left",
   "logo_height": 40, "logo_margin_left": 0, "logo_margin_top": 8,
   "compact_light_mode_logo_type": "DEFAULT", "compact_dark_mode_logo_type": "INVERSE", "compact_logo_size": 32,
   "default_group_banner": null, "default_event_banner": null, "default_user_profile_banner": null,
   "is_default": true},
  {"id": 2, "name": "Ember", "colors": {"button": {"light": "hsl(20, 80%, 45%)", "dark": "text"}},
   "favicon": null, "logo": null, "logo_inverse": null, "compact_logo": null, "compact_logo_inverse": null,
   "logo_site": null,
   "light_mode_logo_type": "DEFAULT", "dark_mode_logo_type": "DEFAULT", "logo_alignment": "center",
   "logo_height": 0, "logo_margin_left": 0, "logo_margin_top": 0,
   "compact_light_mode_logo_type": "DEFAULT", "compact_dark_mode_logo_type": "DEFAULT", "compact_logo_size": 0,
   "default_group_banner": null, "default_event_banner": null, "default_user_profile_banner": null,
   "is_default": false}]}`
)

// reloadData is one version of the data directory: reloadCatalog and
// reloadThemes changed by string replacements (old, new, old, new, ...).
func reloadData(t *testing.T, catalogEdits, themesEdits []string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for file, base := range map[string]string{theming.CatalogFile: reloadCatalog, theming.ThemesFile: reloadThemes} {
		edits := catalogEdits
		if file == theming.ThemesFile {
			edits = themesEdits
		}
		for i := 0; i < len(edits); i += 2 {
			require.Contains(t, base, edits[i], "editing %s", file)
			base = strings.ReplaceAll(base, edits[i], edits[i+1])
		}
		fsys[file] = &fstest.MapFile{Data: []byte(base)}
	}
	return fsys
}

// reloadVersion is what one valid version serves on each endpoint.
type reloadVersion struct {
	name   string
	bodies map[string]string // request key -> the whole body
}

// reloadRequest is a request the readers send.
type reloadRequest struct{ key, path, user string }

// reloadRequests are the requests the readers send: each endpoint, the
// theme for the user both as the default user and as one with a
// preference, and the sheet.
func reloadRequests() []reloadRequest {
	return []reloadRequest{
		{"catalog", defsPath, ""},
		{"themes", themesPath, ""},
		{"config", configPath, ""},
		{"config as alice", configPath, "alice"},
		{"stylesheet", "/theme.css", ""},
		{"stylesheet as alice", "/theme.css", "alice"},
	}
}

// expected derives what a version serves from theming's own encodings,
// not from the adapter.
func expected(t *testing.T, name string, fsys fs.FS) reloadVersion {
	t.Helper()
	s, err := theming.LoadFS(fsys)
	require.NoError(t, err, "loading version %s", name)
	themes, err := s.ThemesJSON("")
	require.NoError(t, err, "encoding the themes of version %s", name)
	one := func(id int) (string, string) {
		b, err := s.ThemeJSON(id, "")
		require.NoError(t, err, "encoding theme %d of version %s", id, name)
		th, ok := s.Theme(id)
		require.True(t, ok, "theme %d of version %s", id, name)
		return string(b), sheetOf(s, th)
	}
	def, defSheet := one(1)
	alice, aliceSheet := one(2)
	return reloadVersion{name: name, bodies: map[string]string{
		"catalog": string(s.ComponentDefsJSON()), "themes": string(themes),
		"config": def, "config as alice": alice,
		"stylesheet": defSheet, "stylesheet as alice": aliceSheet,
	}}
}

// TestReloadUnderLoad reloads a Store hundreds of times, alternating two
// valid versions with invalid data, while readers fetch every endpoint
// over real connections. Every response must be a whole 200 (or a 304 to
// a conditional request) of exactly one valid version: a body equal to
// that version's, a Content-Length equal to its length and an ETag that
// is its hash as the package documents it (the first 16 bytes of its
// SHA-256, hex, quoted). Every valid reload must succeed and every
// invalid one return its error, leaving the current snapshot in place.
func TestReloadUnderLoad(t *testing.T) {
	const (
		reloads = 300
		readers = 8
	)
	validA := reloadData(t, nil, nil)
	validB := reloadData(t,
		[]string{`"name": "Page"`, `"name": "Page B"`, `"light": "hsl(0, 0%, 100%)"`, `"light": "hsl(0, 0%, 98%)"`},
		[]string{`"name": "Harbor"`, `"name": "Harbor B"`, `"name": "Ember"`, `"name": "Ember B"`})
	versions := []reloadVersion{expected(t, "A", validA), expected(t, "B", validB)}
	requests := reloadRequests()
	for _, rq := range requests {
		require.NotEqual(t, versions[0].bodies[rq.key], versions[1].bodies[rq.key], "versions A and B serve %s alike", rq.key)
	}

	// Invalid versions, each carrying a marker that would show if any of
	// it were ever served.
	const marker = "INVALID-VERSION"
	missingThemes := reloadData(t, nil, nil)
	delete(missingThemes, theming.ThemesFile)
	truncated := reloadData(t, []string{`"name": "Page"`, `"name": "` + marker + `"`}, nil)
	truncated[theming.CatalogFile].Data = truncated[theming.CatalogFile].Data[:len(truncated[theming.CatalogFile].Data)/2]
	invalids := []struct {
		name string
		fsys fs.FS
		want func(error) bool
	}{
		{"an override of a missing component", reloadData(t, nil,
			[]string{`"name": "Harbor"`, `"name": "` + marker + `"`, `"accent": {"light"`, `"accent-x": {"light"`}), isValidation},
		{"a catalog truncated mid-file", truncated, isValidation},
		{"a missing themes.json", missingThemes, func(err error) bool { return errors.Is(err, fs.ErrNotExist) }},
		{"a fallback cycle", reloadData(t,
			[]string{`"name": "Page"`, `"name": "` + marker + `"`, `"light": "hsl(210, 50%, 40%)"`, `"light": "button"`}, nil),
			isValidation},
	}
	for _, iv := range invalids {
		_, err := theming.LoadFS(iv.fsys)
		require.True(t, iv.want(err), "loading %s: %v", iv.name, err)
	}

	snapA, err := theming.LoadFS(validA)
	require.NoError(t, err)
	store := theming.NewCurrent(snapA)
	// The source is adversarial: the second time one request reads it,
	// it waits (up to 20 ms) for the next reload and answers with that
	// snapshot, so that a handler taking its headers and its body from
	// two reads of the source would serve a torn response here.
	opts := httpadapter.Options{
		Source: sourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
			first, _ := ctx.Value(firstReadKey{}).(*atomic.Pointer[theming.Snapshot])
			s := store.Load()
			if first == nil || first.CompareAndSwap(nil, s) {
				return s, nil
			}
			prev := first.Load()
			for deadline := time.Now().Add(20 * time.Millisecond); s == prev && time.Now().Before(deadline); s = store.Load() {
				time.Sleep(50 * time.Microsecond)
			}
			return s, nil
		}),
		PreferredTheme: func(r *http.Request) (int, error) {
			if r.Header.Get("X-Demo-User") == "alice" {
				return 2, nil
			}
			return 0, nil
		},
		UserVary: []string{"X-Demo-User"},
	}
	api := httpadapter.New(opts)
	sheet := api.Stylesheet()
	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", api)
	mux.Handle("/theme.css", sheet)
	ts := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), firstReadKey{}, new(atomic.Pointer[theming.Snapshot]))
		mux.ServeHTTP(w, r.WithContext(ctx))
	}))
	tr := ts.Client().Transport.(*http.Transport)
	tr.MaxIdleConnsPerHost = readers

	var (
		stop     atomic.Bool
		failures atomic.Int32
		served   [2]atomic.Int64 // responses per version
		notMod   atomic.Int64
		wg       sync.WaitGroup
	)
	fail := func(format string, args ...any) {
		if failures.Add(1) <= 10 {
			t.Errorf(format, args...)
		}
		stop.Store(true)
	}
	for g := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; !stop.Load(); i++ {
				rq := requests[i%len(requests)]
				// Every third request revalidates version A's tag.
				conditional := i%3 == 0
				code, hdr, body, err := fetch(ts.Client(), ts.URL+rq.path, rq.user, conditional, etagOf([]byte(versions[0].bodies[rq.key])))
				if err != nil {
					fail("GET %s as %q: %v", rq.path, rq.user, err)
					return
				}
				if msg := checkReloadResponse(versions, rq.key, conditional, code, hdr, body, &served, &notMod); msg != "" {
					fail("GET %s as %q (conditional %v): %s", rq.path, rq.user, conditional, msg)
					return
				}
			}
		}()
	}

	var valid, invalid int
	for i := 0; i < reloads && !stop.Load(); i++ {
		before := store.Load()
		if i%2 == 0 {
			v := i / 2 % 2 // A, B, A, B, ... on the even steps
			err := reload(store, []fs.FS{validA, validB}[v])
			assert.NoError(t, err, "reload %d: version %s", i, versions[v].name)
			assert.NotSame(t, before, store.Load(), "reload %d: version %s replaces the snapshot", i, versions[v].name)
			valid++
			continue
		}
		iv := invalids[i/2%len(invalids)]
		err := reload(store, iv.fsys)
		assert.True(t, err != nil && iv.want(err), "reload %d: %s returns its error, got %v", i, iv.name, err)
		assert.Same(t, before, store.Load(), "reload %d: %s leaves the snapshot in place", i, iv.name)
		invalid++
		time.Sleep(time.Millisecond) // let the readers see each valid version
	}
	stop.Store(true)
	wg.Wait()

	require.Zero(t, failures.Load(), "failed responses")
	assert.Equal(t, reloads, valid+invalid, "reloads done")
	assert.Positive(t, served[0].Load(), "responses of version A")
	assert.Positive(t, served[1].Load(), "responses of version B")
	assert.Positive(t, notMod.Load(), "304 responses to version A's tag")
	t.Logf("%d reloads (%d valid, %d invalid); %d responses of A, %d of B, %d not modified",
		reloads, valid, invalid, served[0].Load(), served[1].Load(), notMod.Load())
}

// firstReadKey keys the snapshot a request first read from the source.
type firstReadKey struct{}

func isValidation(err error) bool {
	var ve *theming.ValidationError
	return errors.As(err, &ve) && len(ve.Problems) > 0
}

// fetch sends one GET, with If-None-Match: etag when conditional, and
// reads the whole body.
func fetch(c *http.Client, url, user string, conditional bool, etag string) (int, http.Header, []byte, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return 0, nil, nil, err
	}
	if user != "" {
		req.Header.Set("X-Demo-User", user)
	}
	if conditional {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, nil, fmt.Errorf("reading the body: %w", err)
	}
	return resp.StatusCode, resp.Header, body, nil
}

// checkReloadResponse checks one response against the valid versions
// and counts it; it returns what is wrong, or "".
func checkReloadResponse(versions []reloadVersion, key string, conditional bool, code int, hdr http.Header, body []byte, served *[2]atomic.Int64, notMod *atomic.Int64) string {
	etag := hdr.Get("Etag")
	if code == http.StatusNotModified && conditional {
		// Only version A's tag was sent, so only A may be "not modified".
		if want := etagOf([]byte(versions[0].bodies[key])); etag != want || len(body) != 0 {
			return fmt.Sprintf("304 with ETag %s and %d body bytes; version A's tag is %s", etag, len(body), want)
		}
		notMod.Add(1)
		return ""
	}
	if code != http.StatusOK {
		return fmt.Sprintf("status %d: %s", code, body)
	}
	if cl := hdr.Get("Content-Length"); cl != strconv.Itoa(len(body)) {
		return fmt.Sprintf("Content-Length %q for a body of %d bytes", cl, len(body))
	}
	if ct := hdr.Get("Content-Type"); ct == "application/json" && !json.Valid(body) {
		return fmt.Sprintf("a body that does not decode as JSON: %.300s", body)
	}
	if want := etagOf(body); etag != want {
		return fmt.Sprintf("ETag %s, but the body hashes to %s: headers and body of different snapshots", etag, want)
	}
	for i, v := range versions {
		if string(body) == v.bodies[key] {
			if conditional && i == 0 {
				return "version A's body to a request revalidating version A's tag"
			}
			served[i].Add(1)
			return ""
		}
	}
	return fmt.Sprintf("a body that is no valid version's (%d bytes): %.300s", len(body), body)
}

// reload loads fsys and, if it is valid, makes it st's current snapshot,
// as a host reloads: on an error the previous snapshot stays current.
func reload(st *theming.Current, fsys fs.FS) error {
	s, err := theming.LoadFS(fsys)
	if err != nil {
		return err
	}
	st.Replace(s)
	return nil
}
