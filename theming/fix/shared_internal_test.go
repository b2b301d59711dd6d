package fix

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// TestSharingRunsBetweenFieldsChangesNoAnswer: the solver finds a rule's
// passing runs once for every field that gives them (ruleRuns' shared
// key) and counts the pairs judged as though it had searched for each
// field. Over seeded random valid themes, under four sets of options, a
// solver that searches anew for each field gives the same theme, edits
// and error, and has judged as many pairs when it stops, as the solver
// that shares: those that stop at the work bound included.
func TestSharingRunsBetweenFieldsChangesNoAnswer(t *testing.T) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	e := New(snap.CompiledCatalog())
	n := 120
	if testing.Short() {
		n = 30
	}
	options := []FixOptions{{}, highContrastOptions(), {Policy: contrast.Policy{APCA: true}}, {Alpha: true, Policy: contrast.Policy{Method: contrast.Exact, Level: contrast.AAA}}}
	shared, stopped := 0, 0
	for i, th := range randomValidThemes(t, snap, n) {
		o := options[i%len(options)]
		run := func(unshared bool) (*solver, theming.Theme, []Edit, string) {
			s, err := e.newFixSolver(th, o)
			require.NoError(t, err)
			s.unshared = unshared
			out, edits, err := s.fix()
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			return s, out, edits, msg
		}
		s1, out1, edits1, err1 := run(false)
		s2, out2, edits2, err2 := run(true)
		assert.Equal(t, out2, out1, "theme %d: the theme", i)
		assert.Equal(t, edits2, edits1, "theme %d: the edits", i)
		assert.Equal(t, err2, err1, "theme %d: the error", i)
		assert.Equal(t, s2.work, s1.work, "theme %d: the pairs judged", i)
		if len(s1.shared) < len(s1.runs) {
			shared++
		}
		if s1.stopped {
			stopped++
		}
	}
	t.Logf("%d themes: %d shared runs between fields, %d stopped at the work bound", n, shared, stopped)
	require.Positive(t, shared, "some fields must share runs, or the test compares nothing")
	if !testing.Short() {
		require.Positive(t, stopped, "some fixes must stop at the bound, where the count of pairs decides the answer")
	}
}
