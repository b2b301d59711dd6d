package strictjson_test

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/strictjson"
)

// boundedSchema is docSchema's shape with bounds: names of at most 4
// characters, at most 3 items, ids of at most 5 bytes, at most 2 map
// members with keys of at most 3 bytes.
func boundedSchema() *strictjson.Schema {
	msg := func(what string) func(int) string {
		return func(n int) string { return strconv.Itoa(n) + " " + what }
	}
	return strictjson.SchemaOf(reflect.TypeFor[doc]()).
		Bound(strictjson.Bound{Max: 4, Size: func(b []byte) int { return utf8.RuneCount(b) }, Msg: msg("characters")}, "name").
		Bound(strictjson.Bound{Max: 3, Msg: msg("items")}, "items").
		Bound(strictjson.Bound{Max: 5, Msg: msg("bytes")}, "items", "id").
		Bound(strictjson.Bound{Max: 2, Msg: msg("members"), Key: &strictjson.Bound{Max: 3, Msg: msg("key bytes")}}, "map")
}

func TestBoundsRefuseValuesBeforeTheyAreBuilt(t *testing.T) {
	s := boundedSchema()
	tests := []struct {
		name    string
		data    string
		wantOK  bool
		want    []string // path: message of each problem
		check   func(t *testing.T, d doc)
		blocked string
	}{
		{"values at their bounds decode", `{"name": "ñañá", "items": [{"id": "abcde"}, {}, {}], "map": {"abc": {}, "b": {}}}`,
			true, nil, func(t *testing.T, d doc) {
				assert.Equal(t, "ñañá", d.Name, "4 characters in 8 bytes: the bound counts what Size counts")
				assert.Len(t, d.Items, 3)
				assert.Len(t, d.Map, 2)
			}, ""},
		{"a string over its bound is left zero and its path blocked", `{"name": "abcde", "items": [{"id": "abcdef"}]}`,
			true, []string{"name: 5 characters", "items[0].id: 6 bytes"}, func(t *testing.T, d doc) {
				assert.Empty(t, d.Name)
				assert.Empty(t, d.Items[0].ID)
			}, "items[0].id"},
		{"an array over its bound keeps its first elements, counts the rest and refuses the document, in place of what was found in it",
			`{"items": [{"id": 1}, {}, {}, {"id": 7}, {}, {"id": "toolong"}], "name": "ok"}`,
			false, []string{"items: 6 items"}, func(t *testing.T, d doc) {
				assert.Len(t, d.Items, 3, "nothing past the bound is built")
			}, ""},
		{"a map over its bound is refused with its count", `{"items": [], "map": {"a": {}, "b": {}, "c": {}, "d": {}}}`,
			false, []string{"map: 4 members"}, func(t *testing.T, d doc) { assert.Len(t, d.Map, 2) }, ""},
		{"a key over its bound is left out and reported at the map", `{"items": [], "map": {"abcd": {"id": 1}, "a": {}}}`,
			true, []string{"map: 4 key bytes"}, func(t *testing.T, d doc) {
				assert.Equal(t, map[string]item{"a": {}}, d.Map)
			}, ""},
		{"a syntax error past an array's bound is still found", `{"items": [{}, {}, {}, {}, {"id": x}]}`,
			false, []string{`items[4].id: invalid character 'x' looking for beginning of value at byte offset 35`}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d doc
			res := strictjson.Decode([]byte(tt.data), &d, s, limits)
			assert.Equal(t, tt.wantOK, res.OK)
			var got []string
			for _, p := range res.Problems {
				got = append(got, p.Path+": "+p.Msg)
				if strings.HasSuffix(p.Msg, "items") || strings.HasSuffix(p.Msg, "bytes") || strings.HasSuffix(p.Msg, "members") || strings.HasSuffix(p.Msg, "characters") {
					assert.True(t, errors.Is(p.Err, strictjson.ErrTooLarge), "%s wraps ErrTooLarge", p.Msg)
					assert.Positive(t, p.Line, "placed")
				}
			}
			assert.Equal(t, tt.want, got)
			if tt.check != nil {
				tt.check(t, d)
			}
			if tt.blocked != "" {
				assert.True(t, res.Blocked.Covers(tt.blocked))
			}
		})
	}
}

func TestAnArrayPastItsBoundCostsNoMemoryPerElement(t *testing.T) {
	s := boundedSchema()
	data := func(n int) []byte {
		return []byte(`{"items": [` + strings.Repeat(`{"id": "a"}, `, n) + `{}]}`)
	}
	allocs := func(n int) float64 {
		b := data(n)
		return testing.AllocsPerRun(5, func() {
			var d doc
			strictjson.Decode(b, &d, s, limits)
		})
	}
	small, large := allocs(1000), allocs(4000)
	t.Logf("allocations: %v for 1,000 elements past the bound, %v for 4,000", small, large)
	assert.Equal(t, small, large, "the elements past the bound are checked, not built")
}

func TestBoundPanicsOnAPathTheSchemaHasNot(t *testing.T) {
	require.PanicsWithValue(t, "strictjson: Bound: the schema has no items.nope", func() {
		strictjson.SchemaOf(reflect.TypeFor[doc]()).Bound(strictjson.Bound{Max: 1}, "items", "nope")
	})
}
