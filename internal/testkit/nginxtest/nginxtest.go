// Package nginxtest starts a real nginx for a test, as a caching reverse
// proxy in front of the test's own server: a configuration written into
// the test's temporary directory, a free loopback port, and the process
// stopped when the test ends. Without nginx (on PATH or at
// /usr/sbin/nginx) the test is skipped with a message that names the
// package to install.
//
// nginx runs in the foreground without a master process, so it runs as
// the user the tests run as (root included) and keeps its pid file, logs,
// temporary files and cache in the temporary directory.
//
// Only tests import this package.
package nginxtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// CacheZone names the proxy cache every configuration declares (its
// keys_zone), stored in the test's temporary directory.
const CacheZone = "themes"

// StartTimeout bounds the wait for nginx to answer on its port.
const StartTimeout = 10 * time.Second

// Options configure the one server block, whose only location, "/",
// proxies to Upstream through the cache [CacheZone] with revalidation on
// (proxy_cache_revalidate), and marks every response with an X-Cache
// header holding nginx's $upstream_cache_status: MISS (also for a
// response it does not store), HIT, EXPIRED, REVALIDATED, ..., or nothing
// when the request bypassed the cache.
type Options struct {
	// Upstream is the host:port proxied to, e.g. an httptest.Server's
	// Listener.Addr().String().
	Upstream string
	// CacheKey is the proxy_cache_key; "" keeps nginx's default,
	// $scheme$proxy_host$request_uri.
	CacheKey string
	// Directives are more directives for the location, each with its
	// semicolon, e.g. "proxy_set_header Host $host;".
	Directives []string
}

// Start writes the configuration of o, starts nginx on a free loopback
// port, waits until it accepts connections and returns its base URL
// ("http://127.0.0.1:PORT"). nginx is stopped when the test ends. Start
// skips the test when nginx is not installed and fails it when nginx does
// not start.
func Start(t testing.TB, o Options) string {
	t.Helper()
	bin := binary()
	if bin == "" {
		t.Skip("nginxtest: nginx not found on PATH or at /usr/sbin/nginx (apt-get install nginx)")
	}
	if o.Upstream == "" {
		t.Fatal("nginxtest: Options.Upstream is empty")
	}
	dir := t.TempDir()
	// A free port can be taken by someone else between choosing it and
	// nginx binding it; try a few.
	var err error
	for range 3 {
		var addr string
		if addr, err = freeAddr(); err != nil {
			break
		}
		if err = start(t, bin, dir, addr, o); err == nil {
			return "http://" + addr
		}
	}
	t.Fatalf("nginxtest: %v", err)
	return ""
}

// config is the nginx.conf of o for a server in dir listening on addr.
func config(dir, addr string, o Options) string {
	var loc strings.Builder
	fmt.Fprintf(&loc, "      proxy_pass http://%s;\n", o.Upstream)
	for _, d := range o.Directives {
		fmt.Fprintf(&loc, "      %s\n", d)
	}
	fmt.Fprintf(&loc, "      proxy_cache %s;\n", CacheZone)
	if o.CacheKey != "" {
		fmt.Fprintf(&loc, "      proxy_cache_key %s;\n", o.CacheKey)
	}
	loc.WriteString("      proxy_cache_revalidate on;\n")
	loc.WriteString("      add_header X-Cache $upstream_cache_status always;\n")
	return fmt.Sprintf(`daemon off;
master_process off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path %[1]s/body;
  proxy_temp_path %[1]s/proxy;
  fastcgi_temp_path %[1]s/fastcgi;
  uwsgi_temp_path %[1]s/uwsgi;
  scgi_temp_path %[1]s/scgi;
  proxy_cache_path %[1]s/cache keys_zone=%[2]s:1m;
  server {
    listen %[3]s;
    location / {
%[4]s    }
  }
}
`, dir, CacheZone, addr, loc.String())
}

// start runs nginx with the configuration of o on addr and waits until it
// answers there; it returns an error, with nginx's log, when nginx exits
// or does not answer within StartTimeout.
func start(t testing.TB, bin, dir, addr string, o Options) error {
	conf := filepath.Join(dir, "nginx.conf")
	errLog := filepath.Join(dir, "error.log")
	if err := os.WriteFile(conf, []byte(config(dir, addr, o)), 0o644); err != nil {
		return err
	}
	_ = os.Remove(errLog) // a failure reports this attempt's log only
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-e", errLog, "-c", conf)
	if err := cmd.Start(); err != nil {
		cancel()
		return fmt.Errorf("starting %s: %w", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() {
		cancel()
		<-exited
	}

	deadline := time.After(StartTimeout)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			t.Cleanup(stop)
			return nil
		}
		select {
		case err := <-exited:
			exited <- err // for stop
			stop()
			return fmt.Errorf("nginx exited before answering on %s: %v\n%s", addr, err, logText(errLog))
		case <-deadline:
			stop()
			return fmt.Errorf("nginx not answering on %s after %v\n%s", addr, StartTimeout, logText(errLog))
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// binary returns the path of the nginx program, or "".
func binary() string {
	if p, err := exec.LookPath("nginx"); err == nil {
		return p
	}
	// Debian installs it in /usr/sbin, which is not on every user's PATH.
	if _, err := os.Stat("/usr/sbin/nginx"); err == nil {
		return "/usr/sbin/nginx"
	}
	return ""
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	return addr, ln.Close()
}

// logText is nginx's error log for a failure message.
func logText(path string) string {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) || len(b) == 0 {
		return "(nginx's error log is empty)"
	}
	if err != nil {
		return "error log: " + err.Error()
	}
	return "error log:\n" + string(b)
}
