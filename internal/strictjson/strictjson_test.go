package strictjson_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/strictjson"
)

// doc is a shape like the ones theming describes: a struct with a
// required array, optional pointers, a map and nested structs.
type doc struct {
	Name  string          `json:"name"`
	Count int             `json:"count"`
	Ratio *float64        `json:"ratio,omitempty"`
	On    bool            `json:"on"`
	Items []item          `json:"items"`
	Tags  []string        `json:"tags,omitempty"`
	Map   map[string]item `json:"map"`
	Skip  string          `json:"-"`
}

type item struct {
	ID   string  `json:"id"`
	Note *string `json:"note"`
}

var (
	docSchema = strictjson.SchemaOf(reflect.TypeFor[doc]())
	limits    = strictjson.Limits{Size: 1 << 20, Depth: 8, Problems: 50}
)

func decode(t *testing.T, data string) (doc, strictjson.Result) {
	t.Helper()
	var d doc
	return d, strictjson.Decode([]byte(data), &d, docSchema, limits)
}

// lines joins its arguments with newlines: argument n is line n.
func lines(ls ...string) string { return strings.Join(ls, "\n") }

func TestDecodeGivesEachProblemItsPlace(t *testing.T) {
	// Lines and columns are counted by hand on the lines written here;
	// columns count bytes from 1.
	tests := []struct {
		name             string
		data             string
		wantOK           bool
		wantLine, wantCo int
		wantPath         string
		wantErr          error
		wantMsg          string
	}{
		{"a wrong type is placed at the value", lines(
			`{"name": "a",`,
			` "count": "3", "items": []}`, // "3" at column 11
		), true, 2, 11, "count", strictjson.ErrType, "must be an integer, not a string"},
		{"a duplicate key is placed at the second key", lines(
			`{"items": [],`,
			`  "name": "a",`,
			`  "name": "b"}`, // the second "name" at column 3
		), true, 3, 3, "name", strictjson.ErrDuplicate, `duplicate key "name" in one object`},
		{"an unknown key is placed at the key", lines(
			`{"items": [{"id": "x", "nota": "y"}]}`, // "nota" at column 24
		), true, 1, 24, "items[0].nota", strictjson.ErrUnknownField, `unknown field "nota" (known: id, note)`},
		{"a null required array is placed at the null", lines(
			`{`,
			`  "items": null}`, // null at column 12
		), true, 2, 12, "items", strictjson.ErrRequired, "is required"},
		{"a missing required array is placed at the object that lacks it", lines(
			`{"name": "a",`,
			`  "map": {}}`,
		), true, 1, 1, "items", strictjson.ErrRequired, "is required"},
		{"a syntax error is placed at the offending byte, after a multi-byte character", lines(
			`{"items": [],`,
			` "name": "é" "count": 1}`, // é is two bytes: the quote of "count" at column 15
		), false, 2, 15, "", strictjson.ErrSyntax, `invalid character '"' after object key:value pair`},
		{"a CR LF file counts lines by LF", "{\r\n \"items\": [],\r\n \"on\": 1}", // 1 at column 8 of line 3
			true, 3, 8, "on", strictjson.ErrType, "must be true or false, not a number"},
		{"nesting too deep is placed at the bracket too many", `{"items": [], "map": {"a": {"id": [[[[[[[]]]]]]]}}}`, // the 9th level opens at column 40
			false, 1, 40, `map.a.id[0][0][0][0][0]`, strictjson.ErrTooLarge, "JSON nested deeper than 8 levels"},
		{"invalid UTF-8 is placed at the byte", lines(
			`{"items": [],`,
			" \"name\": \"\xff\"}", // the byte at column 11
		), false, 2, 11, "", strictjson.ErrSyntax, "invalid UTF-8 at byte offset 24"},
		{"a byte order mark is named at the start", "\xef\xbb\xbf{\"items\": []}",
			false, 1, 1, "", strictjson.ErrSyntax, "file starts with a UTF-8 byte order mark; save it without one"},
		{"data after the value is placed where it starts", lines(
			`{"items": []}`,
			`  {}`,
		), false, 2, 3, "", strictjson.ErrSyntax, "unexpected data after the top-level value at byte offset 16"},
		{"the end of a truncated document is placed after its last byte", `{"items": [`,
			false, 1, 12, "items[0]", strictjson.ErrSyntax, "unexpected end of JSON input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, res := decode(t, tt.data)
			assert.Equal(t, tt.wantOK, res.OK, "whether the value holds the document")
			// The last problem is the one the case is about: a nesting too
			// deep is first a wrong type for the field.
			require.NotEmpty(t, res.Problems)
			p := res.Problems[len(res.Problems)-1]
			assert.Equal(t, tt.wantPath, p.Path, "path")
			assert.ErrorIs(t, p.Err, tt.wantErr)
			assert.Contains(t, p.Msg, tt.wantMsg)
			assert.Equal(t, tt.wantLine, p.Line, "line of %+v", p)
			assert.Equal(t, tt.wantCo, p.Column, "column of %+v", p)
			assert.Equal(t, tt.wantLine-1, strings.Count(tt.data[:p.Offset], "\n"), "the offset %d is on the line", p.Offset)
		})
	}
}

