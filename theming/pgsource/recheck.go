package pgsource

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/themekit/themekit/theming"
)

// merger turns the notifications a listener hears into re-checks of the
// tenants they name, at most one read of the database per interval,
// however many tenants the notifications name: any role that can connect
// may notify, with any payload, so a notification is a hint to look again,
// and looking again must not cost more when a flood names every tenant.
//
//   - A payload that names no built tenant is invalidated at once: that
//     costs no read (see Source.Invalidate), unless the name is asked for.
//   - A tenant whose last build found its rows changed (a write was
//     committed) is invalidated at once, so that changes one after
//     another are each served as soon as they are notified. Writes need
//     the tables' privileges; a notification alone cannot make a tenant
//     count as changed.
//   - Otherwise, the first such notification of an interval invalidates
//     its tenant at once (its next request reads it), and the others
//     wait, merged, for the end of the interval, when one read re-checks
//     every tenant they named (Source.recheck): those whose rows changed
//     are invalidated, the others keep their snapshots.
//
// So a change committed during a flood is served at most every later.
type merger struct {
	every   time.Duration
	free    time.Time       // when the next re-check may be made
	pending map[string]bool // tenants to re-check when free comes
}

// notice takes a notification for tenant, received at now; built and
// changed are the tenant's state (builds.state).
func (m *merger) notice(tenant string, now time.Time, built, changed bool, invalidate func(string)) {
	switch {
	case !built || changed:
		invalidate(tenant)
		return
	case len(m.pending) == 0 && !now.Before(m.free):
		invalidate(tenant)
		m.free = now.Add(m.every)
		return
	}
	if m.pending == nil {
		m.pending = map[string]bool{}
	}
	m.pending[tenant] = true
}

// due returns when the pending tenants are to be re-checked, or the zero
// time when none is pending.
func (m *merger) due() time.Time {
	if len(m.pending) == 0 {
		return time.Time{}
	}
	return m.free
}

// take returns the pending tenants when their re-check is due at now, and
// starts the next interval; nil when none is due.
func (m *merger) take(now time.Time) []string {
	if len(m.pending) == 0 || now.Before(m.free) {
		return nil
	}
	names := make([]string, 0, len(m.pending))
	for name := range m.pending {
		names = append(names, name)
	}
	clear(m.pending)
	m.free = now.Add(m.every)
	return names
}

// recheck reads the rows of tenants in one read, and invalidates each
// tenant whose rows are not those its snapshot was built from (changed,
// deleted, or a snapshot no longer kept); the others are noted unchanged.
// A read that fails invalidates them all, so that no change is missed:
// each is then read on its next request.
func (s *Source) recheck(ctx context.Context, tenants []string) {
	ctx, cancel := context.WithTimeout(ctx, s.loadTimeout())
	defer cancel()
	rows, err := s.readMany(ctx, tenants)
	if err != nil {
		if ctx.Err() == nil || errors.Is(err, context.DeadlineExceeded) {
			s.log.Warn("pgsource: re-checking the tenants notified failed; each is read on its next request", "tenants", len(tenants), "error", err)
		}
		for _, tenant := range tenants {
			s.Invalidate(tenant)
		}
		return
	}
	for _, tenant := range tenants {
		themes, ok := rows[tenant]
		if !ok || !s.builds.same(tenant, digest(themes)) {
			s.Invalidate(tenant)
		}
	}
}

// loadTimeout bounds a re-check as the tenant source bounds a load.
func (s *Source) loadTimeout() time.Duration {
	if d := s.opts.Tenant.LoadTimeout; d > 0 {
		return d
	}
	return 10 * time.Second // tenant.DefaultLoadTimeout
}

// readMany returns the themes of each of tenants that exists, as one read
// sees them: with the contract's tables, three queries in one read-only,
// repeatable-read transaction sent in one round trip (Tables.readMany);
// with a host's Options.Query, one call of it per tenant, in one such
// transaction.
func (s *Source) readMany(ctx context.Context, tenants []string) (map[string][]theming.Theme, error) {
	if !s.ownQuery {
		return s.opts.Tables.readMany(ctx, s.opts.Pool, tenants)
	}
	out := make(map[string][]theming.Theme, len(tenants))
	err := pgx.BeginTxFunc(ctx, s.opts.Pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		for _, tenant := range tenants {
			themes, err := s.opts.Query(ctx, tx, tenant)
			switch {
			case errors.Is(err, theming.ErrUnknownTenant):
			case err != nil:
				return err
			default:
				out[tenant] = themes
			}
		}
		return nil
	})
	return out, err
}

// readMany is [Tables.Read] for many tenants at once: the themes of each
// tenant of tenants that has a row in the tenants table, in id order,
// with their colors, as of one moment, in one round trip.
func (tb Tables) readMany(ctx context.Context, db Querier, tenants []string) (map[string][]theming.Theme, error) {
	tenantsTable, themesTable, colors := tb.names()
	b := &pgx.Batch{}
	b.Queue("begin isolation level repeatable read read only")
	b.Queue("select id from "+tenantsTable+" where id = any($1)", tenants)
	b.Queue("select tenant_id, "+themeColumns+" from "+themesTable+" where tenant_id = any($1) order by tenant_id, id", tenants)
	b.Queue("select tenant_id, theme_id, component_id, scheme, value from "+colors+" where tenant_id = any($1)", tenants)
	b.Queue("commit")
	res := db.SendBatch(ctx, b)
	defer res.Close()

	if _, err := res.Exec(); err != nil {
		return nil, err
	}
	out := make(map[string][]theming.Theme, len(tenants))
	rows, err := res.Query()
	if err != nil {
		return nil, err
	}
	var id string
	if _, err := pgx.ForEachRow(rows, []any{&id}, func() error {
		out[id] = nil
		return nil
	}); err != nil {
		return nil, err
	}
	if rows, err = res.Query(); err != nil {
		return nil, err
	}
	type at struct {
		tenant string
		id     int
	}
	index := map[at]int{}
	var r themeRow
	if _, err := pgx.ForEachRow(rows, append([]any{&id}, r.fields()...), func() error {
		index[at{id, r.ID}] = len(out[id])
		out[id] = append(out[id], r.theme())
		r = themeRow{}
		return nil
	}); err != nil {
		return nil, err
	}
	if rows, err = res.Query(); err != nil {
		return nil, err
	}
	var (
		themeID                  int
		component, scheme, value string
	)
	if _, err := pgx.ForEachRow(rows, []any{&id, &themeID, &component, &scheme, &value}, func() error {
		if i, ok := index[at{id, themeID}]; ok {
			out[id][i].SetOverride(component, theming.Scheme(scheme), value)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if _, err := res.Exec(); err != nil {
		return nil, fmt.Errorf("pgsource: re-check: %w", err)
	}
	return out, nil
}
