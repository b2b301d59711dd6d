package pgsource

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

// Revisions is the [revision.Store] on PostgreSQL: the tables of
// migrations 2 and 3 ([Migrate]): theme_revisions (a revision's theme and
// changes kept as their JSON encoding, jsonb), theme_live, the publish
// log theme_publications and theme_rows. It is the one path that writes
// a theme: a publish writes the revision into the contract's tables in
// the transaction that makes it live, so the triggers notify every
// replica, which serves it on its next request for the tenant; an
// archive or a delete removes the theme's rows.
//
// Rows changed past it (plain SQL, or [Tables.Save] on a database
// without revisions) are found by the next Publish, Archive or Delete of
// the theme, which compares the rows with the live revision: they are
// recorded as a revision marked Outside (live when it validates, since
// the replicas serve it), logged, and the call fails with a
// *revision.ConflictError that names the fields (see
// [revision.Store.Publish]). Nothing is reverted unless the admin
// publishes again. A change of theme_live itself made past it is logged
// by the database (migration 3's trigger), by the role that made it.
//
// Each call runs in a transaction of DB's; the changes of a theme are
// serialized by a transaction-scoped advisory lock on the tenant and
// theme. With DB a pgx.Tx, the call runs in a savepoint of it, and
// commits with it: a host that writes an audit row of its own does so in
// the same transaction:
//
//	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
//		revs := source.Revisions()
//		revs.DB = tx
//		r, err := revs.Save(ctx, tenant, theme, base, by)
//		if err != nil {
//			return err
//		}
//		_, err = tx.Exec(ctx, "insert into audit_log (who, what) values ($1, $2)", by.Author, fmt.Sprint("theme ", r.ThemeID, " revision ", r.Number))
//		return err
//	})
//
// A conflict found in a host's transaction leaves that transaction
// usable (the savepoint is rolled back, or, for a change found made past
// the store, released with what it recorded), and the host decides
// whether to commit the rest.
type Revisions struct {
	// DB runs each call: a *pgxpool.Pool, a *pgx.Conn or a pgx.Tx.
	DB Database
	// Catalog checks each saved theme, and Policy is the one a revision
	// must pass to be published.
	Catalog *theming.CompiledCatalog
	Policy  contrast.Policy
	// Tables names the contract's tables a publish writes; the zero value
	// is the schema's.
	Tables Tables
}

// Database is what Revisions needs of a connection: to query and to
// begin transactions. A *pgxpool.Pool, a *pgx.Conn and a pgx.Tx all
// have it.
type Database interface {
	Querier
	Beginner
}

var _ revision.Store = Revisions{}

// CreateTenant implements [revision.Store]: a row in the tenants table,
// whose trigger notifies the replicas, so a replica that found the name
// unknown serves it at once.
func (rs Revisions) CreateTenant(ctx context.Context, tenant string) error {
	if err := revision.CheckTenant(tenant); err != nil {
		return err
	}
	tenants, _, _ := rs.Tables.names()
	tag, err := rs.DB.Exec(ctx, "insert into "+tenants+" (id) values ($1) on conflict do nothing", tenant)
	if err != nil {
		return fmt.Errorf("pgsource: creating tenant %q: %w", tenant, err)
	}
	if tag.RowsAffected() == 0 {
		return revision.TenantExists(tenant)
	}
	return nil
}

// Save implements [revision.Store].
func (rs Revisions) Save(ctx context.Context, tenant string, t theming.Theme, base int, by revision.Change) (revision.Revision, error) {
	if err := revision.CheckSave(rs.Catalog, t, by); err != nil {
		return revision.Revision{}, err
	}
	r := revision.Revision{ThemeID: t.ID, Number: base + 1, Theme: t, Change: by}
	err := rs.change(ctx, tenant, t.ID, func(st state, h revision.Head) error {
		if h.Deleted {
			return revision.Deleted(t.ID)
		}
		if base != h.Newest {
			return &revision.ConflictError{ThemeID: t.ID, Op: "save", From: base, Now: h.Newest}
		}
		prev, err := st.theme(ctx, base)
		if err != nil {
			return err
		}
		r.Changes = revision.Diff(prev, t)
		r.Saved, err = st.insert(ctx, r.Number, t, by, r.Changes, false)
		return err
	})
	if err != nil {
		return revision.Revision{}, err
	}
	return r, nil
}

