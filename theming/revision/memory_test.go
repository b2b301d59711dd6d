package revision_test

import (
	"testing"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/revision/revisiontest"
)

func defaultCatalog(t testing.TB) *theming.CompiledCatalog {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		t.Fatal(err)
	}
	return cc
}

func TestMemoryPassesTheConformanceSuite(t *testing.T) {
	cc := defaultCatalog(t)
	for _, p := range []contrast.Policy{{}, {Level: contrast.AAA}} {
		t.Run("under "+p.Level.String()+" "+p.Method.String(), func(t *testing.T) {
			revisiontest.TestStore(t, func(t *testing.T) revisiontest.Env {
				m := revision.NewMemory(cc, p)
				return revisiontest.Env{Store: m, Source: m, Tenant: "acme", Catalog: cc, Policy: p}
			})
		})
	}
}
