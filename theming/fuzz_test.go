package theming

import (
	"encoding/json"
	"errors"
	"io/fs"
	"reflect"
	"testing"

	"github.com/themekit/themekit/internal/strictjson"
)

// FuzzLoad feeds arbitrary bytes to the catalog loader (with fixed valid
// themes). It must never panic, must fail only with a *ValidationError,
// and whatever loads must re-encode and reload to the same data: the same
// served catalog and the same resolved colors.
func FuzzLoad(f *testing.F) {
	const themes = `{"themes": [{"id": 1, "name": "T", "favicon": null, "logo": null, "logo_inverse": null,
	  "compact_logo": null, "compact_logo_inverse": null, "logo_site": null,
	  "light_mode_logo_type": "DEFAULT", "dark_mode_logo_type": "DEFAULT", "logo_alignment": "left",
	  "logo_height": 0, "logo_margin_left": 0, "logo_margin_top": 0,
	  "compact_light_mode_logo_type": "DEFAULT", "compact_dark_mode_logo_type": "DEFAULT",
	  "compact_logo_size": 0, "default_group_banner": null, "default_event_banner": null,
	  "default_user_profile_banner": null, "is_default": true}]}`
	seeds := []string{
		`{"page_background": "p", "palette_preview": ["p"], "components": [{"component_id": "p", "name": "P", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0 0% 10%)"}, "variables": [{"css_variable": "--p", "opacity": 0.5}]}]}`,
		`{"page_background": "p", "palette_preview": [], "components": [{"component_id": "p", "name": "P", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []}, {"component_id": "a", "name": "A", "fallback": {"light": "p", "dark": "p"}, "variables": [{"css_variable": "--a", "lightness_offset": -5, "lightness": 0}], "contrast_against": [{"type": "component", "value": "p", "contrast_type": "text"}], "hidden": true}]}`,
		`{"page_background": "p", "palette_preview": [], "components": [{"component_id": "p", "name": "P", "fallback": {"light": "a", "dark": "a"}, "variables": []}, {"component_id": "a", "name": "A", "fallback": {"light": "p", "dark": "p"}, "variables": []}]}`,
		`{"components": [[[[]]]]}`, `{"a": 1, "a": 2}`, "\xff", `[]`, `null`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, catalog []byte) {
		s, err := Load(catalog, []byte(themes))
		if err != nil {
			var verr *ValidationError
			if !errors.As(err, &verr) || len(verr.Problems) == 0 {
				t.Fatalf("Load failed with %T %v, want a *ValidationError with problems", err, err)
			}
			return
		}
		again, err := json.Marshal(s.cat.cat)
		if err != nil {
			t.Fatalf("re-encoding a loaded catalog: %v", err)
		}
		s2, err := Load(again, []byte(themes))
		if err != nil {
			t.Fatalf("a loaded catalog re-encoded as %s does not reload: %v", again, err)
		}
		if string(s.cat.defsJSON) != string(s2.cat.defsJSON) {
			t.Fatalf("served catalog changed on reload:\n%s\n%s", s.cat.defsJSON, s2.cat.defsJSON)
		}
		a, b := s.themes[0], s2.themes[0]
		for k := range a.res.Colors {
			for i := range a.res.Colors[k] {
				if a.res.Colors[k][i] != b.res.Colors[k][i] {
					t.Fatalf("component %d resolved to %v, then %v", i, a.res.Colors[k][i], b.res.Colors[k][i])
				}
			}
		}
	})
}

// FuzzDecode checks the strict decoder on the two files' schemas against
// encoding/json: whatever it decodes without a problem, as a catalog or as
// themes, encoding/json decodes to the same Go value; and whatever
// encoding/json refuses as malformed, the decoder refuses too. Its seeds
// are small (each under 1 KB), so that the fuzzer spends its time on
// mutations rather than on minimising large inputs; the default data is
// checked the same way by TestTheDefaultDataDecodesAsEncodingJSONDecodesIt.
//
//	go test -run '^$' -fuzz FuzzDecode -fuzztime 20s ./theming
//
// The exec count stands still while the fuzzer minimises a new input it
// found interesting (up to 60 s each by default); -fuzzminimizetime 100x
// bounds that when the count matters.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"page_background": "p", "palette_preview": ["p"], "components": [{"component_id": "p", "name": "P", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "p"}, "variables": [{"css_variable": "--p", "opacity": 0.5, "lightness": 40}], "contrast_against": [{"type": "hsl", "value": "hsl(0 0% 0%)", "contrast_type": "text"}], "can_edit_opacity": true, "default_opacity": 1, "hidden": false}]}`,
		`{"themes": [{"id": 1, "name": "\u00e9\ud83d\ude00 \"x\"\/", "colors": {"a": {"light": "b"}}, "logo_site": {"thumbnail": null, "original": "a.png"}, "logo_height": -3, "is_default": true}]}`,
		`{"page_background": "p", "palette_preview": [], "components": [{"component_id": "p", "name": "P\ud800", "fallback": {"light": "a", "dark": "b"}, "variables": [{"css_variable": "--p", "opacity": -0.5e-3}]}]}`,
		`{"themes": [{"id": 1e2}]}`, `{"themes": [{"ID": 1}]}`, ` [ ] `, `{"a":1,}`, `{"themes": null}`,
		`{"components": [[[[]]]]}`, `{"a": 1, "a": 2}`, "\xef\xbb\xbf{}", "\xff", `{"themes": [{"id": 9223372036854775808}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecodeAgainstEncodingJSON[Catalog](t, data, catalogSchema())
		checkDecodeAgainstEncodingJSON[themesDoc](t, data, themesSchema())
	})
}

func TestTheDefaultDataDecodesAsEncodingJSONDecodesIt(t *testing.T) {
	for _, name := range []string{CatalogFile, ThemesFile} {
		t.Run(name+" decodes to the same values", func(t *testing.T) {
			data, err := fs.ReadFile(DefaultFS(), name)
			if err != nil {
				t.Fatal(err)
			}
			if name == CatalogFile {
				checkDecodeAgainstEncodingJSON[Catalog](t, data, catalogSchema())
			} else {
				checkDecodeAgainstEncodingJSON[themesDoc](t, data, themesSchema())
			}
		})
	}
}

func checkDecodeAgainstEncodingJSON[T any](t *testing.T, data []byte, s *strictjson.Schema) {
	t.Helper()
	var got T
	res := strictjson.Decode(data, &got, s, limits)
	var want T
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
}