// Publish implements [revision.Store]: in one transaction, the live
// revision is checked against live, the rows against the live revision,
// the revision judged by the policy, made live, logged, and written into
// the contract's tables, whose triggers notify the replicas.
func (rs Revisions) Publish(ctx context.Context, tenant string, themeID, n, live int, by revision.Change) error {
	if err := by.Check(); err != nil {
		return err
	}
	var conflict error
	err := rs.change(ctx, tenant, themeID, func(st state, h revision.Head) error {
		switch {
		case h.Newest == 0:
			return revision.UnknownRevision(themeID, 0)
		case n < 1 || n > h.Newest:
			return revision.UnknownRevision(themeID, n)
		}
		if err := st.changeable(h, "publish", live); err != nil {
			return err
		}
		if ce, err := rs.checkRows(ctx, st, h, "publish", live); err != nil {
			return err
		} else if ce != nil {
			conflict = ce
			return nil // commit what was recorded
		}
		if n == h.Live {
			return nil
		}
		t, err := st.theme(ctx, n)
		if err != nil {
			return err
		}
		if err := revision.CheckPublish(rs.Catalog, rs.Policy, t, n); err != nil {
			return err
		}
		if err := st.setLive(ctx, h.Live, n, revision.ActionPublish, by); err != nil {
			return err
		}
		if err := rs.Tables.write(ctx, st.tx, tenant, t); err != nil {
			return err
		}
		return st.setRows(ctx, n)
	})
	if err != nil {
		return err
	}
	return conflict
}

// Archive implements [revision.Store]: the theme's rows are deleted in
// the transaction that logs it.
func (rs Revisions) Archive(ctx context.Context, tenant string, themeID, live int, by revision.Change) error {
	return rs.takeDown(ctx, tenant, themeID, live, by, revision.ActionArchive)
}

// Delete implements [revision.Store]: the theme's rows are deleted in the
// transaction that logs it; its revisions and log are kept.
func (rs Revisions) Delete(ctx context.Context, tenant string, themeID, live int, by revision.Change) error {
	return rs.takeDown(ctx, tenant, themeID, live, by, revision.ActionDelete)
}

func (rs Revisions) takeDown(ctx context.Context, tenant string, themeID, live int, by revision.Change, a revision.Action) error {
	if err := by.Check(); err != nil {
		return err
	}
	var conflict error
	err := rs.change(ctx, tenant, themeID, func(st state, h revision.Head) error {
		if h.Newest == 0 {
			return revision.UnknownRevision(themeID, 0)
		}
		if err := st.changeable(h, string(a), live); err != nil {
			return err
		}
		if ce, err := rs.checkRows(ctx, st, h, string(a), live); err != nil {
			return err
		} else if ce != nil {
			conflict = ce
			return nil // commit what was recorded
		}
		if a == revision.ActionArchive && h.Live == 0 {
			return nil
		}
		if err := st.setLive(ctx, h.Live, 0, a, by); err != nil {
			return err
		}
		_, themes, _ := rs.Tables.names()
		if _, err := st.tx.Exec(ctx, "delete from "+themes+" where tenant_id = $1 and id = $2", tenant, themeID); err != nil {
			return err
		}
		return st.setRows(ctx, 0)
	})
	if err != nil {
		return err
	}
	return conflict
}

