package revision_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

// A requester cycling N and then 4N drafts with tokens, each request
// previewing the next, four rounds, builds (reads a revision for) at most
// MaxPreviews previews and one a second after them, however many drafts
// and rounds: the requests past the bound are served the live theme
// saying why, and cost what a live request costs. The count, not the
// time, is asserted: the bound allows one build for each second the test
// took, so a slow machine cannot fail it. Before the bound, every request
// of a draft no longer kept read and resolved it again (320 and 1,280
// builds).
func TestCyclingDraftsBuildsMaxPreviewsAndThenOneASecond(t *testing.T) {
	cc := defaultCatalog(t)
	live, err := cc.Snapshot([]theming.Theme{{ID: 1, Name: "Live"}})
	require.NoError(t, err)
	signer := testSigner(t)
	const rounds = 4
	for _, drafts := range []int{revision.MaxPreviews + 16, 4 * (revision.MaxPreviews + 16)} {
		t.Run(fmt.Sprintf("%d drafts", drafts), func(t *testing.T) {
			var builds atomic.Int64
			src := revision.PreviewSource(theming.NewCurrent(live), nil, func(_ context.Context, _ string, themeID, n int) (theming.Theme, error) {
				builds.Add(1)
				return theming.Theme{ID: themeID, Name: fmt.Sprintf("Draft %d", n)}, nil
			})
			h := revision.PreviewMiddleware(revision.PreviewOptions{Signer: signer})(httpadapter.New(httpadapter.Options{Source: src}))
			tokens := make([]string, drafts)
			for k := range tokens {
				tokens[k], err = signer.Sign(revision.PreviewToken{ThemeID: 1, Number: k + 1, Expires: time.Now().Add(time.Hour)})
				require.NoError(t, err)
			}

			start := time.Now()
			outcomes := map[string]int{}
			for range rounds {
				for _, token := range tokens {
					req := httptest.NewRequest(http.MethodGet, "/api/v2/theme/config/", nil)
					req.AddCookie(&http.Cookie{Name: revision.PreviewCookie, Value: token})
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					require.Equal(t, http.StatusOK, rec.Code)
					outcome := rec.Header().Get(revision.PreviewHeader)
					if outcome != "live; reason=too-many-previews" {
						outcome = "preview"
					}
					outcomes[outcome]++
				}
			}
			elapsed := time.Since(start)
			allowed := int64(revision.MaxPreviews) + int64(elapsed/time.Second) + 1
			t.Logf("%d drafts, %d requests in %v: %d builds (%d allowed), %v", drafts, rounds*drafts, elapsed.Round(time.Millisecond), builds.Load(), allowed, outcomes)
			assert.LessOrEqual(t, builds.Load(), allowed, "builds: MaxPreviews, then one a second")
			assert.GreaterOrEqual(t, outcomes["preview"], revision.MaxPreviews, "the kept drafts are previewed")
			assert.Positive(t, outcomes["live; reason=too-many-previews"], "past the bound, live, saying why")
		})
	}
}
