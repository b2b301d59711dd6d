package revisiontest

import (
	"errors"
	"testing"

	"github.com/themekit/themekit/theming/revision"
)

// testStaleRefused: a publish that is both stale and refused by the
// policy is a conflict: the form shows the revision that went live
// meanwhile before it shows failures the admin may no longer need to fix.
func testStaleRefused(t *testing.T, s *suite) {
	bad := s.save(t, s.bad, 0, alice)
	good := s.save(t, s.good, bad.Number, alice)
	s.publish(t, 1, good.Number, 0)
	for _, live := range []int{0, bad.Number} {
		err := s.Store.Publish(s.ctx, s.Tenant, 1, bad.Number, live, bob)
		var ce *revision.ConflictError
		if !errors.As(err, &ce) || errors.Is(err, revision.ErrRefused) {
			t.Errorf("Publish(revision %d, failing the policy, from live %d) when revision %d is live = %v; want a *revision.ConflictError, before any refusal",
				bad.Number, live, good.Number, err)
			continue
		}
		if ce.Op != "publish" || ce.From != live || ce.Now != good.Number {
			t.Errorf("the conflict says %+v; want op publish, from %d, now %d", *ce, live, good.Number)
		}
	}
	var re *revision.RefusedError
	if err := s.Store.Publish(s.ctx, s.Tenant, 1, bad.Number, good.Number, bob); !errors.As(err, &re) {
		t.Errorf("Publish(revision %d, failing the policy, from the live revision) = %v; want a *revision.RefusedError", bad.Number, err)
	}
	if n := s.live(t, 1); n != good.Number {
		t.Errorf("after the refused publishes revision %d is live; want %d", n, good.Number)
	}
}
