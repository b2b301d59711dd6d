package theming

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"strconv"
)

// File names the FS and directory loaders read.
const (
	CatalogFile = "catalog.json"
	ThemesFile  = "themes.json"
)

//go:embed defaultdata
var defaultData embed.FS

// DefaultFS returns the embedded default data: catalog.json and
// themes.json at its root, and the themes' images under media/.
func DefaultFS() fs.FS {
	sub, err := fs.Sub(defaultData, "defaultdata")
	if err != nil {
		panic("theming: embedded default data: " + err.Error()) // cannot happen: the directory is embedded
	}
	return sub
}

// LoadFS loads catalog.json and themes.json from the root of fsys, as
// [Load] does with their contents: LoadFS(os.DirFS(dir)) reads a
// directory, LoadFS(DefaultFS()) the embedded defaults. A file
// that cannot be read is an error wrapping the fs error (fs.ErrNotExist,
// fs.ErrPermission); a file larger than MaxInputSize is a
// *ValidationError wrapping ErrTooLarge.
func LoadFS(fsys fs.FS) (*Snapshot, error) {
	catalog, err := readLimited(fsys, CatalogFile)
	if err != nil {
		return nil, err
	}
	themes, err := readLimited(fsys, ThemesFile)
	if err != nil {
		return nil, err
	}
	return Load(catalog, themes)
}

// readLimited reads at most MaxInputSize+1 bytes, so that a huge file is
// refused without being read whole.
func readLimited(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("theming: %w", err)
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > MaxInputSize {
		ps := &problems{file: name}
		ps.addFatal("", ErrTooLarge, "the file is "+strconv.FormatInt(info.Size(), 10)+" bytes; the limit is "+strconv.Itoa(MaxInputSize))
		return nil, &ValidationError{Problems: ps.result()}
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxInputSize+1))
	if err != nil {
		return nil, fmt.Errorf("theming: reading %s: %w", name, err)
	}
	return b, nil
}

// Load validates a catalog and its themes, given as the contents of
// catalog.json and themes.json, and returns the resolved, immutable
// Snapshot. If anything is wrong it returns nil and a *ValidationError
// listing every problem with its file and JSON path; nothing is half
// loaded.
//
// Load decodes the JSON and then takes the path [CompileCatalog] and
// [CompiledCatalog.Snapshot] take: the same checks, resolution and result,
// with problems named by file and path.
//
// The three ways in: Load for bytes, [LoadFS] for an [fs.FS] (a directory
// is os.DirFS(dir), the embedded defaults [DefaultFS]), and
// [CompileCatalog] then [CompiledCatalog.Snapshot] for Go values.
func Load(catalogJSON, themesJSON []byte) (*Snapshot, error) {
	cps := &problems{file: CatalogFile}
	tps := &problems{file: ThemesFile}
	var cat Catalog
	var th themesDoc
	catOK := decodeJSON(catalogJSON, &cat, catalogSchema(), cps)
	thOK := decodeJSON(themesJSON, &th, themesSchema(), tps)
	var c *CompiledCatalog
	if catOK {
		c = compile(cat, cps)
	}
	var kept []checkedTheme
	if thOK {
		scopeOf := func(i int) scope {
			return scope{ps: tps, themeID: max(th.Themes[i].ID, 0)}.at("themes", i)
		}
		if c != nil {
			kept = c.checkThemes(th.Themes, scopeOf, len(cps.list) == 0, false)
		} else {
			for i := range th.Themes {
				checkThemeFields(&th.Themes[i], scopeOf(i))
			}
		}
	}
	if all := append(cps.result(), tps.result()...); len(all) > 0 {
		return nil, &ValidationError{Problems: all}
	}
	if err := c.assemble(); err != nil {
		return nil, err
	}
	return c.build(kept), nil
}

// DefaultCatalog returns the embedded default catalog (DefaultFS's
// catalog.json) decoded into fresh Go values the caller owns: for a host
// that seeds its own tables with it.
func DefaultCatalog() (Catalog, error) {
	var cat Catalog
	err := decodeDefault(CatalogFile, &cat, catalogSchema())
	return cat, err
}

// DefaultThemes returns the embedded default themes (DefaultFS's
// themes.json) decoded into fresh Go values the caller owns.
func DefaultThemes() ([]Theme, error) {
	var th themesDoc
	err := decodeDefault(ThemesFile, &th, themesSchema())
	return th.Themes, err
}

func decodeDefault(name string, v any, s *schema) error {
	b, err := fs.ReadFile(DefaultFS(), name)
	if err != nil {
		return fmt.Errorf("theming: %w", err)
	}
	ps := &problems{file: name}
	if !decodeJSON(b, v, s, ps) || len(ps.list) > 0 {
		return &ValidationError{Problems: ps.result()}
	}
	return nil
}
