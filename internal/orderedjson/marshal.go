package orderedjson

import (
	"bytes"
	"encoding/json"
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
			if err := w.value(e, depth+1); err != nil {
				return err
			}
		}
		w.newline(depth)
		w.b = append(w.b, ']')
	default:
		return w.scalar(v, depth)
	}
	return nil
}

// scalar appends v as encoding/json encodes it, indented for depth when
// it is an object or an array.
func (w *writer) scalar(v any, depth int) error {
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