// change runs fn in a transaction, with the tenant's row kept from
// deletion, the theme's lock taken and its head read; a tenant that does
// not exist is the error of revision.UnknownTenant. A theme id no theme
// can have is given the zero Head without a lock.
func (rs Revisions) change(ctx context.Context, tenant string, themeID int, fn func(st state, h revision.Head) error) error {
	if revision.CheckTenant(tenant) != nil {
		return revision.UnknownTenant(tenant)
	}
	tenants, _, _ := rs.Tables.names()
	return pgx.BeginFunc(ctx, rs.DB, func(tx pgx.Tx) error {
		st := state{tx: tx, tenant: tenant, themeID: themeID}
		b := &pgx.Batch{}
		b.Queue("select count(*) from (select 1 from "+tenants+" where id = $1 for share) t", tenant)
		if revision.ValidNumber(themeID) {
			b.Queue("select pg_advisory_xact_lock(hashtext($1), $2)", tenant, themeID)
			b.Queue(headQuery, tenant, themeID)
		}
		res := tx.SendBatch(ctx, b)
		var found int
		err := res.QueryRow().Scan(&found)
		var h revision.Head
		if err == nil && revision.ValidNumber(themeID) {
			if _, err = res.Exec(); err == nil {
				err = res.QueryRow().Scan(&h.Newest, &h.Live, &h.Deleted)
			}
		}
		if cerr := res.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		if found == 0 {
			return revision.UnknownTenant(tenant)
		}
		return fn(st, h)
	})
}

// headQuery reads a theme's Head: $1 the tenant, $2 the theme.
const headQuery = `select
	coalesce((select max(number) from theme_revisions where tenant_id = $1 and theme_id = $2), 0),
	coalesce((select number from theme_live where tenant_id = $1 and theme_id = $2), 0),
	exists (select 1 from theme_publications where tenant_id = $1 and theme_id = $2 and action = 'delete')`

// checkRows compares the theme's rows with the live revision, and with
// the revision theme_rows says they hold: when they differ from both, a
// change made past the store, it records them (recordRows), makes them
// live when they validate (they are what the replicas serve), logs it,
// and returns the conflict of op, to be committed.
func (rs Revisions) checkRows(ctx context.Context, st state, h revision.Head, op string, live int) (*revision.ConflictError, error) {
	rows, present, err := rs.Tables.readTheme(ctx, st.tx, st.tenant, st.themeID)
	if err != nil {
		return nil, err
	}
	known, err := st.rowsRevisions(ctx, h.Live)
	if err != nil {
		return nil, err
	}
	was := theming.Theme{ID: st.themeID}
	if t, ok := known[h.Live]; ok && h.Live > 0 {
		was = t
	}
	switch {
	case !present && h.Live == 0:
		return nil, nil
	case present:
		for _, t := range known {
			if same(rows, t) {
				return nil, nil
			}
		}
	}
	ce := &revision.ConflictError{ThemeID: st.themeID, Op: op, From: live, Outside: true}
	if !present {
		ce.Drift = drift(was, theming.Theme{ID: st.themeID})
		if err := st.setLive(ctx, h.Live, 0, revision.ActionOutside,
			revision.Change{Note: "found by a " + op + ": the theme's rows were deleted past the store"}); err != nil {
			return nil, err
		}
		return ce, st.setRows(ctx, 0)
	}
	ce.Drift = drift(was, rows)
	if ce.Recorded, err = st.recordRows(ctx, rows, h.Newest, false, was, "found by a "+op+": the theme's rows, written past the store"); err != nil {
		return nil, err
	}
	ce.Now = h.Live
	if revision.CheckSave(rs.Catalog, rows, revision.Change{}) == nil {
		ce.Now = ce.Recorded
		err = st.setLive(ctx, h.Live, ce.Recorded, revision.ActionOutside,
			revision.Change{Note: fmt.Sprintf("found by a %s: the theme's rows, written past the store (revision %d)", op, ce.Recorded)})
	}
	return ce, err
}

// same reports whether two versions of a theme are served alike: the
// same values, an absent value and an empty one alike (as the rows keep
// them), and an empty logo type or alignment as the value it means (as a
// row written by plain SQL gets it from the column's default).
func same(a, b theming.Theme) bool {
	return a.ID == b.ID && len(drift(a, b)) == 0
}

// drift returns the fields that differ between two versions of a theme as
// they are served (see same).
func drift(from, to theming.Theme) []revision.FieldChange {
	return revision.Diff(asServed(from), asServed(to))
}

// asServed returns t with its empty logo types and alignment set to the
// values they mean.
func asServed(t theming.Theme) theming.Theme {
	for _, f := range []*string{&t.LightModeLogoType, &t.DarkModeLogoType, &t.CompactLightModeLogoType, &t.CompactDarkModeLogoType} {
		if *f == "" {
			*f = theming.LogoTypeDefault
		}
	}
	if t.LogoAlignment == "" {
		t.LogoAlignment = theming.AlignLeft
	}
	return t
}

