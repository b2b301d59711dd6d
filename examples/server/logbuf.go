package main

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// logBuffer buffers the log between an slog handler and the program's
// stderr, so that logging a request costs a copy into memory instead of
// a write(2) to the terminal or pipe: it is written out when the buffer
// fills, every interval, and on Close, so nothing logged before Close is
// lost. The cost is a delay of up to one interval before a line shows.
type logBuffer struct {
	mu       sync.Mutex
	w        *bufio.Writer
	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
}

// logBufferSize is the buffer's size: a few hundred access log lines.
const logBufferSize = 64 << 10

// newLogBuffer buffers writes to w and flushes them every interval (none
// when interval is 0) until Close.
func newLogBuffer(w io.Writer, interval time.Duration) *logBuffer {
	b := &logBuffer{w: bufio.NewWriterSize(w, logBufferSize), stop: make(chan struct{}), done: make(chan struct{})}
	go b.flushEvery(interval)
	return b
}

func (b *logBuffer) flushEvery(interval time.Duration) {
	defer close(b.done)
	if interval <= 0 {
		<-b.stop
		return
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-tick.C:
			b.Flush()
		}
	}
}

// Write copies p into the buffer (slog handlers write one record per
// call, so lines are never split between flushes).
func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

// Flush writes out what is buffered.
func (b *logBuffer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Flush()
}

// Close stops the periodic flush and writes out what is buffered. Writes
// after Close are still buffered; a second Close flushes them.
func (b *logBuffer) Close() error {
	b.stopOnce.Do(func() { close(b.stop) })
	<-b.done
	return b.Flush()
}
