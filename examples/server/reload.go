package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// reloader reloads a data directory into a Store when its files change
// (by polling their modification times and sizes) or when asked (SIGHUP).
// A version that does not load is logged and the Store keeps serving the
// previous one; each problem is logged once until a version loads.
type reloader struct {
	dir      string
	store    *theming.Current
	engineOf func(*theming.Snapshot) *fix.Engine // the stylesheet's engine of a snapshot's catalog
	log      *slog.Logger

	seen     stamp    // the files as they were at the last attempt
	reported []string // problems logged since the last good load
}

// stamp identifies a version of the two files without reading them: the
// file itself (os.SameFile), its modification time and its size. The file
// identity matters where deployments give every file one fixed time
// (reproducible archives, Nix store paths): a release renamed or linked
// into place is then seen even when its size is the same too.
type stamp [2]os.FileInfo // nil where Stat failed

func (s stamp) same(o stamp) bool {
	for i := range s {
		a, b := s[i], o[i]
		if a == nil || b == nil {
			if a != b {
				return false
			}
			continue
		}
		if !os.SameFile(a, b) || !a.ModTime().Equal(b.ModTime()) || a.Size() != b.Size() {
			return false
		}
	}
	return true
}

func newReloader(dir string, store *theming.Current, engineOf func(*theming.Snapshot) *fix.Engine, log *slog.Logger) *reloader {
	rl := &reloader{dir: dir, store: store, engineOf: engineOf, log: log}
	rl.seen = rl.stamp()
	return rl
}

func (rl *reloader) stamp() stamp {
	var s stamp
	for i, name := range []string{theming.CatalogFile, theming.ThemesFile} {
		if st, err := os.Stat(filepath.Join(rl.dir, name)); err == nil {
			s[i] = st
		}
	}
	return s
}

// run polls every interval and reloads on a value from hup, until ctx is
// done. Only run's goroutine touches the reloader's state.
func (rl *reloader) run(ctx context.Context, every time.Duration, hup <-chan os.Signal) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			rl.check(false)
		case <-hup:
			rl.log.Info("reload requested")
			rl.check(true)
		}
	}
}

// check reloads if the files changed since the last attempt, or if force.
func (rl *reloader) check(force bool) {
	now := rl.stamp()
	if now.same(rl.seen) && !force {
		return
	}
	rl.seen = now
	rl.log.Debug("loading the data", "dir", rl.dir)
	snap, err := theming.LoadFS(os.DirFS(rl.dir))
	if err == nil {
		rl.store.Replace(snap)
		logVariants(rl.log, rl.engineOf(snap), snap)
		rl.reported = nil
		rl.log.Info("data reloaded", "dir", rl.dir)
		return
	}
	probs := problems(err)
	fresh := 0
	for _, p := range probs {
		if slices.Contains(rl.reported, p) {
			continue
		}
		rl.reported = append(rl.reported, p)
		fresh++
		rl.log.Warn("data not reloaded; serving the previous version", "dir", rl.dir, "problem", p)
	}
	if fresh == 0 && force {
		rl.log.Warn("data not reloaded; its problems are logged above", "dir", rl.dir, "problems", len(probs))
	}
}