// Head implements [revision.Store]: one query of three index lookups.
func (rs Revisions) Head(ctx context.Context, tenant string, themeID int) (revision.Head, error) {
	if revision.CheckTenant(tenant) != nil {
		return revision.Head{}, revision.UnknownTenant(tenant)
	}
	if !revision.ValidNumber(themeID) {
		return revision.Head{}, rs.knownTenant(ctx, tenant)
	}
	tenants, _, _ := rs.Tables.names()
	var h revision.Head
	var found bool
	err := rs.DB.QueryRow(ctx, "select exists (select 1 from "+tenants+" where id = $1), h.* from ("+headQuery+") h",
		tenant, themeID).Scan(&found, &h.Newest, &h.Live, &h.Deleted)
	switch {
	case err != nil:
		return revision.Head{}, fmt.Errorf("pgsource: %w", err)
	case !found:
		return revision.Head{}, revision.UnknownTenant(tenant)
	}
	return h, nil
}

// knownTenant returns nil for a tenant the database has, and otherwise
// the error of revision.UnknownTenant.
func (rs Revisions) knownTenant(ctx context.Context, tenant string) error {
	if revision.CheckTenant(tenant) != nil {
		return revision.UnknownTenant(tenant)
	}
	tenants, _, _ := rs.Tables.names()
	var found bool
	if err := rs.DB.QueryRow(ctx, "select exists (select 1 from "+tenants+" where id = $1)", tenant).Scan(&found); err != nil {
		return fmt.Errorf("pgsource: %w", err)
	}
	if !found {
		return revision.UnknownTenant(tenant)
	}
	return nil
}

// revisionColumns are the columns a Revision is read from, in the order
// scanRevision takes them.
const revisionColumns = `r.theme_id, r.number, r.theme, r.author, r.note, r.saved_at, r.changes, r.outside,
	l.number is not null`

const revisionFrom = ` from theme_revisions r left join theme_live l
	on l.tenant_id = r.tenant_id and l.theme_id = r.theme_id and l.number = r.number`

// History implements [revision.Store]: one query, of one page, by the
// primary key's index.
func (rs Revisions) History(ctx context.Context, tenant string, themeID int, page revision.Page) ([]revision.Revision, error) {
	below, limit := page.Range()
	return listOf(ctx, rs, tenant, themeID, scanRevision, "select "+revisionColumns+revisionFrom+
		" where r.tenant_id = $1 and r.theme_id = $2 and r.number < $3::int8 order by r.number desc limit $4", below, limit)
}

// Log implements [revision.Store]: one query, of one page, by the primary
// key's index.
func (rs Revisions) Log(ctx context.Context, tenant string, themeID int, page revision.Page) ([]revision.Publication, error) {
	below, limit := page.Range()
	return listOf(ctx, rs, tenant, themeID, scanPublication, "select "+publicationColumns+
		" from theme_publications where tenant_id = $1 and theme_id = $2 and seq < $3::int8 order by seq desc limit $4", below, limit)
}

// LiveAt implements [revision.Store]: one query.
func (rs Revisions) LiveAt(ctx context.Context, tenant string, themeID int, at time.Time) (revision.Publication, error) {
	l, err := listOf(ctx, rs, tenant, themeID, scanPublication, "select "+publicationColumns+
		" from theme_publications where tenant_id = $1 and theme_id = $2 and at <= $3 order by seq desc limit 1", at)
	if err != nil || len(l) == 0 {
		return revision.Publication{}, err
	}
	return l[0], nil
}

