package theming

import (
	"fmt"
	"slices"

	"github.com/themekit/themekit/internal/kernel"
)

// Checking a theme against a compiled catalog: its fields, its color
// overrides, and its resolution in both schemes. Snapshot, SnapshotLenient,
// CheckTheme and Load all take this path.

// CheckTheme validates one theme against the catalog exactly as Snapshot
// would, without building or touching any snapshot: for an admin's edit,
// before the host stores it. The error is a *ValidationError with the
// problems, paths and sentinels Snapshot would report for the theme.
// Checks between themes (unique ids, one default) are the host's, which
// holds the other themes. The theme needs its id (a positive integer, as
// Snapshot requires): a new theme is checked with the id it will have.
func (c *CompiledCatalog) CheckTheme(t Theme) error {
	_, err := c.checkOne(&t)
	return err
}

// checkOne checks one theme as CheckTheme documents and returns its
// resolution, which the engine audits and fixes (export.go).
func (c *CompiledCatalog) checkOne(t *Theme) (kernel.Resolution, error) {
	if !c.ok() {
		return kernel.Resolution{}, ErrNoCatalog
	}
	ps := &problems{}
	res := c.checkTheme(t, scope{ps: ps, themeID: max(t.ID, 0)}, true)
	if ps.len() > 0 {
		return kernel.Resolution{}, &ValidationError{Problems: ps.result()}
	}
	return res, nil
}

// checkedTheme is a theme that passed its checks, with its resolution.
type checkedTheme struct {
	theme Theme
	res   kernel.Resolution
}

// checkValues checks themes given as Go values, each with its own
// problems. Strict, it reports every problem; lenient, it also leaves out
// each theme with a problem, and a later theme whose id or default flag
// clashes with a kept one.
func (c *CompiledCatalog) checkValues(themes []Theme, lenient bool) ([]checkedTheme, []*Problem) {
	if probs := themeSizeProblems(themes, ""); len(probs) > 0 {
		return nil, probs // too large to look at further
	}
	lists := make([]*problems, len(themes))
	scopes := func(i int) scope {
		lists[i] = &problems{}
		if id := themes[i].ID; id > 0 {
			return scope{ps: lists[i], themeID: id}
		}
		return scope{ps: lists[i]}.at("themes", i)
	}
	kept := c.checkThemes(themes, scopes, true, lenient)
	var all []*Problem
	for _, ps := range lists {
		all = append(all, ps.result()...)
	}
	return kept, all
}

// checkThemes checks each theme against c and resolves it, reporting to
// the scope scopeOf(i) gives theme i, then checks ids and default flags
// across the themes. With sound false (the catalog has problems) it
// checks only what does not need a sound catalog. It returns the themes
// that passed, in input order; lenient, the others are left out, and a
// theme that clashes with a kept one is left out too.
func (c *CompiledCatalog) checkThemes(themes []Theme, scopeOf func(i int) scope, sound, lenient bool) []checkedTheme {
	kept := make([]checkedTheme, 0, len(themes))
	ids := make(map[int]int, len(themes))
	firstDefault := -1
	for i := range themes {
		t := &themes[i]
		sp := scopeOf(i)
		before := sp.ps.count()
		res := c.checkTheme(t, sp, sound)
		if lenient && sp.ps.count() > before {
			continue
		}
		clash := false
		if first, dup := ids[t.ID]; dup && t.ID > 0 {
			sp.add("id", "", "", ErrDuplicate, fmt.Sprintf("duplicate theme id %d (first at themes[%d])", t.ID, first))
			clash = true
		} else {
			ids[t.ID] = i
		}
		if t.IsDefault {
			if firstDefault >= 0 {
				sp.add("is_default", "", "", ErrDuplicate, fmt.Sprintf("more than one default theme (themes[%d] is default too)", firstDefault))
				clash = true
			} else if !clash || !lenient {
				firstDefault = i
			}
		}
		if lenient && clash {
			continue
		}
		kept = append(kept, checkedTheme{theme: t.clone(), res: res})
	}
	return kept
}

// checkTheme checks one theme: its fields, then its color overrides
// against the catalog (each value parsed once), and then, when the
// catalog is sound and the overrides usable, resolves it in both schemes,
// reporting cycles the overrides close and a page background they make
// translucent. The resolution is the one the snapshot keeps.
func (c *CompiledCatalog) checkTheme(t *Theme, sp scope, sound bool) kernel.Resolution {
	checkThemeFields(t, sp)
	var over [2][]override
	usable := true
	for id, o := range t.Colors {
		if len(id) > maxRefLen { // not quoted into the path: reported at the map
			sp.add("colors", "", "", ErrTooLarge, keyLenMsg(len(id)))
			usable = false
			continue
		}
		path := func() string { return joinKey("colors", id, true) }
		if msg := componentIDProblem(id); msg != "" {
			sp.add(path(), id, "", ErrInvalid, msg)
			usable = false
			continue
		}
		j, p := c.reference(id, true)
		if p != nil {
			sp.add(path(), id, "", p.err, p.msg)
			usable = false
			continue
		}
		for k, s := range Schemes() {
			v := o.For(s)
			if v == "" {
				continue
			}
			vpath := func() string { return path() + "." + string(s) }
			r, p := c.refOf(parseColorOrID(sp, vpath, id, s, v), true)
			if p != nil {
				sp.add(vpath(), id, s, p.err, p.msg)
			}
			if r.Comp == kernel.RefNone {
				usable = false
				continue
			}
			r.Over = true
			over[k] = append(over[k], override{comp: j, ref: r})
		}
	}
	var res kernel.Resolution
	if !sound || !usable {
		return res
	}
	for k, s := range Schemes() {
		if len(over[k]) == 0 {
			res.Colors[k], res.Srcs[k] = c.base.Colors[k], c.base.Srcs[k]
			continue
		}
		refs := slices.Clone(c.k.Fallback[k])
		for _, o := range over[k] {
			refs[o.comp] = o.ref
		}
		var cycles [][]int
		res.Colors[k], res.Srcs[k], cycles = kernel.Resolve(refs)
		for _, cyc := range cycles {
			sp.add("colors", c.cat.Components[slices.Min(cyc)].ID, s, ErrCycle,
				fmt.Sprintf("fallback cycle in %s scheme under theme %d: %s", s, t.ID, cyclePath(&c.cat, cyc)))
		}
		if len(cycles) == 0 {
			c.checkOpaquePage(sp, "colors", s, res.Colors[k])
		}
	}
	return res
}

// override is a theme's parsed override of one component in one scheme.
type override struct {
	comp int
	ref  kernel.Ref
}
