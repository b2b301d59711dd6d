package browsertest

import (
	"os/exec"
	"syscall"
)

// killGroupOnCancel runs cmd in its own process group and makes the
// context's cancellation kill the whole group (Chromium's renderer, GPU
// and zygote processes too, not only the browser process). The group also
// dies with the test binary.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
