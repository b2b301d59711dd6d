package theming

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"strconv"
	"strings"
)

// CompiledCatalog is a validated, indexed catalog from which any number of
// snapshots are built (one per tenant, or one per version of a host's
// themes). Everything that depends only on the catalog is worked out once
// and shared by every snapshot built from it. A CompiledCatalog never
// changes and is safe for concurrent use. The zero CompiledCatalog holds no
// catalog: its methods return errors, never panic.
type CompiledCatalog struct {
	catJSON []byte
	digest  [sha256.Size]byte
}

// CompileCatalog validates cat and compiles it. If anything is wrong it
// returns nil and a *ValidationError whose problems name the component and
// the path inside the Catalog value ("components[2].fallback.dark").
func CompileCatalog(cat Catalog) (*CompiledCatalog, error) {
	b, err := json.Marshal(cat)
	if err != nil {
		return nil, err
	}
	if _, err := Load(b, []byte(`{"themes": []}`)); err != nil {
		return nil, typedError(err, nil)
	}
	return &CompiledCatalog{catJSON: b, digest: sha256.Sum256(b)}, nil
}

// New validates a catalog and its themes, given as Go values, and returns
// the resolved, immutable Snapshot: the same validation, resolution and
// guarantees as Load. A nil or empty themes slice means no themes. New is
// CompileCatalog followed by CompiledCatalog.Snapshot.
func New(cat Catalog, themes []Theme) (*Snapshot, error) {
	c, err := CompileCatalog(cat)
	if err != nil {
		return nil, err
	}
	return c.Snapshot(themes)
}

// Snapshot validates themes against the catalog and returns the resolved
// snapshot. If anything is wrong it returns nil and a *ValidationError
// whose problems carry the ThemeID of the theme they are in.
func (c *CompiledCatalog) Snapshot(themes []Theme) (*Snapshot, error) {
	if c == nil || c.catJSON == nil {
		return nil, errNoCatalog
	}
	if themes == nil {
		themes = []Theme{}
	}
	tb, err := json.Marshal(Themes{Themes: themes})
	if err != nil {
		return nil, err
	}
	s, err := Load(c.catJSON, tb)
	if err != nil {
		return nil, typedError(err, themes)
	}
	s.compiled = c
	h := sha256.New()
	h.Write(c.digest[:])
	h.Write(tb)
	s.version = hex.EncodeToString(h.Sum(nil)[:8])
	return s, nil
}

// CheckTheme validates one theme against the catalog, as Snapshot would,
// without building anything: for an admin's edit, before the host stores
// it. The error is a *ValidationError with the same problems and sentinels
// Snapshot would report for the theme.
func (c *CompiledCatalog) CheckTheme(t Theme) error {
	_, err := c.Snapshot([]Theme{t})
	return err
}

// SnapshotLenient builds a snapshot of the themes that validate, leaving
// out the others. Like io.ReadFull, it returns both a result and an
// error: the snapshot is usable whenever it is non-nil (it is nil only
// when c holds no catalog), and a non-nil error is a *ValidationError
// whose problems name the themes left out.
func (c *CompiledCatalog) SnapshotLenient(themes []Theme) (*Snapshot, error) {
	if c == nil || c.catJSON == nil {
		return nil, errNoCatalog
	}
	var good []Theme
	var all []*Problem
	for _, t := range themes {
		if err := c.CheckTheme(t); err != nil {
			if ve, ok := err.(*ValidationError); ok {
				all = append(all, ve.Problems...)
			}
			continue
		}
		good = append(good, t)
	}
	s, err := c.Snapshot(good)
	if err != nil {
		s, _ = c.Snapshot(nil)
		if ve, ok := err.(*ValidationError); ok {
			all = append(all, ve.Problems...)
		}
	}
	if len(all) > 0 {
		return s, &ValidationError{Problems: all}
	}
	return s, nil
}

var errNoCatalog = &ValidationError{Problems: []*Problem{{Msg: "no catalog: use CompileCatalog", Err: ErrInvalid}}}

// typedError turns a Load error into the form of typed input: no file
// name, and theme problems relative to their theme.
func typedError(err error, themes []Theme) error {
	ve, ok := err.(*ValidationError)
	if !ok {
		return err
	}
	for _, p := range ve.Problems {
		p.File = ""
		if rest, ok := strings.CutPrefix(p.Path, "themes["); ok {
			if i := strings.IndexByte(rest, ']'); i > 0 {
				if n, err := strconv.Atoi(rest[:i]); err == nil && n < len(themes) && themes[n].ID > 0 {
					p.ThemeID = themes[n].ID
					p.Path = strings.TrimPrefix(rest[i+1:], ".")
				}
			}
		}
	}
	return ve
}

// Version returns a short digest of the data the snapshot was built
// from: the same on every replica that built it from the same data.
func (s *Snapshot) Version() string { return s.version }

// Catalog returns the compiled catalog the snapshot was built from.
func (s *Snapshot) Catalog() *CompiledCatalog { return s.compiled }

// DefaultCatalog returns the embedded default catalog, decoded into fresh
// values the caller owns.
func DefaultCatalog() (Catalog, error) {
	var cat Catalog
	b, err := fs.ReadFile(DefaultFS(), CatalogFile)
	if err == nil {
		err = json.Unmarshal(b, &cat)
	}
	return cat, err
}

// DefaultThemes returns the embedded default themes, decoded into fresh
// values the caller owns.
func DefaultThemes() ([]Theme, error) {
	var th Themes
	b, err := fs.ReadFile(DefaultFS(), ThemesFile)
	if err == nil {
		err = json.Unmarshal(b, &th)
	}
	return th.Themes, err
}
