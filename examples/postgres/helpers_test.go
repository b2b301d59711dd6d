package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/internal/testkit/pgtest"
	"github.com/themekit/themekit/theming/pgsource"
)

// startDB starts PostgreSQL, seeds the demo tenants and returns the
// server and a pool for the test's own statements.
func startDB(t testing.TB) (*pgtest.Server, *pgxpool.Pool) {
	t.Helper()
	srv := pgtest.Start(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, srv.DSN)
	require.NoError(t, err)
	require.NoError(t, seed(ctx, conn))
	require.NoError(t, conn.Close(ctx))
	pool, err := pgxpool.New(ctx, srv.DSN)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return srv, pool
}

// logBuffer is a slog destination the test reads.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// replica is one in-process server of the example on the test database.
type replica struct {
	*app
	srv       *httptest.Server
	logs      *logBuffer
	listening atomic.Int32 // times the listener has (re)started listening
}

// startReplica starts a replica and its listener and waits until it
// listens. tune, if set, adjusts the source's options before it is built.
func startReplica(t testing.TB, dsn string, cfg config, tune func(*pgsource.Options)) *replica {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &replica{logs: &logBuffer{}}
	cfg.Logger = slog.New(slog.NewTextHandler(r.logs, nil))
	listening := make(chan struct{}, 1)
	cfg.Tune = func(o *pgsource.Options) {
		o.Listening = func() {
			r.listening.Add(1)
			select {
			case listening <- struct{}{}:
			default:
			}
		}
		if tune != nil {
			tune(o)
		}
	}
	a, err := newApp(ctx, dsn, cfg)
	require.NoError(t, err)
	r.app = a
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.run(ctx)
	}()
	r.srv = httptest.NewServer(a.handler)
	t.Cleanup(func() {
		r.srv.Close()
		cancel()
		<-done
		a.close()
	})
	select {
	case <-listening:
	case <-time.After(10 * time.Second):
		t.Fatalf("replica not listening after 10s; log:\n%s", r.logs)
	}
	return r
}

// get fetches path from the replica for tenant's host name, as the user
// named by the demo header (none if "").
func (r *replica) get(t testing.TB, tenant, path, user string) (int, string) {
	t.Helper()
	status, body, err := r.fetch(tenant, path, user)
	require.NoError(t, err)
	return status, body
}

// fetch is get for goroutines other than the test's.
func (r *replica) fetch(tenant, path, user string) (int, string, error) {
	return getFrom(r.srv.Client(), r.srv.URL, tenant, path, user)
}

// getFrom gets path from the server at base with client, for tenant's
// host name, as user (none if "").
func getFrom(client *http.Client, base, tenant, path, user string) (int, string, error) {
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		return 0, "", err
	}
	req.Host = tenant + ".localhost"
	if user != "" {
		req.Header.Set(demo.UserHeader, user)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), err
}

// countLines returns how many lines of s contain every one of parts.
func countLines(s string, parts ...string) int {
	n := 0
	for line := range strings.Lines(s) {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			n++
		}
	}
	return n
}

// firstLine returns the first line of s that contains part.
func firstLine(s, part string) string {
	for line := range strings.Lines(s) {
		if strings.Contains(line, part) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}