func TestAWrongTypeBlocksWhatIsUnderIt(t *testing.T) {
	_, res := decode(t, `{"items": [], "map": {"a": 5, "b": {"id": 1, "id": 2}}}`)
	require.Len(t, res.Problems, 2, "the wrong type of map.a, and of map.b.id once: %+v", res.Problems)
	assert.Equal(t, "map.a", res.Problems[0].Path)
	assert.Equal(t, "map.b.id", res.Problems[1].Path)
	assert.True(t, res.Blocked.Covers("map.b.id"), "the wrong type's path is blocked")
	assert.True(t, res.Blocked.Covers("map.a.anything"), "and what is under it")
	assert.False(t, res.Blocked.Covers("map.b"), "but not its parent")
	assert.False(t, res.Blocked.Covers("map.ab"), "nor a sibling that shares its prefix")
}

func TestProblemsPastTheLimitAreCounted(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		b.WriteString(`, "x` + strconv.Itoa(i) + `": 1`)
	}
	_, res := decode(t, `{"items": []`+b.String()+`}`)
	assert.Len(t, res.Problems, limits.Problems, "problems listed")
	assert.Equal(t, 60-limits.Problems, res.Dropped, "problems counted")
	assert.True(t, res.OK, "unknown keys do not stop the decode")
}

func TestATooLargeDocumentIsRefusedBeforeItIsRead(t *testing.T) {
	var d doc
	res := strictjson.Decode([]byte(`{"items": []}`), &d, docSchema, strictjson.Limits{Size: 5, Depth: 8, Problems: 1})
	require.Len(t, res.Problems, 1)
	assert.False(t, res.OK)
	assert.ErrorIs(t, res.Problems[0].Err, strictjson.ErrTooLarge)
	assert.Equal(t, "the file is 13 bytes; the limit is 5", res.Problems[0].Msg)
	assert.Equal(t, strictjson.Pos{Offset: 0, Line: 1, Column: 1}, res.Problems[0].Pos)
}

func TestADocumentWithoutProblemsDecodesAsEncodingJSONDoes(t *testing.T) {
	data := `{"name": "a\u00e9", "count": 3, "ratio": 0.5, "on": true, "items": [{"id": "x", "note": null}, {"id": "y", "note": "n"}],
	  "tags": ["t"], "map": {"K": {"id": "z", "note": "m"}}}`
	got, res := decode(t, data)
	require.True(t, res.OK)
	require.Empty(t, res.Problems)
	var want doc
	require.NoError(t, json.Unmarshal([]byte(data), &want))
	assert.Equal(t, want, got)
}

