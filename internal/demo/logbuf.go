package demo

import (
	"bufio"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// LogBuffer buffers the log between an slog handler and the program's
// stderr, so that logging a request costs a copy into memory instead of
// a write(2) to the terminal or pipe: it is written out when the buffer
// fills, every interval, and on Close, so nothing logged before Close is
// lost. The cost is a delay of up to one interval before a line shows.
// [AccessLog] writes its lines straight into it.
type LogBuffer struct {
	mu       sync.Mutex
	w        *bufio.Writer
	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
	clock    secondCache // guarded by mu
}

// logBufferSize is the buffer's size: a few hundred access log lines.
const logBufferSize = 64 << 10

// NewLogBuffer buffers writes to w and flushes them every interval (none
// when interval is 0) until Close.
func NewLogBuffer(w io.Writer, interval time.Duration) *LogBuffer {
	b := &LogBuffer{w: bufio.NewWriterSize(w, logBufferSize), stop: make(chan struct{}), done: make(chan struct{})}
	go b.flushEvery(interval)
	return b
}

func (b *LogBuffer) flushEvery(interval time.Duration) {
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
func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

// Flush writes out what is buffered.
func (b *LogBuffer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Flush()
}

// Close stops the periodic flush and writes out what is buffered. Writes
// after Close are still buffered; a second Close flushes them.
func (b *LogBuffer) Close() error {
	b.stopOnce.Do(func() { close(b.stop) })
	<-b.done
	return b.Flush()
}

// AccessLog logs each request next serves to log, a line per request in
// the format of slog's TextHandler, appended straight into the buffer:
// time=… level=INFO msg=request method=… path=… status=… bytes=…
// duration=…. The example server logs every request through it, and the
// load test's yardstick (examples/server/loadtest/baseline) does the
// same, so that the two write the same lines through the same writer.
func AccessLog(log *LogBuffer, next http.Handler) http.Handler {
	recorders := sync.Pool{New: func() any { return new(recorder) }}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := recorders.Get().(*recorder)
		*rec = recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		// One monotonic clock read: the end's wall time is the start's
		// plus the elapsed time (time.Now reads the wall clock too).
		d := time.Since(start)
		log.writeAccess(&accessRecord{
			time: start.Add(d), method: r.Method, path: r.URL.Path,
			status: rec.status, bytes: rec.bytes, duration: d,
		})
		*rec = recorder{} // holds no writer while pooled
		recorders.Put(rec)
	})
}

// recorder notes the status and the body size of a response.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(p)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// accessRecord is one request as the access log shows it.
type accessRecord struct {
	time         time.Time
	method, path string
	status       int
	bytes        int64
	duration     time.Duration
}

// writeAccess logs one request: a line in the format of slog's
// TextHandler (time=… level=INFO msg=request method=… path=… status=…
// bytes=… duration=…), appended straight into the buffer. Formatting it
// through slog.Logger costs three times as much (finding the caller,
// building the record, formatting each attribute by kind), which is a
// measurable share of a request that takes microseconds.
func (b *LogBuffer) writeAccess(r *accessRecord) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.w.Write(r.appendLine(b.w.AvailableBuffer(), &b.clock))
}

// appendTo appends the record's line to dst as slog.NewTextHandler would
// write a record with these attributes (TestAccessLinesAreSlogTextLines).
func (r *accessRecord) appendTo(dst []byte) []byte { return r.appendLine(dst, nil) }

// appendLine is appendTo with the time's second formatted once per
// second when c is not nil.
func (r *accessRecord) appendLine(dst []byte, c *secondCache) []byte {
	dst = append(dst, "time="...)
	if c != nil {
		dst = c.appendRFC3339Millis(dst, r.time)
	} else {
		dst = appendRFC3339Millis(dst, r.time)
	}
	dst = append(dst, " level=INFO msg=request method="...)
	dst = appendTextString(dst, r.method)
	dst = append(dst, " path="...)
	dst = appendTextString(dst, r.path)
	dst = append(dst, " status="...)
	dst = strconv.AppendInt(dst, int64(r.status), 10)
	dst = append(dst, " bytes="...)
	dst = strconv.AppendInt(dst, r.bytes, 10)
	dst = append(dst, " duration="...)
	dst = append(dst, r.duration.String()...)
	return append(dst, '\n')
}

// appendRFC3339Millis appends t as slog's handlers write times:
// RFC 3339 with exactly three digits of milliseconds.
func appendRFC3339Millis(dst []byte, t time.Time) []byte {
	const prefixLen = len("2006-01-02T15:04:05.000")
	n := len(dst)
	// RFC3339Nano drops trailing zeros; a tenth of a millisecond keeps
	// four digits, of which the fourth is dropped.
	t = t.Truncate(time.Millisecond).Add(time.Millisecond / 10)
	dst = t.AppendFormat(dst, time.RFC3339Nano)
	return append(dst[:n+prefixLen], dst[n+prefixLen+1:]...)
}

// secondCache keeps the formatted parts of the last second a time was
// formatted in: every line within that second differs only in its
// milliseconds.
type secondCache struct {
	unix   int64
	loc    *time.Location
	prefix []byte // "2006-01-02T15:04:05"
	zone   []byte // "Z" or "+01:00"
}

// appendRFC3339Millis appends what appendRFC3339Millis(dst, t) appends.
func (c *secondCache) appendRFC3339Millis(dst []byte, t time.Time) []byte {
	if t.Unix() != c.unix || t.Location() != c.loc || c.prefix == nil {
		full := appendRFC3339Millis(nil, t)
		const secLen = len("2006-01-02T15:04:05")
		c.unix, c.loc = t.Unix(), t.Location()
		c.prefix = append(c.prefix[:0], full[:secLen]...)
		c.zone = append(c.zone[:0], full[secLen+4:]...)
	}
	ms := t.Nanosecond() / int(time.Millisecond)
	dst = append(dst, c.prefix...)
	dst = append(dst, '.', byte('0'+ms/100), byte('0'+ms/10%10), byte('0'+ms%10))
	return append(dst, c.zone...)
}

// appendTextString appends s as slog's TextHandler writes a string value:
// as it is, or quoted when it is empty or holds a space, '=', '"', a
// control character or a character that is not printable.
func appendTextString(dst []byte, s string) []byte {
	if needsQuoting(s) {
		return strconv.AppendQuote(dst, s)
	}
	return append(dst, s...)
}

func needsQuoting(s string) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c <= ' ' || c == '=' || c == '"' || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return true
		}
		i += size
	}
	return false
}
