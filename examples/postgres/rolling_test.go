package main

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/pgtest"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
)

// previousRelease is the last commit of the release this one replaces:
// pgsource's schema version 2, before the publish log (migration 3). A
// rolling deploy runs its replicas beside this release's while this
// release migrates.
const previousRelease = "6dcb1e37d99c660ed646f8a3870d659653473456"

// TestRollingDeployFromThePreviousRelease: two replicas of the previous
// release, built from git, serve a database of their schema under load
// (globex's theme 3 from its live revision, its row broken by hand, so
// that they read the revision tables migration 3 changes);
// a replica of this release starts and migrates the schema beside them,
// publishes through the revision store, and the old replicas are
// drained and stopped one by one as new ones start. No request gets
// anything but a 2xx, on any replica, before, during or after the
// migration, and the old replicas serve the new release's publish.
func TestRollingDeployFromThePreviousRelease(t *testing.T) {
	oldBinary := buildRelease(t, previousRelease)
	db := pgtest.Start(t)
	ctx := context.Background()
	var out bytes.Buffer
	seed := exec.Command(oldBinary, "-dsn", db.DSN, "-seed")
	seed.Stdout, seed.Stderr = &out, &out
	require.NoError(t, seed.Run(), "the previous release's -seed: %s", &out)
	pool, err := pgxpool.New(ctx, db.DSN)
	require.NoError(t, err)
	defer pool.Close()
	_, err = pool.Exec(ctx, `insert into theme_colors values ('globex', 3, 'nav-bar', 'light', 'hsl(10, 80%')
		on conflict (tenant_id, theme_id, component_id, scheme) do update set value = excluded.value`)
	require.NoError(t, err)

	ld := &loader{}
	first, second := startOld(t, oldBinary, db.DSN), startOld(t, oldBinary, db.DSN)
	ld.add("old 1", first.url)
	ld.add("old 2", second.url)
	stop := ld.run(8)
	time.Sleep(300 * time.Millisecond) // the old release alone

	newOne := startReplica(t, db.DSN, config{}, nil) // migrates the schema to this release's
	ld.add("new 1", newOne.srv.URL)
	migrated := ld.total()
	var version int
	require.NoError(t, pool.QueryRow(ctx, "select max(version) from "+pgsource.SchemaTable).Scan(&version))
	require.Equal(t, pgsource.SchemaVersion, version, "premise: the new replica migrated")

	// A publish through this release's store reaches the old replicas.
	cat, err := loadCatalog("")
	for _, r := range []*oldReplica{first, second} {
		assert.Contains(t, r.logs.String(), `serving="its last good version"`, "premise: the old replica serves globex's theme 3 from its live revision")
	}
	require.NoError(t, err)
	revs := pgsource.Revisions{DB: pool, Catalog: cat}
	const navBar = "hsl(205, 60%, 22%)"
	_, err = setColor(ctx, revs, "acme", 1, "nav-bar", theming.Light, navBar, revision.Change{Author: "deployer", Note: "during the deploy"})
	require.NoError(t, err)
	for _, base := range []string{first.url, second.url, newOne.srv.URL} {
		assert.Eventually(t, func() bool {
			_, body, err := getFrom(http.DefaultClient, base, "acme", "/theme.css", "dave")
			return err == nil && strings.Contains(body, "--nav-bar: "+navBar+";")
		}, 10*time.Second, 10*time.Millisecond, "%s serves the publish", base)
	}
	time.Sleep(300 * time.Millisecond) // both releases, side by side

	ld.remove("old 1") // drained by the load balancer, then stopped
	first.stop(t)
	ld.add("new 2", startReplica(t, db.DSN, config{}, nil).srv.URL)
	time.Sleep(300 * time.Millisecond)
	ld.remove("old 2")
	second.stop(t)
	time.Sleep(200 * time.Millisecond) // this release alone
	stop()

	t.Logf("%d requests across the deploy (%d after the migration), by replica %v; %d not a 2xx, %d failed",
		ld.total(), ld.total()-migrated, ld.byReplica(), ld.bad.Load(), ld.failed.Load())
	if first := ld.firstBad.Load(); first != nil {
		t.Errorf("first bad answer: %s", *first)
	}
	assert.Zero(t, ld.bad.Load(), "responses that are not 2xx")
	assert.Zero(t, ld.failed.Load(), "requests that failed")
	for name, n := range ld.byReplica() {
		assert.Positive(t, n, "requests served by %s", name)
	}
	assert.Greater(t, ld.total()-migrated, int64(100), "requests after the migration")
}

// buildRelease builds examples/postgres at a git revision, from its files
// (git archive) in a temporary directory, and returns the binary. It
// skips the test when git, or the revision (a shallow clone), is missing.
func buildRelease(t *testing.T, rev string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the previous release is built from the repository's history")
	}
	if err := exec.Command("git", "cat-file", "-e", rev+"^{commit}").Run(); err != nil {
		t.Skipf("the repository lacks commit %s (a shallow clone?): the previous release is built from it", rev[:7])
	}
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	require.NoError(t, err)
	dir := t.TempDir()
	archive := exec.Command("git", "archive", "--format=tar", rev) // the whole tree, not the working directory's
	archive.Dir = strings.TrimSpace(string(top))
	tarball, err := archive.Output()
	require.NoError(t, err, "git archive %s", rev)
	require.NoError(t, untar(bytes.NewReader(tarball), dir))
	bin := filepath.Join(dir, "postgres-previous")
	build := exec.Command("go", "build", "-o", bin, "./examples/postgres")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "building the previous release: %s", out)
	return bin
}

