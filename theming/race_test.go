//go:build race

package theming_test

// raceEnabled is true under the race detector, whose shadow memory makes
// a process's resident memory several times its heap.
const raceEnabled = true
