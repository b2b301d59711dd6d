package revision

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// boundedPreviews returns a source made by PreviewSource whose live
// snapshot has theme 1 "Live", whose revision n of theme 1 is "Draft n"
// for every n, the number of revisions it read (its builds), and a clock
// the test moves.
func boundedPreviews(t *testing.T) (*previews, *atomic.Int64, *time.Time) {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	live, err := cc.Snapshot([]theming.Theme{{ID: 1, Name: "Live"}})
	require.NoError(t, err)
	var reads atomic.Int64
	src := PreviewSource(theming.NewCurrent(live), nil, func(_ context.Context, _ string, themeID, n int) (theming.Theme, error) {
		reads.Add(1)
		return theming.Theme{ID: themeID, Name: fmt.Sprintf("Draft %d", n)}, nil
	}).(*previews)
	now := time.Date(2029, 6, 1, 12, 0, 0, 0, time.UTC)
	src.now = func() time.Time { return now }
	return src, &reads, &now
}

// tokenRequest returns the context of one request of tenant name that
// carries a verified token for revision n of theme 1, as
// PreviewMiddleware makes it.
func tokenRequest(name string, n int) context.Context {
	ctx := tenant.With(context.Background(), name)
	return context.WithValue(ctx, previewKey{}, preview{themeID: 1, n: n, active: true, state: &previewState{}})
}

// serve asks src for revision n of tenant name's theme 1 with a token,
// and returns the name of the theme it is served ("Live" when it is
// refused) and PreviewError's reason.
func serve(t *testing.T, src *previews, name string, n int) (string, error) {
	t.Helper()
	ctx := tokenRequest(name, n)
	s, err := src.Snapshot(ctx)
	require.NoError(t, err)
	rt, err := s.ChooseTheme(1)
	require.NoError(t, err)
	return rt.Name(), PreviewError(ctx)
}

// A tenant's requests build MaxPreviews previews at once and then one
// a second, counted in reads of a revision (each build reads one), on a
// clock the test moves: cycling more drafts than are kept builds no more
// than that, however many rounds, and is served the live theme for the
// drafts past the bound, with the reason; the kept drafts are served
// whatever the bound; another tenant has a bucket of its own.
func TestATenantBuildsMaxPreviewsAtOnceAndThenOneASecond(t *testing.T) {
	src, reads, now := boundedPreviews(t)
	const drafts = MaxPreviews + 16

	t.Run("the first round builds MaxPreviews and serves the rest live", func(t *testing.T) {
		for n := 1; n <= drafts; n++ {
			name, err := serve(t, src, "acme", n)
			if n <= MaxPreviews {
				assert.Equal(t, fmt.Sprintf("Draft %d", n), name)
				assert.NoError(t, err)
				continue
			}
			assert.Equal(t, "Live", name, "draft %d", n)
			assert.ErrorIs(t, err, ErrTooManyPreviews, "draft %d", n)
		}
		assert.EqualValues(t, MaxPreviews, reads.Load())
	})

	t.Run("three more rounds build nothing and serve the kept drafts", func(t *testing.T) {
		for range 3 {
			for n := 1; n <= drafts; n++ {
				name, err := serve(t, src, "acme", n)
				if n <= MaxPreviews {
					assert.Equal(t, fmt.Sprintf("Draft %d", n), name)
					assert.NoError(t, err)
				} else {
					assert.Equal(t, "Live", name)
					assert.EqualError(t, err, fmt.Sprintf("revision: too many previews built for the tenant: theme 1, revision %d not built; the next build in 1s", n))
				}
			}
		}
		assert.EqualValues(t, MaxPreviews, reads.Load())
	})

	t.Run("ten seconds later, ten more builds", func(t *testing.T) {
		*now = now.Add(10 * time.Second)
		before := reads.Load()
		for n := MaxPreviews + 1; n <= drafts; n++ {
			serve(t, src, "acme", n)
		}
		assert.EqualValues(t, 10, reads.Load()-before)
	})

	t.Run("another tenant builds on its own bucket", func(t *testing.T) {
		before := reads.Load()
		name, err := serve(t, src, "globex", 1)
		assert.Equal(t, "Draft 1", name)
		assert.NoError(t, err)
		assert.EqualValues(t, 1, reads.Load()-before)
	})

	t.Run("WithPreview past the bound gets the error, which httpadapter answers 503", func(t *testing.T) {
		_, err := src.Snapshot(WithPreview(tenant.With(context.Background(), "acme"), 1, drafts+1))
		assert.ErrorIs(t, err, ErrTooManyPreviews)
		assert.ErrorIs(t, err, theming.ErrNoSnapshot)
	})

	t.Run("a full bucket again, after a minute without builds, is dropped", func(t *testing.T) {
		*now = now.Add(MaxPreviews * previewBuildEvery)
		src.mu.Lock()
		src.sweepAt = 0 // sweep on the next build
		src.mu.Unlock()
		before := reads.Load()
		for n := 1; n <= MaxPreviews; n++ {
			name, err := serve(t, src, "initech", n)
			require.NoError(t, err)
			require.Equal(t, fmt.Sprintf("Draft %d", n), name)
		}
		assert.EqualValues(t, MaxPreviews, reads.Load()-before)
		src.mu.Lock()
		defer src.mu.Unlock()
		assert.NotContains(t, src.builds, "acme")
		assert.NotContains(t, src.builds, "globex")
		assert.Contains(t, src.builds, "initech")
	})
}