// untar writes a tar stream's directories and regular files under dir.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		path := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(path, dir+string(filepath.Separator)) {
			return fmt.Errorf("untar: %q leaves the directory", h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(path, 0o755)
		case tar.TypeReg:
			err = writeFile(path, tr, h.FileInfo().Mode())
		case tar.TypeSymlink:
			err = os.Symlink(h.Linkname, path)
		}
		if err != nil {
			return err
		}
	}
}

func writeFile(path string, r io.Reader, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode.Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// oldReplica is a replica of the previous release: its process and the
// base URL it serves.
type oldReplica struct {
	cmd    *exec.Cmd
	url    string
	logs   *logBuffer
	exited chan struct{} // closed when the process has exited, err set
	err    error
}

var servingAddr = regexp.MustCompile(`msg=serving addr=(\S+)`)

// startOld starts a replica of the binary on a free port and waits until
// it serves; the test's end stops it.
func startOld(t *testing.T, bin, dsn string) *oldReplica {
	t.Helper()
	r := &oldReplica{logs: &logBuffer{}, exited: make(chan struct{})}
	r.cmd = exec.Command(bin, "-dsn", dsn, "-addr", "127.0.0.1:0")
	r.cmd.Stdout, r.cmd.Stderr = r.logs, r.logs
	require.NoError(t, r.cmd.Start())
	go func() {
		r.err = r.cmd.Wait()
		close(r.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-r.exited:
		default:
			_ = r.cmd.Process.Kill()
			<-r.exited
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for r.url == "" {
		if m := servingAddr.FindStringSubmatch(r.logs.String()); m != nil {
			r.url = "http://" + m[1]
			break
		}
		select {
		case <-r.exited:
			t.Fatalf("the previous release's replica exited: %v\n%s", r.err, r.logs)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the previous release's replica does not serve after 30s:\n%s", r.logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return r
}

// stop stops the replica as a deploy does (SIGTERM: it finishes what it
// serves and exits).
func (r *oldReplica) stop(t *testing.T) {
	t.Helper()
	require.NoError(t, r.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case <-r.exited:
		assert.NoError(t, r.err, "the previous release's replica on SIGTERM:\n%s", r.logs)
	case <-time.After(30 * time.Second):
		t.Fatalf("the previous release's replica did not stop within 30s of SIGTERM")
	}
}

// loader is a load balancer and its clients: requests spread over the
// replicas it has, each counted by replica, and the answers that are not
// a 2xx.
type loader struct {
	mu       sync.Mutex
	targets  map[string]string // name -> base URL
	counts   map[string]*atomic.Int64
	inflight map[string]*sync.WaitGroup
	bad      atomic.Int64 // responses that are not 2xx
	failed   atomic.Int64 // requests without a response
	firstBad atomic.Pointer[string]
}

func (ld *loader) add(name, base string) {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	if ld.targets == nil {
		ld.targets, ld.counts, ld.inflight = map[string]string{}, map[string]*atomic.Int64{}, map[string]*sync.WaitGroup{}
	}
	ld.targets[name] = base
	ld.counts[name] = &atomic.Int64{}
	ld.inflight[name] = &sync.WaitGroup{}
}

// remove drains a replica, as a load balancer does before the replica is
// stopped: no new request goes to it, and remove returns once those sent
// to it are answered.
func (ld *loader) remove(name string) {
	ld.mu.Lock()
	delete(ld.targets, name)
	inflight := ld.inflight[name]
	ld.mu.Unlock()
	inflight.Wait()
}

// pick chooses a replica for a request, and counts it; the caller calls
// answered once it has the answer.
func (ld *loader) pick(rnd *rand.Rand) (name, base string, answered func()) {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	n := rnd.IntN(len(ld.targets))
	for name, base := range ld.targets {
		if n == 0 {
			ld.inflight[name].Add(1)
			ld.counts[name].Add(1)
			return name, base, ld.inflight[name].Done
		}
		n--
	}
	panic("unreachable")
}

func (ld *loader) total() int64 {
	var n int64
	for _, c := range ld.byReplica() {
		n += c
	}
	return n
}

func (ld *loader) byReplica() map[string]int64 {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	out := map[string]int64{}
	for name, c := range ld.counts {
		out[name] = c.Load()
	}
	return out
}

// run starts clients goroutines that send requests until the returned
// function is called, which waits for them.
func (ld *loader) run(clients int) (stop func()) {
	paths := []string{"/api/v2/theme/", "/api/v2/theme/config/", "/api/v2/theme/colors/", "/api/v2/theme/component-defs/", "/theme.css"}
	tenants := []string{"acme", "globex"}
	done := make(chan struct{})
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(c), 35))
			for {
				select {
				case <-done:
					return
				default:
				}
				name, base, answered := ld.pick(rnd)
				path := paths[rnd.IntN(len(paths))]
				status, body, err := getFrom(http.DefaultClient, base, tenants[rnd.IntN(len(tenants))], path, "")
				answered()
				switch {
				case err != nil:
					ld.failed.Add(1)
					msg := fmt.Sprintf("%s %s: %v", name, path, err)
					ld.firstBad.CompareAndSwap(nil, &msg)
				case status/100 != 2:
					ld.bad.Add(1)
					msg := fmt.Sprintf("%s %s: %d %.200s", name, path, status, body)
					ld.firstBad.CompareAndSwap(nil, &msg)
				}
			}
		})
	}
	return func() {
		close(done)
		wg.Wait()
	}
}
