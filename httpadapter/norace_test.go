//go:build !race

package httpadapter

const raceEnabled = false
