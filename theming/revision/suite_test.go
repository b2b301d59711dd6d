package revision_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/revision/revisiontest"
	"github.com/themekit/themekit/theming/tenant"
)

// lastSaveWins is a store that ignores the editor's base: the last save
// wins, as it did before revisions.
type lastSaveWins struct{ *revision.Memory }

func (s lastSaveWins) Save(ctx context.Context, tenant string, t theming.Theme, _ int, by revision.Change) (revision.Revision, error) {
	h, _ := s.Head(ctx, tenant, t.ID)
	return s.Memory.Save(ctx, tenant, t, h.Newest, by)
}

// previewForAll is a source that serves everyone the newest revision of
// theme 1, as a source that keyed its previews by theme alone would.
type previewForAll struct{ *revision.Memory }

func (s previewForAll) Snapshot(ctx context.Context) (*theming.Snapshot, error) {
	name, _ := tenant.FromContext(ctx)
	if h, _ := s.Head(ctx, name, 1); h.Newest > 0 {
		ctx = revision.WithPreview(ctx, 1, h.Newest)
	}
	return s.Memory.Snapshot(ctx)
}

// republishRecords is a store that records a publish of the live
// revision again, as a store that rewrote its record would.
type republishRecords struct{ *revision.Memory }

func (s republishRecords) Publish(ctx context.Context, tenant string, themeID, n, live int, by revision.Change) error {
	if h, _ := s.Head(ctx, tenant, themeID); n == live && live == h.Live && live > 0 {
		if err := s.Archive(ctx, tenant, themeID, live, by); err != nil {
			return err
		}
		live = 0
	}
	return s.Memory.Publish(ctx, tenant, themeID, n, live, by)
}

// unboundedHistory is a store whose History returns every revision
// whatever the page asks.
type unboundedHistory struct{ *revision.Memory }

func (s unboundedHistory) History(ctx context.Context, tenant string, themeID int, _ revision.Page) ([]revision.Revision, error) {
	var all []revision.Revision
	for page := (revision.Page{Limit: revision.MaxLimit}); ; {
		h, err := s.Memory.History(ctx, tenant, themeID, page)
		if err != nil || len(h) == 0 {
			return all, err
		}
		all = append(all, h...)
		page.Before = h[len(h)-1].Number
	}
}

// tenantOnFirstSave is a store that creates a tenant on its first save,
// as the memory store did.
type tenantOnFirstSave struct{ *revision.Memory }

func (s tenantOnFirstSave) Save(ctx context.Context, tenant string, t theming.Theme, base int, by revision.Change) (revision.Revision, error) {
	_ = s.CreateTenant(ctx, tenant)
	return s.Memory.Save(ctx, tenant, t, base, by)
}

// brokenEnv is read by TestBrokenStoreUnderTheSuite in a child process.
const brokenEnv = "REVISIONTEST_BROKEN"

func TestBrokenStoreUnderTheSuite(t *testing.T) {
	broken := os.Getenv(brokenEnv)
	if broken == "" {
		t.Skip("run by TestTheSuiteFailsABrokenStore")
	}
	cc := defaultCatalog(t)
	revisiontest.TestStore(t, func(t *testing.T) revisiontest.Env {
		m := revision.NewMemory(cc, contrast.Policy{})
		env := revisiontest.Env{Store: m, Source: m, Tenant: "acme", Catalog: cc, Settle: 200e6}
		switch broken {
		case "last save wins":
			env.Store = lastSaveWins{m}
		case "previews for all":
			env.Source = previewForAll{m}
		case "a republish is recorded":
			env.Store = republishRecords{m}
		case "history is unbounded":
			env.Store = unboundedHistory{m}
		case "a tenant is made by its first save":
			env.Store = tenantOnFirstSave{m}
		}
		return env
	})
}

// The suite fails a store that breaks the contract, and says what broke.
func TestTheSuiteFailsABrokenStore(t *testing.T) {
	for _, tt := range []struct {
		broken string
		want   []string // in the failing run's output
	}{
		{"last save wins", []string{
			"--- FAIL: TestBrokenStoreUnderTheSuite/a_save_from_a_revision_that_is_not_the_newest_is_a_conflict",
			"want a *revision.ConflictError",
			"--- FAIL: TestBrokenStoreUnderTheSuite/of_concurrent_saves_from_one_revision_exactly_one_is_stored",
		}},
		{"previews for all", []string{
			"--- FAIL: TestBrokenStoreUnderTheSuite/a_preview_is_seen_by_the_previewing_request_alone",
			"a request without the preview is served \"revisiontest draft\"; want the live revision",
			"--- FAIL: TestBrokenStoreUnderTheSuite/a_preview_is_private,_no-store,_and_leaves_the_live_ETags_as_they_were",
		}},
		{"a republish is recorded", []string{
			"--- FAIL: TestBrokenStoreUnderTheSuite/a_publish_is_served,_marked_live_and_logged_once",
			"Log after publishing the live revision again",
		}},
		{"history is unbounded", []string{
			"--- FAIL: TestBrokenStoreUnderTheSuite/History_and_Log_are_read_a_bounded_page_at_a_time",
			"History({Before:0 Limit:0}) = revisions [105 104",
		}},
		{"a tenant is made by its first save", []string{
			"--- FAIL: TestBrokenStoreUnderTheSuite/a_tenant_is_created_once,_and_one_never_created_is_unknown_to_every_method",
			`Save of the tenant "acme-never" = <nil>; want an error wrapping theming.ErrUnknownTenant`,
		}},
	} {
		t.Run("a store where "+tt.broken, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestBrokenStoreUnderTheSuite$", "-test.v")
			cmd.Env = append(os.Environ(), brokenEnv+"="+tt.broken)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the suite passed a store where %s:\n%s", tt.broken, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("the failing run does not say %q:\n%s", w, out)
				}
			}
		})
	}
}
