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

// MarshalJSON writes the members in the order they were set.
func (o *object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := marshal(k)
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		vb, err := marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal encodes v without HTML escaping and without a trailing newline.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// encodeFile encodes a document as the files are written: indented by
// two spaces, ending in a newline.
func encodeFile(v any) ([]byte, error) {
	raw, err := marshal(v)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}
