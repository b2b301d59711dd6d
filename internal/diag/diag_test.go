package diag_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/internal/diag"
)

func TestAListDropsRepeatsKeepsTheLimitAndCountsTheRest(t *testing.T) {
	l := diag.NewList[string, int](3)
	for _, k := range []int{1, 2, 1, 3, 4, 5, 4, 2} {
		l.Add(k, "p")
	}
	assert.Len(t, l.Items(), 3, "the first three distinct problems")
	assert.Equal(t, 2, l.Dropped(), "4 and 5, once each")
	assert.Equal(t, 5, l.Len())
	l.Drop(10)
	assert.Equal(t, 12, l.Dropped(), "a reader's own count is added")
	assert.Equal(t, "and 12 more problems not listed", diag.Dropped(l.Dropped()))
	built := 0
	l.AddFunc(9, func() string { built++; return "p" })
	l.AddFunc(1, func() string { built++; return "p" })
	assert.Zero(t, built, "nothing built past the limit, nor for a repeat")
}

func TestAppendPlaceWritesThePlaceAsCompilersDo(t *testing.T) {
	for _, tt := range []struct {
		name, file, path string
		line, col        int
		want             string
	}{
		{"a place in a file", "a.json", "/x/y", 3, 14, "a.json:3:14: /x/y: "},
		{"a file without a place", "a.json", "/x", 0, 0, "a.json: /x: "},
		{"the whole file", "a.json", "", 2, 1, "a.json:2:1: "},
		{"no file", "", "components[3].id", 0, 0, "components[3].id: "},
		{"nothing", "", "", 0, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(diag.AppendPlace(nil, tt.file, tt.line, tt.col, tt.path)))
		})
	}
}
