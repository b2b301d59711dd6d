package main

import (
	"fmt"
	"os"

	"github.com/themekit/themekit/theming"
)

// loadCatalog compiles the catalog the replica serves: the file at path,
// decoded strictly with theming.ParseCatalog (a host whose themes live in
// the database keeps its catalog as a file of its own), or the embedded
// default catalog when path is "". A bad file is an error naming the file
// and every problem by line and column.
func loadCatalog(path string) (*theming.CompiledCatalog, error) {
	var (
		cat theming.Catalog
		err error
	)
	if path == "" {
		cat, err = theming.DefaultCatalog()
	} else {
		var data []byte
		if data, err = os.ReadFile(path); err == nil {
			cat, err = theming.ParseCatalog(data)
		}
		if err != nil {
			return nil, fmt.Errorf("-catalog %s: %w", path, err)
		}
	}
	if err != nil {
		return nil, err
	}
	return theming.CompileCatalog(cat)
}
