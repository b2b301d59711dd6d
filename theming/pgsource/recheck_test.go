package pgsource

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestTheMergerReChecksAtMostOncePerInterval: of the notifications for
// built tenants whose last read found no change, the first of an interval
// invalidates at once, and the rest, whatever they name, wait for one
// re-check at its end; a tenant not built, or changed, is invalidated at
// once.
func TestTheMergerReChecksAtMostOncePerInterval(t *testing.T) {
	const every = 250 * time.Millisecond
	t0 := time.Unix(1000, 0)
	m := merger{every: every}
	var invalidated []string
	inv := func(tenant string) { invalidated = append(invalidated, tenant) }

	m.notice("a", t0, true, false, inv)
	assert.Equal(t, []string{"a"}, invalidated, "the first of an interval: at once")
	assert.True(t, m.due().IsZero(), "nothing pending")
	for i, name := range []string{"b", "c", "a", "d", "b"} {
		m.notice(name, t0.Add(time.Duration(i+1)*time.Millisecond), true, false, inv)
	}
	m.notice("new", t0.Add(10*time.Millisecond), false, false, inv)
	m.notice("edited", t0.Add(11*time.Millisecond), true, true, inv)
	assert.Equal(t, []string{"a", "new", "edited"}, invalidated, "not built, or changed: at once; the rest wait")
	assert.Equal(t, t0.Add(every), m.due(), "the re-check is due when the interval ends")
	assert.Nil(t, m.take(t0.Add(every-time.Millisecond)), "not before")
	names := m.take(t0.Add(every))
	slices.Sort(names)
	assert.Equal(t, []string{"a", "b", "c", "d"}, names, "every tenant named, once, in one re-check")
	assert.True(t, m.due().IsZero())

	m.notice("e", t0.Add(every+time.Millisecond), true, false, inv)
	assert.Equal(t, t0.Add(2*every), m.due(), "the interval after a re-check: the next waits for its end")
	assert.Len(t, invalidated, 3)
	assert.Equal(t, []string{"e"}, m.take(t0.Add(2*every)))
	m.notice("f", t0.Add(3*every), true, false, inv)
	assert.Equal(t, []string{"a", "new", "edited", "f"}, invalidated, "a quiet interval later: at once again")
}
