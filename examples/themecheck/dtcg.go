package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
	"github.com/themekit/themekit/theming/fix"
)

// exportDTCG writes the snapshot's data as DTCG files into dir, creating
// it if need be.
func exportDTCG(e *fix.Engine, snap *theming.Snapshot, dir string) error {
	files, err := dtcg.ExportSnapshot(snap, dtcg.ExportOptions{Engine: e})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// importDTCG reads spec (a resolver document, or a light and a dark token
// file separated by a comma), writes catalog.json and themes.json into
// out, and returns the snapshot the import compiled, for the audit.
// Problems are printed on stderr as compilers print them, warnings too.
func importDTCG(spec, out string, stderr io.Writer) (*theming.Snapshot, error) {
	names := strings.Split(spec, ",")
	dir := filepath.Dir(names[0])
	rel := make([]string, len(names))
	for i, n := range names {
		r, err := filepath.Rel(dir, n)
		if err != nil || strings.HasPrefix(r, "..") {
			return nil, fmt.Errorf("%s and %s must be in one directory", names[0], n)
		}
		rel[i] = filepath.ToSlash(r)
	}
	// The token directory as a root: a symlink out of it (or a resolver
	// reference that climbs out) is refused, so that no byte from outside
	// reaches the import or its messages.
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	im, err := dtcg.Import(root.FS(), rel...)
	named := func(p *dtcg.Problem) string {
		q := *p
		if q.File != "" {
			q.File = filepath.Join(dir, q.File)
		}
		return q.Error()
	}
	if im != nil {
		for _, w := range im.Warnings {
			fmt.Fprintln(stderr, "warning:", named(w))
		}
	}
	var ie *dtcg.ImportError
	if errors.As(err, &ie) {
		for _, p := range ie.Problems {
			fmt.Fprintln(stderr, named(p))
		}
		return nil, fmt.Errorf("%s: %d problem(s)", spec, len(ie.Problems))
	}
	if err != nil {
		return nil, err
	}
	cb, err := im.CatalogJSON()
	if err != nil {
		return nil, err
	}
	tb, err := im.ThemesJSON()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(out, theming.CatalogFile), cb, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(out, theming.ThemesFile), tb, 0o644); err != nil {
		return nil, err
	}
	return im.Snapshot, nil
}
