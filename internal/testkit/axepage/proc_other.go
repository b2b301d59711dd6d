//go:build !linux

package axepage

import "os/exec"

// setProcessGroup does nothing outside Linux.
func setProcessGroup(cmd *exec.Cmd) {}

// killProcessGroup kills the browser process.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
