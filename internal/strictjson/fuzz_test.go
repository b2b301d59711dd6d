package strictjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/themekit/themekit/internal/strictjson"
)

// FuzzDecode checks the decoder against encoding/json on a shape with
// every kind the schemas use (whatever it decodes without a problem,
// encoding/json decodes to the same value; whatever encoding/json refuses
// as malformed, it refuses), and that every problem's place agrees with
// its offset and that Locate places every path, on any input. The seeds
// are small, so that the fuzzer spends its time on mutations:
//
//	go test -run '^$' -fuzz FuzzDecode -fuzztime 20s ./internal/strictjson
//
// The exec count stands still while the fuzzer minimises a new input it
// found interesting (up to 60 s each by default); -fuzzminimizetime 100x
// bounds that when the count matters.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"name": "a\u00e9\ud83d\ude00", "count": 3, "ratio": 0.5, "on": true, "items": [{"id": "x", "note": null}], "tags": ["t"], "map": {"K": {"id": "z"}}}`,
		`{"items": null, "count": 1.5, "ratio": -1e400}`, `{"items": [], "items": [], "x": {"y": [1, {"z": null}]}}`,
		`{"map": {"a": 5}, "items": [[[[[[[[[]]]]]]]]]}`, "\xef\xbb\xbf{}", "{\r\n\"items\": [\"\xff\"]}", `{"a":1,}`, ` [ ] `, `"\ud800\u0041"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got doc
		res := strictjson.Decode(data, &got, docSchema, limits)
		var paths []string
		for _, p := range res.Problems {
			if p.Offset < 0 || p.Offset > len(data) || p.Line != 1+bytes.Count(data[:p.Offset], []byte("\n")) ||
				p.Column != p.Offset-(bytes.LastIndexByte(data[:p.Offset], '\n')+1)+1 {
				t.Fatalf("problem %+v is not placed at its offset in %q", p, data)
			}
			paths = append(paths, p.Path)
		}
		for path, pos := range strictjson.Locate(data, paths) {
			if pos.Offset < 0 || pos.Offset > len(data) || pos.Line < 1 || pos.Column < 1 {
				t.Fatalf("Locate placed %q at %+v in %q", path, pos, data)
			}
		}
		var want doc
		err := json.Unmarshal(data, &want)
		var se *json.SyntaxError
		if errors.As(err, &se) && res.OK {
			t.Fatalf("encoding/json finds %v in %q; the decoder decoded it", err, data)
		}
		if !res.OK || len(res.Problems) > 0 || res.Dropped > 0 {
			return
		}
		if err != nil {
			t.Fatalf("the decoder found no problem in %q; encoding/json: %v", data, err)
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("decoding %q:\nencoding/json: %#v\nthe decoder:   %#v", data, want, got)
		}
	})
}
