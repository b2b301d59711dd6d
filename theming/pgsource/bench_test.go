package pgsource_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
)

// BenchmarkEditorLoad is what an admin's editor costs on a theme with
// 1,000 revisions, each with a 1 KiB note, every tenth one published: the
// state a save and a publish take (Head) and the revision edited
// (Revision), against the way an editor had to get them before Head, the
// whole history read (by pages of MaxLimit, as History now bounds a
// call); then the history page (History with the default Page), and the
// log's.
//
//	go test -run '^$' -bench BenchmarkEditorLoad -benchmem ./theming/pgsource
func BenchmarkEditorLoad(b *testing.B) {
	_, pool := startDB(b, "")
	ctx := context.Background()
	revs := pgsource.Revisions{DB: pool, Catalog: catalog(b)}
	require.NoError(b, revs.CreateTenant(ctx, "acme"))
	themes, err := theming.DefaultThemes()
	require.NoError(b, err)
	th := themes[0]
	note := strings.Repeat("n", 1<<10)
	const total = 1000
	live := 0
	for i := range total {
		th.Name = fmt.Sprint("Harbor ", i+1)
		r, err := revs.Save(ctx, "acme", th, i, revision.Change{Author: "bench", Note: note})
		require.NoError(b, err)
		if i%10 == 0 {
			require.NoError(b, revs.Publish(ctx, "acme", th.ID, r.Number, live, revision.Change{Author: "bench", Note: note}))
			live = r.Number
		}
	}

	b.Run("Head+Revision", func(b *testing.B) {
		for b.Loop() {
			h, err := revs.Head(ctx, "acme", th.ID)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := revs.Revision(ctx, "acme", th.ID, h.Newest); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("baseline whole history", func(b *testing.B) {
		for b.Loop() {
			n := 0
			for page := (revision.Page{Limit: revision.MaxLimit}); ; {
				h, err := revs.History(ctx, "acme", th.ID, page)
				if err != nil {
					b.Fatal(err)
				}
				if len(h) == 0 {
					break
				}
				n += len(h)
				page.Before = h[len(h)-1].Number
			}
			if n != total {
				b.Fatalf("read %d revisions; want %d", n, total)
			}
		}
	})
	b.Run("History page", func(b *testing.B) {
		var size int
		for b.Loop() {
			h, err := revs.History(ctx, "acme", th.ID, revision.Page{})
			if err != nil {
				b.Fatal(err)
			}
			size = encoded(b, h)
		}
		b.ReportMetric(float64(size), "page-bytes")
	})
	b.Run("Log page", func(b *testing.B) {
		var size int
		for b.Loop() {
			l, err := revs.Log(ctx, "acme", th.ID, revision.Page{})
			if err != nil {
				b.Fatal(err)
			}
			size = encoded(b, l)
		}
		b.ReportMetric(float64(size), "page-bytes")
	})
}

// encoded returns the length of v's JSON encoding: what a page weighs.
func encoded(b *testing.B, v any) int {
	data, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	return len(data)
}
