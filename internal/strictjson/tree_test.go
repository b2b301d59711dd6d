package strictjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/strictjson"
)

var treeLimits = strictjson.Limits{Size: 1 << 20, Depth: 8, Problems: 50}

// plain turns a tree into the values encoding/json decodes to (numbers
// as float64), so that the two readers can be compared.
func plain(v *strictjson.Value) any {
	switch v.Kind {
	case strictjson.Object:
		m := map[string]any{}
		for i := range v.Members {
			if _, dup := m[v.Members[i].Key]; !dup {
				m[v.Members[i].Key] = plain(&v.Members[i].Value)
			}
		}
		return m
	case strictjson.Array:
		a := []any{}
		for i := range v.Members {
			a = append(a, plain(&v.Members[i].Value))
		}
		return a
	case strictjson.String:
		return v.Str
	case strictjson.Number:
		f, _ := v.Float()
		return f
	case strictjson.Bool:
		return v.Str == "true"
	}
	return nil
}

func TestParseKeepsPlacesAndOrder(t *testing.T) {
	data := lines(
		`{"b": [1, -2.5e3, "x\u00e9"],`,
		` "a": {"t": true, "f": false, "n": null}}`,
	)
	root, res := strictjson.Parse([]byte(data), treeLimits)
	require.True(t, res.OK, "%+v", res.Problems)
	assert.Empty(t, res.Problems)
	assert.Equal(t, 9, res.Values, "every value counted once")
	assert.Equal(t, []string{"b", "a"}, []string{root.Members[0].Key, root.Members[1].Key}, "members in the document's order")
	a := root.Get("a")
	require.NotNil(t, a)
	assert.Equal(t, strings.Index(data, `{"t"`), a.Off, "a value starts at its first byte")
	assert.Equal(t, strings.Index(data, `}}`)+1, a.End, "and ends past its last")
	assert.Equal(t, strings.Index(data, `"a"`), root.Members[1].KeyOff, "a key is placed at its opening quote")
	assert.Equal(t, "-2.5e3", root.Find("/b/1").Str, "a number keeps its text")
	f, ok := root.Find("/b/1").Float()
	assert.True(t, ok)
	assert.Equal(t, -2500.0, f)
	assert.Equal(t, "xé", root.Find("/b/2").Str, "a string's escapes are decoded")
	assert.Equal(t, strictjson.Null, root.Find("/a/n").Kind)
	assert.Nil(t, root.Find("/b/01"), "an index is written without leading zeros")
	assert.Nil(t, root.Find("/b/3"), "an index past the end finds nothing")
	assert.Nil(t, root.Find("/a/t/x"), "a scalar has no members")
	var want any
	require.NoError(t, json.Unmarshal([]byte(data), &want))
	assert.Equal(t, want, plain(root), "the values are encoding/json's")
}

func TestPointerEscapesAndFindUnescapes(t *testing.T) {
	assert.Equal(t, "/a~1b/c~0d/0", strictjson.Pointer(strictjson.Pointer(strictjson.Pointer("", "a/b"), "c~d"), "0"))
	root, res := strictjson.Parse([]byte(`{"a/b": {"c~d": [7]}}`), treeLimits)
	require.True(t, res.OK)
	assert.Equal(t, "7", root.Find("/a~1b/c~0d/0").Str)
	assert.Same(t, root, root.Find(""), "the empty pointer is the document")
}

func TestParseGivesEachProblemItsPlaceAndPointer(t *testing.T) {
	tests := []struct {
		name      string
		data      string
		wantOK    bool
		line, col int
		pointer   string
		err       error
		msg       string
	}{
		{"a duplicate key is placed at the second key", lines(
			`{"a": {"x": 1,`,
			`  "x": 2}}`,
		), true, 2, 3, "/a/x", strictjson.ErrDuplicate, `duplicate key "x" in one object`},
		{"a duplicate among many keys is found by the set", `{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":0,"k11":0,"k12":0,"k13":0,"k14":0,"k15":0,"k16":0,"k3":0}`,
			true, 1, 128, "/k3", strictjson.ErrDuplicate, `duplicate key "k3" in one object`},
		{"a trailing comma in an object is named at the comma", lines(
			`{"a": {"x": 1,`,
			`  }}`,
		), false, 1, 14, "/a", strictjson.ErrSyntax, "trailing comma before '}' at byte offset 14: JSON allows no comma after the last member"},
		{"a trailing comma in an array is named at the comma", `{"a": [1, 2 ,]}`,
			false, 1, 13, "/a", strictjson.ErrSyntax, "trailing comma before ']'"},
		{"a syntax error is placed at the byte", `{"a": [1, 2 "b"]}`,
			false, 1, 13, "/a", strictjson.ErrSyntax, `invalid character '"' after array element`},
		{"nesting too deep is refused", `[[[[[[[[[0]]]]]]]]]`,
			false, 1, 9, "/0/0/0/0/0/0/0/0", strictjson.ErrTooLarge, "JSON nested deeper than 8 levels"},
		{"a byte order mark is named", "\xef\xbb\xbf{}", false, 1, 1, "", strictjson.ErrSyntax, strictjson.BOMMessage},
		{"data after the value is refused", "{} []", false, 1, 4, "", strictjson.ErrSyntax, "unexpected data after the top-level value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, res := strictjson.Parse([]byte(tt.data), treeLimits)
			assert.Equal(t, tt.wantOK, res.OK)
			assert.Equal(t, tt.wantOK, root != nil, "a root exactly when OK")
			require.Len(t, res.Problems, 1, "%+v", res.Problems)
			p := res.Problems[0]
			assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{p.Line, p.Column}, "%+v", p)
			assert.Equal(t, tt.pointer, p.Path)
			assert.ErrorIs(t, p.Err, tt.err)
			assert.Contains(t, p.Msg, tt.msg)
		})
	}
}

