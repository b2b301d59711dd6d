package orderedjson

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
)

// Marshal writes v as the library writes its JSON files: objects and
// arrays one member a line, indented by two spaces as [json.Indent]
// indents ("{}" and "[]" when empty), strings without HTML escaping, and
// one newline at the end. *Object and []any are written straight into
// the result, once; other values go through encoding/json.
func Marshal(v any) ([]byte, error) {
	w := &writer{}
	w.enc = json.NewEncoder(&w.scratch)
	w.enc.SetEscapeHTML(false)
	if err := w.value(v, 0); err != nil {
		return nil, err
	}
	return append(w.b, '\n'), nil
}

// writer is Marshal's state.
type writer struct {
	b       []byte
	scratch bytes.Buffer
	enc     *json.Encoder
	indent  bytes.Buffer
}

func (w *writer) newline(depth int) {
	w.b = append(w.b, '\n')
	for range depth {
		w.b = append(w.b, "  "...)
	}
}

func (w *writer) value(v any, depth int) error {
	switch v := v.(type) {
	case *Object:
		if v.Len() == 0 {
			w.b = append(w.b, "{}"...)
			return nil
		}
		w.b = append(w.b, '{')
		for i, m := range v.members {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.newline(depth + 1)
			if err := w.scalar(m.key, depth+1); err != nil {
				return err
			}
			w.b = append(w.b, ": "...)
			if err := w.value(m.value, depth+1); err != nil {
				return err
			}
		}
		w.newline(depth)
		w.b = append(w.b, '}')
	case []any:
		return writeArray(w, v, depth, w.value)
	case []float64:
		return writeArray(w, v, depth, func(f float64, _ int) error { return w.float(f) })
	default:
		return w.scalar(v, depth)
	}
	return nil
}

// writeArray writes an array one element a line, each with elem.
func writeArray[E any](w *writer, v []E, depth int, elem func(E, int) error) error {
	if len(v) == 0 {
		w.b = append(w.b, "[]"...)
		return nil
	}
	w.b = append(w.b, '[')
	for i, e := range v {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.newline(depth + 1)
		if err := elem(e, depth+1); err != nil {
			return err
		}
	}
	w.newline(depth)
	w.b = append(w.b, ']')
	return nil
}

// float appends f as encoding/json writes a float64: without an
// exponent from 1e-6 up to 1e21, through encoding/json (exponents, and
// the error of a NaN or an infinity) otherwise.
func (w *writer) float(f float64) error {
	if a := math.Abs(f); a == 0 || a >= 1e-6 && a < 1e21 {
		w.b = strconv.AppendFloat(w.b, f, 'f', -1, 64)
		return nil
	}
	return w.encode(f, 0)
}

// scalar appends v as encoding/json encodes it, indented for depth when
// it is an object or an array. Strings, float64s, booleans and nil, the
// bulk of a document, are written directly; the rest go through
// encoding/json.
func (w *writer) scalar(v any, depth int) error {
	switch x := v.(type) {
	case string:
		if b, ok := appendPlainString(w.b, x); ok {
			w.b = b
			return nil
		}
	case float64:
		return w.float(x)
	case bool:
		w.b = strconv.AppendBool(w.b, x)
		return nil
	case nil:
		w.b = append(w.b, "null"...)
		return nil
	}
	return w.encode(v, depth)
}

// encode appends v as encoding/json encodes it, re-indented for depth.
func (w *writer) encode(v any, depth int) error {
	w.scratch.Reset()
	if err := w.enc.Encode(v); err != nil {
		return err
	}
	raw := bytes.TrimSuffix(w.scratch.Bytes(), []byte("\n"))
	if len(raw) == 0 || raw[0] != '{' && raw[0] != '[' {
		w.b = append(w.b, raw...)
		return nil
	}
	w.indent.Reset()
	if err := json.Indent(&w.indent, raw, string(bytes.Repeat([]byte("  "), depth)), "  "); err != nil {
		return err
	}
	w.b = append(w.b, w.indent.Bytes()...)
	return nil
}

// appendPlainString appends s quoted when it needs no escape: printable
// ASCII other than '"' and '\\' (encoding/json escapes control
// characters and, even without HTML escaping, U+2028 and U+2029, so
// other strings take its path).
func appendPlainString(b []byte, s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			return b, false
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), true
}
