package theming

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"strconv"

	"github.com/themekit/themekit/internal/strictjson"
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
		return nil, &ValidationError{Problems: []*Problem{{File: name, Line: 1, Column: 1, Err: ErrTooLarge,
			Msg: "the file is " + strconv.FormatInt(info.Size(), 10) + " bytes; the limit is " + strconv.Itoa(MaxInputSize)}}}
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
// listing every problem with its file, JSON path, line and column;
// nothing is half loaded.
//
// Load decodes the JSON and then takes the path [CompileCatalog] and
// [CompiledCatalog.Snapshot] take: the same checks, bounds ([MaxComponents],
// [MaxThemes]), resolution and result, with problems named by file and path.
//
// The ways in: Load for bytes, [LoadFS] for an [fs.FS] (a directory is
// os.DirFS(dir), the embedded defaults [DefaultFS]), [CompileCatalog]
// then [CompiledCatalog.Snapshot] for Go values, and [ParseCatalog] for a
// catalog file whose themes are Go values.
func Load(catalogJSON, themesJSON []byte) (*Snapshot, error) {
	cps := &problems{file: CatalogFile}
	tps := &problems{file: ThemesFile}
	c := parseCatalog(catalogJSON, cps)
	var th themesDoc
	thOK := decodeJSON(themesJSON, &th, themesSchema(), tps)
	if thOK {
		if probs := themeSizeProblems(th.Themes, "themes"); len(probs) > 0 {
			for _, p := range probs {
				tps.addProblem(*p)
			}
			thOK = false
		}
	}
	var kept []checkedTheme
	if thOK {
		scopeOf := func(i int) scope {
			return scope{ps: tps, themeID: max(th.Themes[i].ID, 0)}.at("themes", i)
		}
		if c != nil {
			kept = c.checkThemes(th.Themes, scopeOf, cps.len() == 0, false)
		} else {
			for i := range th.Themes {
				checkThemeFields(&th.Themes[i], scopeOf(i))
			}
		}
	}
	catProbs, thProbs := cps.result(), tps.result()
	if len(catProbs)+len(thProbs) > 0 {
		// The error path: only now are the places of the problems the
		// checks found looked up, in one scan of each file.
		place(catalogJSON, catProbs)
		place(themesJSON, thProbs)
		return nil, &ValidationError{Problems: append(catProbs, thProbs...)}
	}
	if err := c.assemble(); err != nil {
		return nil, err
	}
	return c.build(kept), nil
}

// ParseCatalog decodes and validates a catalog.json on its own: for a
// host that keeps its catalog in a file and its themes elsewhere (rows
// of its database), which it then checks with [CompileCatalog] and
// [CompiledCatalog.Snapshot]. It applies the checks [Load] applies to
// the catalog file, and returns the decoded catalog; if anything is
// wrong, the zero Catalog and a *[ValidationError] whose problems are
// placed in the file (File is [CatalogFile]; Path, Line, Column and
// Offset name the value).
func ParseCatalog(data []byte) (Catalog, error) {
	ps := &problems{file: CatalogFile}
	c := parseCatalog(data, ps)
	if probs := ps.result(); len(probs) > 0 {
		place(data, probs)
		return Catalog{}, &ValidationError{Problems: probs}
	}
	return c.cat, nil
}

// parseCatalog decodes catalog.json, checks its size and compiles it,
// recording what it finds in ps (without places for the compiler's
// problems: the caller places them, once for all). It returns nil when
// the file does not decode.
func parseCatalog(data []byte, ps *problems) *CompiledCatalog {
	var cat Catalog
	if !decodeJSON(data, &cat, catalogSchema(), ps) {
		return nil
	}
	if p := componentCountProblem(len(cat.Components)); p != nil {
		ps.addProblem(*p)
		return nil
	}
	return compile(cat, ps)
}

// The bounds on the size of typed input, as MaxInputSize bounds a file's.
const (
	// MaxComponents is the most components a catalog may define: the
	// largest catalog the library is measured and tested with (about
	// 25 MB as catalog.json, well inside MaxInputSize). It bounds the
	// overrides of one theme too, which name distinct components.
	MaxComponents = 100_000
	// MaxThemes is the most themes one snapshot may hold.
	MaxThemes = 10_000
)

// componentCountProblem returns the problem of a catalog with more than
// MaxComponents components, at its "components", or nil.
func componentCountProblem(n int) *Problem {
	if n <= MaxComponents {
		return nil
	}
	return &Problem{Path: "components", Err: ErrTooLarge, Msg: countMsg(n, MaxComponents, "components")}
}

// themeSizeProblems returns the problems of themes beyond the bounds:
// more than MaxThemes of them (at list, "" for Go values), or a theme with
// more than MaxComponents color overrides (at its "colors"; for Go values
// named by ThemeID when its id is positive, as Snapshot names them).
func themeSizeProblems(themes []Theme, list string) []*Problem {
	if len(themes) > MaxThemes {
		return []*Problem{{Path: list, Err: ErrTooLarge, Msg: countMsg(len(themes), MaxThemes, "themes")}}
	}
	var out []*Problem
	for i := range themes {
		t := &themes[i]
		if len(t.Colors) <= MaxComponents {
			continue
		}
		p := &Problem{Path: "colors", Err: ErrTooLarge, Msg: countMsg(len(t.Colors), MaxComponents, "color overrides")}
		switch {
		case list == "" && t.ID > 0:
			p.ThemeID = t.ID
		default:
			p.Path = "themes[" + strconv.Itoa(i) + "].colors"
			p.ThemeID = max(t.ID, 0)
		}
		out = append(out, p)
	}
	return out
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

func decodeDefault(name string, v any, s *strictjson.Schema) error {
	b, err := fs.ReadFile(DefaultFS(), name)
	if err != nil {
		return fmt.Errorf("theming: %w", err)
	}
	ps := &problems{file: name}
	if !decodeJSON(b, v, s, ps) || ps.len() > 0 {
		return &ValidationError{Problems: ps.result()}
	}
	return nil
}