func TestDecodeNamesATrailingCommaToo(t *testing.T) {
	_, res := decode(t, "{\"items\": [],\n \"tags\": [\"a\",],\n}")
	require.NotEmpty(t, res.Problems)
	p := res.Problems[len(res.Problems)-1]
	assert.ErrorIs(t, p.Err, strictjson.ErrSyntax)
	assert.Equal(t, [2]int{2, 14}, [2]int{p.Line, p.Column}, "at the comma after \"a\"")
	assert.Contains(t, p.Msg, "trailing comma before ']'")
}

func TestParseBoundsTheValuesAndTheMemoryOfADocument(t *testing.T) {
	// Two megabytes of zeros: a million values.
	data := []byte("[" + strings.Repeat("0,", 1<<20) + "0]")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	root, res := strictjson.Parse(data, strictjson.Limits{Size: len(data), Depth: 8, Problems: 10, Values: 10_000})
	runtime.ReadMemStats(&after)
	assert.Nil(t, root)
	assert.False(t, res.OK)
	require.Len(t, res.Problems, 1)
	assert.ErrorIs(t, res.Problems[0].Err, strictjson.ErrTooLarge)
	assert.Equal(t, "more than 10000 JSON values", res.Problems[0].Msg)
	assert.Equal(t, "/9999", res.Problems[0].Path, "the first value past the bound")
	// The values read before the bound, not the document's million.
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(8<<20), "bytes allocated")
}

func TestDecodeAtDecodesAPartOfAParsedDocument(t *testing.T) {
	data := []byte("{\"x\": {\"ext\": {\"id\": \"a\", \"nope\": 1}}}")
	root, res := strictjson.Parse(data, treeLimits)
	require.True(t, res.OK)
	var got item
	r := strictjson.DecodeAt(data, root.Find("/x/ext"), &got, strictjson.SchemaOf(reflect.TypeFor[item]()), treeLimits)
	assert.True(t, r.OK)
	assert.Equal(t, item{ID: "a"}, got)
	require.Len(t, r.Problems, 1)
	assert.Equal(t, "nope", r.Problems[0].Path, "a path relative to the part")
	assert.Equal(t, bytes.Index(data, []byte(`"nope"`)), r.Problems[0].Offset, "an offset in the document")
	assert.Zero(t, r.Problems[0].Line, "left for the caller to place")
}

func TestLinesPlacesAnyOffset(t *testing.T) {
	l := strictjson.NewLines([]byte("ab\ncd\n\nef"))
	for _, tt := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {6, 3, 1}, {9, 4, 3}, {-1, 1, 1}, {99, 4, 3},
	} {
		p := l.Pos(tt.off)
		assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{p.Line, p.Column}, "offset %d", tt.off)
	}
}

// FuzzParse checks Parse against encoding/json: whatever it reads
// without a problem, encoding/json decodes to the same values, and
// whatever encoding/json refuses as malformed, Parse refuses; every
// value's place is the text of a value, and every problem is placed at
// its offset.
//
//	go test -run '^$' -fuzz FuzzParse -fuzztime 20s -fuzzminimizetime 100x ./internal/strictjson
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a": [1, {"b": null}], "c": "\u00e9"}`, `{"a":1,}`, `[1,]`, `{"a": 1, "a": 2}`, `-0.5e+3`, `"\ud800"`, "\xef\xbb\xbf1"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, res := strictjson.Parse(data, treeLimits)
		for _, p := range res.Problems {
			if p.Line != 1+bytes.Count(data[:p.Offset], []byte("\n")) {
				t.Fatalf("problem %+v is not placed at its offset in %q", p, data)
			}
		}
		var want any
		err := json.Unmarshal(data, &want)
		var se *json.SyntaxError
		if errors.As(err, &se) && res.OK {
			t.Fatalf("encoding/json finds %v in %q; Parse read it", err, data)
		}
		if !res.OK {
			return
		}
		checkPlaces(t, data, root)
		if len(res.Problems) > 0 || err != nil {
			return // duplicates, or a number beyond float64
		}
		if got := plain(root); !reflect.DeepEqual(want, got) && !hasNaN(got) {
			t.Fatalf("reading %q:\nencoding/json: %#v\nParse:         %#v", data, want, got)
		}
	})
}

// checkPlaces checks that each value's bytes are valid JSON by
// themselves.
func checkPlaces(t *testing.T, data []byte, v *strictjson.Value) {
	if !json.Valid(data[v.Off:v.End]) {
		t.Fatalf("value at [%d, %d) is %q", v.Off, v.End, data[v.Off:v.End])
	}
	for i := range v.Members {
		checkPlaces(t, data, &v.Members[i].Value)
	}
}

func hasNaN(v any) bool {
	f, ok := v.(float64)
	return ok && math.IsNaN(f)
}
