package pgsource

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
)

// Run follows the notifications on a connection of its own and
// invalidates the tenant each names (or, past the first of each
// RecheckInterval, re-checks the tenants they name together at its end,
// see [Options].RecheckInterval), until ctx is done; it then returns ctx's error. When the connection is lost,
// or a keep-alive ping does not answer within PingTimeout, it reconnects
// with exponential backoff and jitter, LISTENs again and then invalidates
// every built tenant: a change committed while it was disconnected sent
// no notification it could see. Each loss is logged once, with the delay
// before the next attempt.
func (s *Source) Run(ctx context.Context) error {
	minDelay, maxDelay := or(s.opts.MinDelay, DefaultMinDelay), or(s.opts.MaxDelay, DefaultMaxDelay)
	delay := minDelay
	for {
		start := time.Now()
		err := s.session(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Since(start) > maxDelay {
			delay = minDelay // it was up for a while: start the backoff over
		}
		// Up to 50% jitter, so that replicas do not reconnect in step.
		wait := delay + rand.N(delay/2+1)
		s.log.Warn("pgsource: lost the database connection; reconnecting", "error", err, "retry_in", wait.Round(time.Millisecond))
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		delay = min(2*delay, maxDelay)
	}
}

// session connects, listens and invalidates until the connection fails.
func (s *Source) session(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, s.connConfig())
	if err != nil {
		return err
	}
	defer func() {
		// Bounded: on a connection that died silently, Close would wait
		// for TCP to give up.
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "listen "+pgx.Identifier{s.opts.Channel}.Sanitize()); err != nil {
		return err
	}
	// From here every committed change is notified. Changes before this
	// point (while disconnected, or before the first connection) are not:
	// every built tenant is checked again on its next request.
	s.InvalidateAll()
	s.log.Info("pgsource: listening", "channel", s.opts.Channel)
	if s.opts.Listening != nil {
		s.opts.Listening()
	}
	pingEvery, pingTimeout := or(s.opts.PingEvery, DefaultPingEvery), or(s.opts.PingTimeout, DefaultPingTimeout)
	merged := merger{every: or(s.opts.RecheckInterval, DefaultRecheckInterval)}
	heard := time.Now() // when the connection last showed it was there
	for {
		now := time.Now()
		if names := merged.take(now); len(names) > 0 {
			s.recheck(ctx, names)
			now = time.Now()
		}
		wait := heard.Add(pingEvery).Sub(now)
		if due := merged.due(); !due.IsZero() {
			wait = min(wait, due.Sub(now))
		}
		if wait <= 0 {
			// No notification for a while: make sure the connection is
			// still there. The ping's own deadline is short, so a
			// connection that died silently is noticed within
			// PingEvery+PingTimeout.
			pingCtx, cancel := context.WithTimeout(ctx, pingTimeout)
			err := conn.Ping(pingCtx)
			cancel()
			if err != nil {
				return err
			}
			heard = time.Now()
			continue
		}
		waitCtx, cancel := context.WithTimeout(ctx, wait)
		n, err := conn.WaitForNotification(waitCtx)
		cancel()
		switch {
		case err == nil:
			heard = time.Now()
			built, changed := s.builds.state(n.Payload)
			merged.notice(n.Payload, heard, built, changed, s.Invalidate)
			if s.opts.Notified != nil {
				s.opts.Notified(n.Payload)
			}
		case ctx.Err() != nil:
			return ctx.Err()
		case !errors.Is(err, context.DeadlineExceeded): // a timeout leaves the connection usable
			return err
		}
	}
}

func or(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
