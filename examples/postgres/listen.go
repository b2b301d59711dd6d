package main

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
)

// invalidator is what the listener needs of the tenant source.
type invalidator interface {
	Invalidate(tenant string)
	InvalidateAll()
}

// listener follows the triggers' notifications on a connection of its
// own (LISTEN holds a session, so not a pooled one) and invalidates the
// tenant each names. When the connection is lost it reconnects with
// exponential backoff, LISTENs again and then invalidates every built
// tenant: a change committed while it was disconnected sent no
// notification it could see. While connected it does not poll; it pings
// after PingEvery without a notification, to notice a connection that
// died silently.
type listener struct {
	DSN       string
	Source    invalidator
	Log       *slog.Logger
	MinDelay  time.Duration // first reconnect delay; 0 means 100ms
	MaxDelay  time.Duration // backoff cap; 0 means 10s
	PingEvery time.Duration // 0 means 15s

	// Listening, if set, is called each time the listener is
	// listening again (after the InvalidateAll). Tests wait on it.
	Listening func()
}

// run listens until ctx is done.
func (l *listener) run(ctx context.Context) {
	minDelay, maxDelay := orDuration(l.MinDelay, 100*time.Millisecond), orDuration(l.MaxDelay, 10*time.Second)
	delay := minDelay
	for {
		start := time.Now()
		err := l.session(ctx)
		if ctx.Err() != nil {
			return
		}
		if time.Since(start) > maxDelay {
			delay = minDelay // it was up for a while: start the backoff over
		}
		// Up to 50% jitter, so that replicas do not reconnect in step.
		wait := delay + rand.N(delay/2+1)
		l.Log.Warn("listener: lost the database connection; reconnecting", "error", err, "retry_in", wait.Round(time.Millisecond))
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		delay = min(2*delay, maxDelay)
	}
}

// session connects, listens and invalidates until the connection fails.
func (l *listener) session(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, l.DSN)
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "listen "+pgx.Identifier{notifyChannel}.Sanitize()); err != nil {
		return err
	}
	// From here every committed change is notified. Changes before this
	// point (while disconnected, or before the first connection) are not:
	// every built tenant is checked again on its next request.
	l.Source.InvalidateAll()
	l.Log.Info("listener: listening", "channel", notifyChannel)
	if l.Listening != nil {
		l.Listening()
	}
	pingEvery := orDuration(l.PingEvery, 15*time.Second)
	for {
		waitCtx, cancel := context.WithTimeout(ctx, pingEvery)
		n, err := conn.WaitForNotification(waitCtx)
		cancel()
		switch {
		case err == nil:
			l.Source.Invalidate(n.Payload)
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			// No notification for a while: make sure the connection is
			// still there (a timeout leaves it usable).
			// The ping has a deadline of its own: on a connection that
			// died silently it would otherwise wait for TCP to give up,
			// minutes without notifications.
			pingCtx, cancel := context.WithTimeout(ctx, pingEvery)
			err := conn.Ping(pingCtx)
			cancel()
			if err != nil {
				return err
			}
		default:
			return err
		}
	}
}

func orDuration(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
