//go:build !race

package contrast

const raceEnabled = false
