// Package pgtest starts a real PostgreSQL server for a test: initdb into
// the test's temporary directory, a free loopback port, no Unix socket,
// and pg_ctl stop when the test ends. It uses the server binaries of
// Debian's postgresql package (/usr/lib/postgresql/<version>/bin, the
// highest version) or, failing that, an initdb on PATH; without either the
// test is skipped with a message that names the package to install.
//
// PostgreSQL refuses to run as root, so when the tests do, the server runs
// as the unprivileged user "nobody".
//
// The server is tuned for tests, not durability: fsync, synchronous_commit
// and full_page_writes are off.
package pgtest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Server is a PostgreSQL server started by Start.
type Server struct {
	// DSN connects to the database "postgres" as the superuser
	// "postgres", over TCP on loopback, without a password.
	DSN string

	bin, dir, log string
	port          int
	cred          *credential // nil: run as the current user
}

// Start initialises a database cluster in a temporary directory, starts
// it on a free loopback port and stops it when the test ends. It skips the
// test when the PostgreSQL server binaries are absent and fails it when
// the server does not start.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := binDir()
	if bin == "" {
		t.Skip("pgtest: PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin or on PATH (install Debian's postgresql package)")
	}
	s := &Server{bin: bin}
	if os.Geteuid() == 0 {
		cred, err := lookupCredential("nobody")
		if err != nil {
			t.Fatalf("pgtest: running as root, and no unprivileged user to run PostgreSQL as: %v", err)
		}
		s.cred = cred
	}

	// The cluster lives in the test's temporary directory; an
	// unprivileged server must be able to reach it, so its parent (made
	// by the testing package for this test only) is opened for
	// traversal.
	base := t.TempDir()
	if s.cred != nil {
		if err := os.Chmod(filepath.Dir(base), 0o711); err != nil {
			t.Fatalf("pgtest: %v", err)
		}
		if err := os.Chmod(base, 0o711); err != nil {
			t.Fatalf("pgtest: %v", err)
		}
	}
	s.dir = filepath.Join(base, "data")
	s.log = filepath.Join(base, "postgres.log")
	if err := os.Mkdir(s.dir, 0o700); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	if f, err := os.Create(s.log); err == nil {
		f.Close()
	}
	if s.cred != nil {
		for _, p := range []string{s.dir, s.log} {
			if err := os.Chown(p, s.cred.uid, s.cred.gid); err != nil {
				t.Fatalf("pgtest: %v", err)
			}
		}
	}
	if out, err := s.command("initdb", "-D", s.dir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync").CombinedOutput(); err != nil {
		t.Fatalf("pgtest: initdb: %v\n%s", err, out)
	}

	// A free port can be taken by someone else between choosing it and
	// the server binding it; try a few.
	var err error
	for range 3 {
		if s.port, err = freePort(); err != nil {
			t.Fatalf("pgtest: %v", err)
		}
		if err = s.configure(); err != nil {
			t.Fatalf("pgtest: %v", err)
		}
		if err = s.start(); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() { s.stop() })
	s.DSN = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", s.port)
	return s
}

// Stop stops the server, disconnecting every client ("fast" shutdown). A
// test uses it with Restart to see what its code does while the database
// is away.
func (s *Server) Stop(t testing.TB) {
	t.Helper()
	if err := s.stop(); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
}

// Restart starts a server stopped by Stop again, on the same port with
// the same data.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	if err := s.start(); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
}

// configure writes the server settings into postgresql.conf; the last
// setting of a name wins, so rewriting the port appends a new line.
func (s *Server) configure() error {
	conf := fmt.Sprintf("\n# pgtest\nlisten_addresses = '127.0.0.1'\nport = %d\nunix_socket_directories = ''\n"+
		"fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\n", s.port)
	f, err := os.OpenFile(filepath.Join(s.dir, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(conf); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (s *Server) start() error {
	out, err := s.command("pg_ctl", "-D", s.dir, "-l", s.log, "-w", "-t", "30", "start").CombinedOutput()
	if err != nil {
		logText, _ := os.ReadFile(s.log)
		return fmt.Errorf("pg_ctl start: %v\n%s\nserver log:\n%s", err, out, tail(logText, 2000))
	}
	return nil
}

func (s *Server) stop() error {
	out, err := s.command("pg_ctl", "-D", s.dir, "-m", "fast", "-w", "-t", "30", "stop").CombinedOutput()
	if err != nil && !bytes.Contains(out, []byte("Is server running?")) {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return nil
}

// command runs a PostgreSQL program as the server's user.
func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Dir = os.TempDir()
	if s.cred != nil {
		s.cred.apply(cmd)
		cmd.Env = append(os.Environ(), "HOME="+os.TempDir())
	}
	return cmd
}

// binDir returns the directory of the PostgreSQL server programs, or "".
func binDir() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { return version(b) - version(a) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

// version is the major version in a Debian bin directory's path.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func lookupCredential(name string) (*credential, error) {
	u, err := user.Lookup(name)
	if err != nil {
		return nil, err
	}
	uid, err1 := strconv.Atoi(u.Uid)
	gid, err2 := strconv.Atoi(u.Gid)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("user %s has ids %q:%q", name, u.Uid, u.Gid)
	}
	return &credential{uid: uid, gid: gid}, nil
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return strings.TrimSpace(string(b))
}
