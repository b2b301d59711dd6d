package theming

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// The served JSON: the component definitions (encoded once per compiled
// catalog), the theme list and the theme for a user (encoded on each
// call, for the caller to keep).

// ComponentDefsJSON returns the served catalog: a compact JSON array of
// the visible component definitions. It is encoded once per compiled
// catalog, when the catalog is compiled, and shared by every snapshot
// built from it; the slice is a copy. The zero Snapshot's is "[]".
func (s *Snapshot) ComponentDefsJSON() []byte {
	if !s.cat.ok() {
		return []byte("[]")
	}
	return slices.Clone(s.cat.defsJSON)
}

// servedTheme is the theme record as the service serves it: the Theme's
// fields, then the computed palette preview.
type servedTheme struct {
	Theme
	PalettePreview []string `json:"palette_preview"`
}

// ThemesJSON returns the served theme list: a compact JSON array of theme
// records in ascending id order, each with its palette preview, image
// paths turned into URLs on mediaBase ("" means [DefaultMediaBase]). It is
// encoded on each call, each record once, straight into the returned
// slice: the caller (httpadapter, once per snapshot) keeps the result.
// Encoded on the default base, the list is also what [Snapshot.Version]
// digests, so a host serving that base pays nothing more for the version.
// The error wraps [ErrMediaBase] for an unusable base.
func (s *Snapshot) ThemesJSON(mediaBase string) ([]byte, error) {
	base, err := NormalizeMediaBase(mediaBase)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := s.writeThemes(&buf, base); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	if base == DefaultMediaBase && s.cat.ok() {
		s.versionOnce.Do(func() { s.version = s.digest(b) })
	}
	if cap(b)-len(b) > len(b)/8 {
		// The caller keeps the list for the snapshot's life: do not make
		// it keep the buffer's growth room too (up to as much again).
		b = bytes.Clone(b)
	}
	return b, nil
}

// writeThemes writes the theme list on a normalized base to w, a buffer
// or a hash: '[', each record encoded once straight into w, ']'. The
// bytes are those json.Marshal gives for the list.
func (s *Snapshot) writeThemes(w io.Writer, base string) error {
	io.WriteString(w, "[")
	enc := json.NewEncoder(noNewline{w})
	for n, rt := range s.themes {
		if n > 0 {
			io.WriteString(w, ",")
		}
		if err := enc.Encode(rt.served(base, rt.res.Palette)); err != nil {
			return fmt.Errorf("theming: encoding theme %d: %w", rt.theme.ID, err)
		}
	}
	_, err := io.WriteString(w, "]")
	return err
}

// noNewline writes what a json.Encoder writes without the newline that
// ends each value. Compact JSON has no other newline byte (one in a string
// is escaped), so a trailing '\n' is always the terminator.
type noNewline struct{ w io.Writer }

func (n noNewline) Write(p []byte) (int, error) {
	if len(p) > 0 && p[len(p)-1] == '\n' {
		k, err := n.w.Write(p[:len(p)-1])
		if err == nil {
			k++
		}
		return k, err
	}
	return n.w.Write(p)
}

// ThemeJSON returns one served theme record, as the theme for a user is
// served: palette_preview is an empty array, as the source document
// observed. It is encoded on each call. The error wraps [ErrUnknownTheme]
// when no theme has the id, and [ErrMediaBase] for an unusable base.
func (s *Snapshot) ThemeJSON(id int, mediaBase string) ([]byte, error) {
	base, err := NormalizeMediaBase(mediaBase)
	if err != nil {
		return nil, err
	}
	rt, ok := s.Theme(id)
	if !ok {
		return nil, fmt.Errorf("%w: id %d", ErrUnknownTheme, id)
	}
	b, err := json.Marshal(rt.served(base, []string{}))
	if err != nil {
		return nil, fmt.Errorf("theming: encoding theme %d: %w", id, err)
	}
	return b, nil
}

// served returns the record to encode: the theme with its media paths
// made URLs on base (absolute URLs stay as written) and its colors {} when
// it has none.
func (r *ResolvedTheme) served(base string, palette []string) servedTheme {
	t := r.theme
	if t.Colors == nil {
		t.Colors = map[string]PerScheme{}
	}
	for _, pair := range t.pairs() {
		if *pair != nil {
			own := **pair
			*pair = &own
		}
	}
	for _, field := range t.images() {
		if p := *field; p != nil && !isAbsoluteURL(*p) {
			u := base + *p
			*field = &u
		}
	}
	return servedTheme{Theme: t, PalettePreview: palette}
}