func TestLocate(t *testing.T) {
	data := lines(
		`{"name": "a",`,
		` "items": [`,
		`   {"id": "x"},`,
		`   {"id": "y", "note": "n"}],`,
		` "map": {"K": {"id": "z"}, "a\"b": {"id": "q"}, "k": {"id": "w"}}}`,
	)
	// Each place counted by hand on the lines above.
	tests := []struct {
		name         string
		path         string
		line, column int
	}{
		{"the document", "", 1, 1},
		{"a field", "name", 1, 10},
		{"an array element", "items[1]", 4, 4},
		{"a field of an element", "items[1].note", 4, 24},
		{"a quoted map key", `map["K"].id`, 5, 22},
		{"a plain map key", "map.k.id", 5, 61},
		{"a map key with an escaped quote", `map["a\"b"]`, 5, 36},
		{"a key the document lacks falls back to its object", "items[0].note", 3, 4},
		{"an index the document lacks falls back to its array", "items[7].id", 2, 11},
	}
	paths := make([]string, len(tests))
	for i, tt := range tests {
		paths[i] = tt.path
	}
	got := strictjson.Locate([]byte(data), paths)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ok := got[tt.path]
			require.True(t, ok, "%q is placed", tt.path)
			assert.Equal(t, tt.line, p.Line, "line of %q", tt.path)
			assert.Equal(t, tt.column, p.Column, "column of %q", tt.path)
		})
	}
	t.Run("a document that is not JSON places what comes before the error", func(t *testing.T) {
		got := strictjson.Locate([]byte(`{"a": [1, 2 "b": 3}`), []string{"a[1]", "b"})
		assert.Equal(t, 11, got["a[1]"].Column, "a[1] before the error")
		assert.Equal(t, 1, got["b"].Column, "b, after it, falls back to the document")
	})
}

func TestComparePaths(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want int
	}{
		{"indices compare as numbers", "items[9].id", "items[10].id", -1},
		{"a path sorts before what is under it", "items[1]", "items[1].id", -1},
		{"keys compare as strings", "map.b", "map.a", 1},
		{"a quoted key compares by its text", `map["b"]`, "map.a", 1},
		{"equal paths are equal", "a[1].b", "a[1].b", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, strictjson.ComparePaths(tt.a, tt.b))
		})
	}
}

func TestJoinKey(t *testing.T) {
	assert.Equal(t, "a.b", strictjson.JoinKey("a", "b", false), "a field")
	assert.Equal(t, "b", strictjson.JoinKey("", "b", false), "a field at the root")
	assert.Equal(t, "colors.nav-bg", strictjson.JoinKey("colors", "nav-bg", true), "a plain map key")
	assert.Equal(t, `colors["Nav"]`, strictjson.JoinKey("colors", "Nav", true), "a map key that is not plain")
	assert.Equal(t, `colors[""]`, strictjson.JoinKey("colors", "", true), "an empty map key")
}

func TestPlaceWorksOutManyPositionsInOnePass(t *testing.T) {
	data := []byte("ab\ncd\n\nef")
	ps := []strictjson.Pos{{Offset: 9}, {Offset: 0}, {Offset: 4}, {Offset: 6}, {Offset: 2}}
	ptrs := make([]*strictjson.Pos, len(ps))
	for i := range ps {
		ptrs[i] = &ps[i]
	}
	strictjson.Place(data, ptrs)
	assert.Equal(t, []strictjson.Pos{
		{Offset: 9, Line: 4, Column: 3}, // past the last byte
		{Offset: 0, Line: 1, Column: 1},
		{Offset: 4, Line: 2, Column: 2},
		{Offset: 6, Line: 3, Column: 1}, // an empty line
		{Offset: 2, Line: 1, Column: 3}, // the newline itself ends line 1
	}, ps)
}

func TestSentinelsNameTheirPackage(t *testing.T) {
	for _, err := range []error{strictjson.ErrSyntax, strictjson.ErrType, strictjson.ErrTooLarge,
		strictjson.ErrDuplicate, strictjson.ErrUnknownField, strictjson.ErrRequired} {
		assert.True(t, strings.HasPrefix(err.Error(), "strictjson: "), "%q", err)
		assert.False(t, errors.Is(err, errors.New(err.Error())), "a sentinel is itself, not its text")
	}
}
