//go:build race

package contrast

// raceEnabled is true under the race detector, which slows the large
// samples tenfold.
const raceEnabled = true
