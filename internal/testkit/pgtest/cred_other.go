//go:build !unix

package pgtest

import "os/exec"

// credential is the user a server runs as when the tests run as root;
// only Unix systems have root.
type credential struct{ uid, gid int }

func (c *credential) apply(*exec.Cmd) {}
