package dtcg

import (
	"bytes"
	"encoding/json"
)

// object is a JSON object that keeps its keys in the order they were set,
// so that the files Export writes are stable and read in catalog order.
type object struct {
	keys []string
	vals []any
}

// set appends key with value v and returns o, for chaining.
func (o *object) set(key string, v any) *object {
	o.keys = append(o.keys, key)
	o.vals = append(o.vals, v)
	return o
}

// encodeFile encodes a document as the files are written: indented by two
// spaces as [json.Indent] indents, without HTML escaping, ending in a
// newline. Objects and arrays are written straight into the result, once;
// other values (strings, numbers, the extensions' structs) go through
// encoding/json.
func encodeFile(v any) ([]byte, error) {
	w := &writer{}
	w.enc = json.NewEncoder(&w.scratch)
	w.enc.SetEscapeHTML(false)
	if err := w.value(v, 0); err != nil {
		return nil, err
	}
	return append(w.b, '\n'), nil
}

// writer is encodeFile's state.
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
	case *object:
		if len(v.keys) == 0 {
			w.b = append(w.b, "{}"...)
			return nil
		}
		w.b = append(w.b, '{')
		for i, k := range v.keys {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.newline(depth + 1)
			if err := w.scalar(k, depth+1); err != nil {
				return err
			}
			w.b = append(w.b, ": "...)
			if err := w.value(v.vals[i], depth+1); err != nil {
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

// scalar appends v as encoding/json encodes it, indented for depth when it
// is an object or an array.
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
