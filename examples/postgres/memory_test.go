package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/demo"
)

// TestTenantMemory measures the resident memory of this program, built
// and run as a process of its own, per tenant: with THEMEKIT_PG_TENANT_RSS
// a list of tenant counts (200,800), for each a database of that many
// tenants (copies of acme's four themes, theme 1 named after its tenant,
// so no two tenants serve the same bytes), the program started with
// -max-tenants of that many, and its VmRSS (/proc/PID/status) read
//
//   - at start, before any tenant is built;
//   - idle: every tenant built by a request for its theme list;
//   - full: every document (the theme list, the catalog, the theme config,
//     the colors and /theme.css), for every user of the demo with a theme
//     of their own and an anonymous one, in every content coding (identity,
//     gzip, br, zstd), asked of every tenant.
//
// The figure per tenant is the growth over the start, divided by the
// tenants. THEMEKIT_PG_TENANT_FLAGS adds flags (-cache-bytes=...). The
// figures in BENCHMARKS.md are from
//
//	THEMEKIT_PG_TENANT_RSS=200,800 go test -count=1 -run TestTenantMemory -v ./examples/postgres
func TestTenantMemory(t *testing.T) {
	spec := os.Getenv("THEMEKIT_PG_TENANT_RSS")
	if spec == "" {
		t.Skip("a measurement: set THEMEKIT_PG_TENANT_RSS=200,800 to run it (see BENCHMARKS.md)")
	}
	bin := filepath.Join(t.TempDir(), "postgres")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for field := range strings.SplitSeq(spec, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		require.NoError(t, err, "THEMEKIT_PG_TENANT_RSS: %q", spec)
		t.Run(fmt.Sprint(n, " tenants"), func(t *testing.T) { measureTenants(t, bin, n) })
	}
}

// measureTenants runs bin on a database of n tenants and logs its resident
// memory at start, idle and full.
func measureTenants(t *testing.T, bin string, n int) {
	db, pool := startDB(t)
	seedCopies(t, pool, n)
	args := []string{"-dsn", db.DSN, "-addr", "127.0.0.1:0", "-max-tenants", strconv.Itoa(n)}
	args = append(args, strings.Fields(os.Getenv("THEMEKIT_PG_TENANT_FLAGS"))...)
	cmd := exec.Command(bin, args...)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		serving := regexp.MustCompile(`msg=serving addr=(\S+)`)
		for sc.Scan() {
			if m := serving.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("the program did not say where it serves")
	}
	rss := func() (rss, hwm int64) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
		require.NoError(t, err)
		for line := range strings.Lines(string(b)) {
			f := strings.Fields(line)
			if len(f) >= 2 && (f[0] == "VmRSS:" || f[0] == "VmHWM:") {
				v, _ := strconv.ParseInt(f[1], 10, 64)
				if f[0] == "VmRSS:" {
					rss = v << 10
				} else {
					hwm = v << 10
				}
			}
		}
		return rss, hwm
	}
	time.Sleep(time.Second) // the listener connects
	start, _ := rss()

	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 8}}
	get := func(tenant, path, user, coding string) {
		req, err := http.NewRequest(http.MethodGet, base+path, nil)
		require.NoError(t, err)
		req.Host = tenant + ".localhost"
		if user != "" {
			req.Header.Set(demo.UserHeader, user)
		}
		req.Header.Set("Accept-Encoding", coding)
		resp, err := client.Do(req)
		require.NoError(t, err)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s %s as %q", tenant, path, user)
	}
	each := func(f func(tenant string)) time.Duration {
		began := time.Now()
		var wg sync.WaitGroup
		work := make(chan string)
		for range 8 {
			wg.Go(func() {
				for tenant := range work {
					f(tenant)
				}
			})
		}
		for i := range n {
			work <- fmt.Sprint("t", i+1)
		}
		close(work)
		wg.Wait()
		return time.Since(began)
	}

	took := each(func(tenant string) { get(tenant, "/api/v2/theme/", "", "gzip") })
	idle, _ := rss()
	paths := []string{"/api/v2/theme/", "/api/v2/theme/component-defs/", "/api/v2/theme/config/", "/api/v2/theme/colors/", "/theme.css"}
	users := []string{"", "alice", "bob", "carol", "dave"} // the default theme, and themes 2, 3, 4 and 1
	codings := []string{"identity", "gzip", "br", "zstd"}
	tookFull := each(func(tenant string) {
		for _, path := range paths {
			for _, user := range users {
				for _, coding := range codings {
					get(tenant, path, user, coding)
				}
			}
		}
	})
	full, hwm := rss()
	held := settled(rss)
	per := func(v int64) float64 { return float64(v-start) / float64(n) / 1024 }
	mb := func(v int64) float64 { return float64(v) / (1 << 20) }
	t.Logf("%d tenants: VmRSS at start %.1f MB; idle (each tenant's theme list, %v) %.1f MB, %.1f KB a tenant; "+
		"full (%d requests, %v) %.1f MB, %.1f KB a tenant, settled %.1f MB, %.1f KB a tenant; VmHWM %.1f MB",
		n, mb(start), took.Round(time.Millisecond), mb(idle), per(idle),
		n*len(paths)*len(users)*len(codings), tookFull.Round(time.Millisecond), mb(full), per(full), mb(held), per(held), mb(hwm))
}

// settled returns the resident memory once it has stopped falling (the
// runtime gives the memory of the garbage it collected back to the
// system over a few seconds): the least of the readings once one second
// takes off less than 1%, at most 30 s.
func settled(rss func() (int64, int64)) int64 {
	least, _ := rss()
	for range 30 {
		time.Sleep(time.Second)
		v, _ := rss()
		if v > least-least/100 {
			return min(v, least)
		}
		least = v
	}
	return least
}

// seedCopies makes tenants t1 ... tn, each a copy of acme's rows with
// theme 1 named after it.
func seedCopies(t testing.TB, pool *pgxpool.Pool, n int) {
	t.Helper()
	ctx := context.Background()
	var cols string // every column of themes but tenant_id and name, as the database has them
	require.NoError(t, pool.QueryRow(ctx, `select string_agg(column_name, ', ' order by ordinal_position)
		from information_schema.columns where table_name = 'themes' and column_name not in ('tenant_id', 'name')`).Scan(&cols))
	for _, sql := range []string{
		"insert into tenants select 't' || g from generate_series(1, $1) g",
		"insert into themes (tenant_id, name, " + cols + ") select 't' || g, case when id = 1 then name || ' of t' || g else name end, " + cols +
			" from themes, generate_series(1, $1) g where tenant_id = 'acme'",
		"insert into theme_colors select 't' || g, theme_id, component_id, scheme, value from theme_colors, generate_series(1, $1) g where tenant_id = 'acme'",
	} {
		_, err := pool.Exec(ctx, sql, n)
		require.NoError(t, err)
	}
}
