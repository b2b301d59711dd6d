//go:build race

package httpadapter

// raceEnabled is true under the race detector, which compresses ten
// times slower.
const raceEnabled = true