// listOf returns the rows of q (whose $1 and $2 are the tenant and the
// theme, args the rest) scanned by scan; none for a theme id no theme can
// have, and for an empty result the error of a tenant the database does
// not have.
func listOf[T any](ctx context.Context, rs Revisions, tenant string, themeID int, scan pgx.RowToFunc[T], q string, args ...any) ([]T, error) {
	if revision.CheckTenant(tenant) != nil || !revision.ValidNumber(themeID) {
		return nil, rs.knownTenant(ctx, tenant)
	}
	rows, err := rs.DB.Query(ctx, q, append([]any{tenant, themeID}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("pgsource: %w", err)
	}
	out, err := pgx.CollectRows(rows, scan)
	if err != nil || len(out) > 0 {
		return out, err
	}
	return nil, rs.knownTenant(ctx, tenant)
}

// Revision implements [revision.Store]: one query, two to say why there
// is none.
func (rs Revisions) Revision(ctx context.Context, tenant string, themeID, n int) (revision.Revision, error) {
	if revision.ValidNumber(n) {
		l, err := listOf(ctx, rs, tenant, themeID, scanRevision, "select "+revisionColumns+revisionFrom+
			" where r.tenant_id = $1 and r.theme_id = $2 and r.number = $3", n)
		if err != nil || len(l) == 1 {
			return first(l), err
		}
	}
	h, err := rs.Head(ctx, tenant, themeID)
	switch {
	case err != nil:
		return revision.Revision{}, err
	case h.Newest == 0:
		return revision.Revision{}, revision.UnknownRevision(themeID, 0)
	}
	return revision.Revision{}, revision.UnknownRevision(themeID, n)
}

func first[T any](l []T) T {
	var zero T
	if len(l) == 0 {
		return zero
	}
	return l[0]
}

func scanRevision(row pgx.CollectableRow) (revision.Revision, error) {
	var r revision.Revision
	err := row.Scan(&r.ThemeID, &r.Number, &r.Theme, &r.Author, &r.Note, &r.Saved, &r.Changes, &r.Outside, &r.Live)
	if err != nil {
		return r, fmt.Errorf("pgsource: a revision row: %w", err)
	}
	r.Saved = r.Saved.UTC()
	return r, nil
}

// publicationColumns are the columns a Publication is read from, in the
// order scanPublication takes them.
const publicationColumns = "theme_id, seq, action, from_number, to_number, author, note, at"

func scanPublication(row pgx.CollectableRow) (revision.Publication, error) {
	var p revision.Publication
	err := row.Scan(&p.ThemeID, &p.Seq, &p.Action, &p.From, &p.To, &p.Author, &p.Note, &p.At)
	if err != nil {
		return p, fmt.Errorf("pgsource: a log row: %w", err)
	}
	p.At = p.At.UTC()
	return p, nil
}

// state is one theme of a tenant in a transaction: the steps that
// Revisions' methods and the migrations share.
type state struct {
	tx      pgx.Tx
	tenant  string
	themeID int
}

// head reads the theme's Head.
func (st state) head(ctx context.Context) (revision.Head, error) {
	var h revision.Head
	err := st.tx.QueryRow(ctx, headQuery, st.tenant, st.themeID).Scan(&h.Newest, &h.Live, &h.Deleted)
	return h, err
}

// changeable returns the error of a change of the theme at h from the
// live revision live: its deletion, or a conflict.
func (st state) changeable(h revision.Head, op string, live int) error {
	if h.Deleted {
		return revision.Deleted(st.themeID)
	}
	if live != h.Live {
		return &revision.ConflictError{ThemeID: st.themeID, Op: op, From: live, Now: h.Live}
	}
	return nil
}

// theme reads revision n's theme; for n 0, the theme with its id alone.
func (st state) theme(ctx context.Context, n int) (theming.Theme, error) {
	t := theming.Theme{ID: st.themeID}
	if n == 0 {
		return t, nil
	}
	err := st.tx.QueryRow(ctx, "select theme from theme_revisions where tenant_id = $1 and theme_id = $2 and number = $3",
		st.tenant, st.themeID, n).Scan(&t)
	if err != nil {
		return t, fmt.Errorf("pgsource: theme %d, revision %d: %w", st.themeID, n, err)
	}
	return t, nil
}

// insert stores revision n and returns when it was saved.
func (st state) insert(ctx context.Context, n int, t theming.Theme, by revision.Change, changes []revision.FieldChange, outside bool) (time.Time, error) {
	var saved time.Time
	err := st.tx.QueryRow(ctx, `insert into theme_revisions (tenant_id, theme_id, number, theme, author, note, changes, outside)
		values ($1, $2, $3, $4, $5, $6, coalesce($7::jsonb, '[]'), $8) returning saved_at`,
		st.tenant, st.themeID, n, t, by.Author, by.Note, changes, outside).Scan(&saved)
	return saved.UTC(), err
}

// rowsRevisions returns the themes of the live revision (live, 0: none)
// and of the revision theme_rows names, by number.
func (st state) rowsRevisions(ctx context.Context, live int) (map[int]theming.Theme, error) {
	rows, err := st.tx.Query(ctx, `select number, theme from theme_revisions where tenant_id = $1 and theme_id = $2
		and (number = $3 or number = (select number from theme_rows where tenant_id = $1 and theme_id = $2))`,
		st.tenant, st.themeID, live)
	if err != nil {
		return nil, err
	}
	out := map[int]theming.Theme{}
	var n int
	var t theming.Theme
	_, err = pgx.ForEachRow(rows, []any{&n, &t}, func() error {
		out[n] = t
		t = theming.Theme{}
		return nil
	})
	return out, err
}

// recordRows returns the revision that holds t, the theme's rows, and
// names it in theme_rows: the one theme_rows names, or (reuseNewest) the
// newest revision, when it holds t; else a new revision, after newest,
// marked outside, with note, whose changes are those from was, the
// theme that was live.
func (st state) recordRows(ctx context.Context, t theming.Theme, newest int, reuseNewest bool, was theming.Theme, note string) (int, error) {
	known, err := st.rowsRevisions(ctx, 0)
	if err != nil {
		return 0, err
	}
	if reuseNewest && newest > 0 {
		nt, err := st.theme(ctx, newest)
		if err != nil {
			return 0, err
		}
		known[newest] = nt
	}
	for n, k := range known {
		if same(t, k) {
			return n, st.setRows(ctx, n)
		}
	}
	n := newest + 1
	if _, err := st.insert(ctx, n, t, revision.Change{Note: note}, revision.Diff(was, t), true); err != nil {
		return 0, err
	}
	return n, st.setRows(ctx, n)
}

// setRows records that the contract's rows hold revision n; 0: that the
// store knows of no rows.
func (st state) setRows(ctx context.Context, n int) error {
	q := "delete from theme_rows where tenant_id = $1 and theme_id = $2"
	args := []any{st.tenant, st.themeID}
	if n > 0 {
		q = `insert into theme_rows (tenant_id, theme_id, number) values ($1, $2, $3)
			on conflict (tenant_id, theme_id) do update set number = excluded.number`
		args = append(args, n)
	}
	_, err := st.tx.Exec(ctx, q, args...)
	return err
}

// setLive makes revision to live (0: none) in place of from, and logs it
// as a, by by, in one round trip. The live revision's published columns,
// which the release of schema version 2 reads, are kept up as well.
func (st state) setLive(ctx context.Context, from, to int, a revision.Action, by revision.Change) error {
	b := &pgx.Batch{}
	b.Queue("select set_config('themekit.store', 'on', true)")
	if to == 0 {
		b.Queue("delete from theme_live where tenant_id = $1 and theme_id = $2", st.tenant, st.themeID)
	} else {
		b.Queue(`insert into theme_live (tenant_id, theme_id, number) values ($1, $2, $3)
			on conflict (tenant_id, theme_id) do update set number = excluded.number`, st.tenant, st.themeID, to)
		b.Queue(`update theme_revisions set published_at = now(), published_by = $4, published_note = $5
			where tenant_id = $1 and theme_id = $2 and number = $3`, st.tenant, st.themeID, to, by.Author, by.Note)
	}
	b.Queue(`insert into theme_publications (tenant_id, theme_id, seq, action, from_number, to_number, author, note)
		select $1, $2, coalesce(max(seq), 0) + 1, $3, $4, $5, $6, $7 from theme_publications where tenant_id = $1 and theme_id = $2`,
		st.tenant, st.themeID, string(a), from, to, by.Author, by.Note)
	b.Queue("select set_config('themekit.store', '', true)")
	if err := st.tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("pgsource: theme %d: %w", st.themeID, err)
	}
	return nil
}
