package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// BenchmarkTenantLoad splits what a tenant's (re)load costs: reading its
// rows (one round trip on loopback), building the snapshot on the shared
// compiled catalog, and both, as tenant.Options.Load does; against
// theming.LoadFS(theming.DefaultFS()), the same four themes from files. Then a request's
// lookup of a built tenant in tenant.Source against a plain Store.
//
//	go test -run '^$' -bench BenchmarkTenantLoad -benchmem ./examples/postgres
func BenchmarkTenantLoad(b *testing.B) {
	_, pool := startDB(b)
	ctx := context.Background()
	defaultCatalog, err := theming.DefaultCatalog()
	require.NoError(b, err)
	cat, err := theming.CompileCatalog(defaultCatalog)
	require.NoError(b, err)
	themes, err := loadThemes(ctx, pool, "acme")
	require.NoError(b, err)

	b.Run("query", func(b *testing.B) {
		for b.Loop() {
			if _, err := loadThemes(ctx, pool, "acme"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			if _, err := cat.SnapshotLenient(themes); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("query+build", func(b *testing.B) {
		for b.Loop() {
			th, err := loadThemes(ctx, pool, "acme")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := cat.SnapshotLenient(th); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("baseline LoadFS(DefaultFS())", func(b *testing.B) {
		for b.Loop() {
			if _, err := theming.LoadFS(theming.DefaultFS()); err != nil {
				b.Fatal(err)
			}
		}
	})

	snap, err := cat.SnapshotLenient(themes)
	require.NoError(b, err)
	src := tenant.NewSource(tenant.Options{Load: func(context.Context, string) (*theming.Snapshot, error) { return snap, nil }})
	tctx := tenant.With(ctx, "acme")
	b.Run("lookup tenant.Source", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := src.Snapshot(tctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	store := theming.NewCurrent(snap)
	b.Run("lookup baseline Store", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := store.Snapshot(tctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}

// BenchmarkFirstResponse is what a client waits for after a change: the
// request after Invalidate reloads the tenant (query and build) and is the
// first on the new snapshot, whose bodies the adapter encodes on first
// use; against a request on an unchanged snapshot. Go's client asks for
// gzip, as browsers do.
//
//	go test -run '^$' -bench BenchmarkFirstResponse -benchmem ./examples/postgres
func BenchmarkFirstResponse(b *testing.B) {
	db, _ := startDB(b)
	r := startReplica(b, db.DSN, config{}, nil)
	for _, path := range []string{"/theme.css", "/api/v2/theme/"} {
		r.get(b, "acme", path, "dave")
		b.Run(path+" after Invalidate", func(b *testing.B) {
			for b.Loop() {
				r.source.Invalidate("acme")
				if status, _, err := r.fetch("acme", path, "dave"); err != nil || status != 200 {
					b.Fatal(status, err)
				}
			}
		})
		b.Run(path+" baseline unchanged", func(b *testing.B) {
			for b.Loop() {
				if status, _, err := r.fetch("acme", path, "dave"); err != nil || status != 200 {
					b.Fatal(status, err)
				}
			}
		})
	}
}
