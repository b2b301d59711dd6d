package orderedjson_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/orderedjson"
)

// indented is what encoding/json writes for b: compacted, then indented
// by two spaces, with a newline: the reference Marshal must equal.
func indented(t *testing.T, b []byte) string {
	t.Helper()
	var c, out bytes.Buffer
	require.NoError(t, json.Compact(&c, b))
	require.NoError(t, json.Indent(&out, c.Bytes(), "", "  "))
	return out.String() + "\n"
}

func TestSetKeepsTheOrderAndReplacesInPlace(t *testing.T) {
	o := new(orderedjson.Object).Set("b", 1).Set("a", 2).Set("c", 3)
	o.Set("a", "two")
	var keys []string
	for k := range o.All() {
		keys = append(keys, k)
	}
	assert.Equal(t, []string{"b", "a", "c"}, keys)
	assert.Equal(t, "two", o.Get("a"))
	o.Delete("b")
	assert.Equal(t, 2, o.Len())
	assert.Nil(t, o.Get("b"))
	b, err := orderedjson.Marshal(o)
	require.NoError(t, err)
	assert.Equal(t, "{\n  \"a\": \"two\",\n  \"c\": 3\n}\n", string(b))
}

func TestALargeObjectFindsItsKeysByIndex(t *testing.T) {
	o := new(orderedjson.Object)
	for i := range 100 {
		o.Set(fmt.Sprint("k", i), i)
	}
	o.Set("k7", "seven")
	o.Delete("k3")
	o.Set("k3", "back")
	assert.Equal(t, 100, o.Len())
	assert.Equal(t, "seven", o.Get("k7"))
	assert.Equal(t, 99, o.Get("k99"))
	var last string
	for k := range o.All() {
		last = k
	}
	assert.Equal(t, "k3", last, "a deleted key set again comes last")
}

func TestANilObjectReadsAsEmptyAndIgnoresWrites(t *testing.T) {
	var o *orderedjson.Object
	assert.Nil(t, o.Set("a", 1))
	o.Delete("a")
	assert.Nil(t, o.Get("a"))
	assert.Zero(t, o.Len())
}

func TestMarshalWritesWhatEncodingJSONIndents(t *testing.T) {
	type ext struct {
		Source string  `json:"source"`
		Ratio  float64 `json:"ratio"`
		Empty  []int   `json:"empty"`
	}
	o := new(orderedjson.Object).
		Set("z", []any{1.5, "<&>", new(orderedjson.Object), []any{}}).
		Set("a", ext{Source: "a<b", Ratio: 0.25, Empty: []int{}}).
		Set("m", new(orderedjson.Object).Set("y", nil).Set("x", true)).
		Set("n", json.Number("1e3"))
	got, err := orderedjson.Marshal(o)
	require.NoError(t, err)
	want := `{"z": [1.5, "<&>", {}, []], "a": {"source": "a<b", "ratio": 0.25, "empty": []}, "m": {"y": null, "x": true}, "n": 1e3}`
	assert.Equal(t, indented(t, []byte(want)), string(got))
	assert.NotContains(t, string(got), `\u003c`, "no HTML escaping")
}

func TestAnObjectInsideAnEncodedValueKeepsItsOrder(t *testing.T) {
	b, err := json.Marshal(map[string]any{"o": new(orderedjson.Object).Set("b", 1).Set("a", 2)})
	require.NoError(t, err)
	assert.Equal(t, `{"o":{"b":1,"a":2}}`, string(b))
}

func TestParseThenMarshalGivesTheOpenAPIDocumentBack(t *testing.T) {
	// The httpadapter's embedded OpenAPI description: the document the
	// OpenAPI code reads, edits and writes.
	data, err := os.ReadFile("../../httpadapter/openapi.json")
	require.NoError(t, err)
	v, err := orderedjson.Parse(data)
	require.NoError(t, err)
	root, ok := v.(*orderedjson.Object)
	require.True(t, ok)
	got, err := orderedjson.Marshal(root)
	require.NoError(t, err)
	assert.Equal(t, indented(t, data), string(got), "keys in the file's order, numbers as written")

	servers, err := root.Lookup("servers", "0")
	require.NoError(t, err)
	servers.Set("url", "https://example.com/api")
	assert.Contains(t, mustMarshal(t, root), `"url": "https://example.com/api"`)
	_, err = root.Lookup("servers", "7")
	assert.EqualError(t, err, "no servers.7")
	_, err = root.Lookup("openapi")
	assert.EqualError(t, err, "openapi is not an object")
}

func TestParseRefusesWhatTheStrictReaderRefuses(t *testing.T) {
	_, err := orderedjson.Parse([]byte("{\"a\": 1,\n \"a\": 2}"))
	assert.EqualError(t, err, `orderedjson: 2:2: /a: duplicate key "a" in one object`)
	_, err = orderedjson.Parse([]byte(`[1,]`))
	assert.ErrorContains(t, err, "trailing comma")
}

func mustMarshal(t *testing.T, v any) string {
	b, err := orderedjson.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// The OpenAPI code's way: read the embedded document, change it in
// place, write it back with its keys where they were.
func Example() {
	v, err := orderedjson.Parse([]byte(`{"openapi": "3.1.0", "servers": [{"url": "/"}], "paths": {}}`))
	if err != nil {
		panic(err)
	}
	root := v.(*orderedjson.Object)
	server, err := root.Lookup("servers", "0")
	if err != nil {
		panic(err)
	}
	server.Set("url", "https://example.com")
	root.Set("info", new(orderedjson.Object).Set("title", "themekit").Set("version", "1"))
	b, err := orderedjson.Marshal(root)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(b))
	// Output:
	// {
	//   "openapi": "3.1.0",
	//   "servers": [
	//     {
	//       "url": "https://example.com"
	//     }
	//   ],
	//   "paths": {},
	//   "info": {
	//     "title": "themekit",
	//     "version": "1"
	//   }
	// }
}

func TestScalarsAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	vals := []any{0.0, math.Copysign(0, -1), 1e-7, 1e-6, 0.1, 359.996, 1e20, 1e21, -2.5e-9, 12345678.9,
		"", "plain", `quo"te`, `back\slash`, "tab\there", "é", "\u2028", "<&>", "\x7f", true, false, nil}
	for _, v := range vals {
		got, err := orderedjson.Marshal(v)
		require.NoError(t, err)
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(v))
		assert.Equal(t, want.String(), string(got), "%#v", v)
	}
	_, err := orderedjson.Marshal(math.NaN())
	assert.Error(t, err, "NaN is no JSON number")
}
