package fix

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

func loadDefault(t testing.TB) *theming.Snapshot {
	t.Helper()
	s, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	return s
}

// reclaim runs the garbage collector until done holds, for at most ten
// seconds: cleanups run after the collection that finds their object
// unreachable, on a goroutine of their own.
func reclaim(done func() bool) {
	for deadline := time.Now().Add(10 * time.Second); !done() && time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}

func TestTheEngineKeepsWhatItWorksOutWithoutKeepingTheData(t *testing.T) {
	t.Run("a theme's variant is the caller's to keep: the engine keeps none", func(t *testing.T) {
		s := loadDefault(t)
		e := New(s.CompiledCatalog())
		rt, _ := s.Theme(1)
		v := e.HighContrast(rt)
		require.NotEmpty(t, v.Edits, "premise: theme 1 does not pass AAA as it is")
		again := e.HighContrast(rt)
		assert.NotSame(t, v.Theme, again.Theme, "worked out again, not kept")
		assert.Equal(t, v.Theme.Theme(), again.Theme.Theme(), "the same variant each time")
		v.Edits[0].Field = "changed"
		assert.NotEqual(t, "changed", e.HighContrast(rt).Edits[0].Field, "the edits returned are the caller's")
	})
	t.Run("a snapshot's default audit is worked out once and each caller gets its own copy", func(t *testing.T) {
		s := loadDefault(t)
		e := New(s.CompiledCatalog())
		first, err := e.Audit(s, contrast.Policy{})
		require.NoError(t, err)
		require.Equal(t, 1, e.audits.len(), "kept")
		first.Findings[0].Component = "changed"
		second, err := e.Audit(s, contrast.Policy{})
		require.NoError(t, err)
		assert.NotEqual(t, "changed", second.Findings[0].Component)
		other, err := e.Audit(s, contrast.Policy{Level: contrast.AAA})
		require.NoError(t, err)
		assert.NotEqual(t, second.Failed, other.Failed, "another policy is audited anew")
		assert.Equal(t, 1, e.audits.len(), "only the default policy's report is kept")
		runtime.KeepAlive(s)
	})
	t.Run("a dropped snapshot and its themes are reclaimed, and the engine forgets them", func(t *testing.T) {
		var e *Engine
		var reclaimedSnap, reclaimedTheme atomic.Bool
		func() {
			s := loadDefault(t)
			e = New(s.CompiledCatalog())
			rt, _ := s.Theme(2)
			runtime.AddCleanup(s, func(b *atomic.Bool) { b.Store(true) }, &reclaimedSnap)
			runtime.AddCleanup(rt, func(b *atomic.Bool) { b.Store(true) }, &reclaimedTheme)
			_, err := e.Audit(s, contrast.Policy{})
			require.NoError(t, err)
			e.HighContrastAudit(s)
			require.Equal(t, 1, e.audits.len())
			require.Equal(t, 1, e.hcAudits.len())
			runtime.KeepAlive(s)
		}()
		reclaim(func() bool {
			return reclaimedSnap.Load() && reclaimedTheme.Load() && e.audits.len()+e.hcAudits.len() == 0
		})
		assert.True(t, reclaimedSnap.Load(), "the snapshot was reclaimed although the engine audited it")
		assert.True(t, reclaimedTheme.Load(), "a theme was reclaimed although the engine made its variant")
		assert.Zero(t, e.audits.len()+e.hcAudits.len(), "what the engine kept for them is gone")
		runtime.KeepAlive(e)
	})
	t.Run("concurrent callers get the same variant", func(t *testing.T) {
		s := loadDefault(t)
		e := New(s.CompiledCatalog())
		rt, _ := s.Theme(3)
		got := make([]*theming.ResolvedTheme, 8)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i] = e.HighContrast(rt).Theme })
		}
		wg.Wait()
		for i := range got {
			assert.Equal(t, got[0].Theme(), got[i].Theme(), "caller %d", i)
		}
	})
}

func TestDataOfAnotherCatalogIsWorkedOutByItsOwnRules(t *testing.T) {
	s, other := loadDefault(t), loadDefault(t)
	require.NotSame(t, s.CompiledCatalog(), other.CompiledCatalog(), "premise: two compiled catalogs")
	e := New(s.CompiledCatalog())
	want, err := New(other.CompiledCatalog()).Audit(other, contrast.Policy{})
	require.NoError(t, err)
	got, err := e.Audit(other, contrast.Policy{})
	require.NoError(t, err)
	assert.Equal(t, want.Findings, got.Findings, "the other catalog's findings")
	rt, _ := other.Theme(1)
	theirs := New(other.CompiledCatalog()).HighContrast(rt)
	mine := e.HighContrast(rt)
	assert.Equal(t, theirs.Edits, mine.Edits)
	assert.Zero(t, e.audits.len(), "nothing kept for another catalog's data")
	aaa, err := e.Audit(other, contrast.Policy{Level: contrast.AAA})
	require.NoError(t, err)
	require.NotEmpty(t, aaa.Failures(), "premise: the default data fails AAA")
	wantEdit, wantOK := New(other.CompiledCatalog()).mustAudit(t, other, contrast.Policy{Level: contrast.AAA}).SuggestEdit(aaa.Failures()[0])
	gotEdit, gotOK := aaa.SuggestEdit(aaa.Failures()[0])
	assert.Equal(t, wantOK, gotOK)
	assert.Equal(t, wantEdit, gotEdit, "its report suggests the other catalog's edits")
}

func (e *Engine) mustAudit(t *testing.T, s *theming.Snapshot, p contrast.Policy) *Report {
	t.Helper()
	rep, err := e.Audit(s, p)
	require.NoError(t, err)
	return rep
}

func TestTheZeroEngineHasNoCatalog(t *testing.T) {
	var e Engine
	_, _, err := e.FixTheme(theming.Theme{ID: 1, Name: "T"}, FixOptions{})
	assert.ErrorIs(t, err, theming.ErrNoCatalog)
	_, err = e.AuditTheme(theming.Theme{ID: 1, Name: "T"}, contrast.Policy{})
	assert.ErrorIs(t, err, theming.ErrNoCatalog)
	_, err = e.FieldRange(theming.Theme{ID: 1, Name: "T"}, "colors.primary.light", contrast.Policy{})
	assert.ErrorIs(t, err, theming.ErrNoCatalog)
	_, ok := e.ForcedColor("--primary")
	assert.False(t, ok)
	rep, err := e.Audit(&theming.Snapshot{}, contrast.Policy{})
	require.NoError(t, err)
	assert.Zero(t, rep.Checked, "the zero Snapshot's audit checks nothing")
	rep, err = e.Audit(nil, contrast.Policy{})
	require.NoError(t, err)
	assert.Zero(t, rep.Checked, "nor a nil one's")
	assert.Zero(t, e.HighContrastAudit(nil).Checked)
	zero := &theming.ResolvedTheme{}
	assert.Same(t, zero, e.HighContrast(zero).Theme, "the zero ResolvedTheme's variant is itself")
	_, ok = e.HighContrast(zero).ForcedColor("--primary")
	assert.False(t, ok)
	_, ok = (*Variant)(nil).ForcedColor("--primary")
	assert.False(t, ok)
}
