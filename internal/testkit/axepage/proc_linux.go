package axepage

import (
	"os/exec"
	"syscall"
)

// setProcessGroup runs cmd in its own process group, which dies with the
// test binary (Pdeathsig), so that no Chromium outlives a test.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killProcessGroup kills cmd's whole process group: the browser, its
// renderers, GPU and zygote processes.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
