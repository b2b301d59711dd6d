//go:build !race

package theming_test

const raceEnabled = false
