//go:build unix

package pgtest

import (
	"os/exec"
	"syscall"
)

// credential is the user a server runs as when the tests run as root.
type credential struct{ uid, gid int }

func (c *credential) apply(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(c.uid), Gid: uint32(c.gid)}}
}
