//go:build !linux

package browsertest

import "os/exec"

// killGroupOnCancel leaves exec.CommandContext's default: the context's
// cancellation kills the browser process, whose children then exit.
func killGroupOnCancel(*exec.Cmd) {}
