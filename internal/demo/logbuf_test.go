package demo

import (
	"bytes"
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAccessLinesAreSlogTextLines checks the hand-made access log line
// against slog's TextHandler writing the same record.
func TestAccessLinesAreSlogTextLines(t *testing.T) {
	at := time.Date(2026, 11, 23, 5, 11, 50, 123456789, time.UTC)
	tests := []struct {
		name string
		give accessRecord
	}{
		{"a plain request", accessRecord{at, "GET", "/api/v2/theme/", 200, 435, 12345 * time.Nanosecond}},
		{"a path with a space is quoted", accessRecord{at, "GET", "/a b", 404, 23, time.Millisecond}},
		{"a path with = and a quote is quoted", accessRecord{at, "GET", `/x="y"`, 404, 23, time.Second}},
		{"a printable non-ASCII path is not quoted", accessRecord{at, "GET", "/thème/ü", 404, 23, 0}},
		{"a control character is quoted", accessRecord{at, "GET", "/a\x01b", 404, 23, 0}},
		{"invalid UTF-8 is quoted", accessRecord{at, "GET", "/a\xffb", 404, 23, 0}},
		{"a backslash is not quoted", accessRecord{at, "GET", `/a\b`, 404, 23, 0}},
		{"an empty method is quoted", accessRecord{at, "", "/", 200, 0, 0}},
		{"a whole second keeps its three digits", accessRecord{time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("", 3600)), "HEAD", "/", 304, 0, 90 * time.Minute}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want bytes.Buffer
			r := slog.NewRecord(tt.give.time, slog.LevelInfo, "request", 0)
			r.AddAttrs(
				slog.String("method", tt.give.method),
				slog.String("path", tt.give.path),
				slog.Int("status", tt.give.status),
				slog.Int64("bytes", tt.give.bytes),
				slog.Duration("duration", tt.give.duration))
			require.NoError(t, slog.NewTextHandler(&want, nil).Handle(context.Background(), r))
			assert.Equal(t, want.String(), string(tt.give.appendTo(nil)))
		})
	}
}

func TestTheLogBufferWritesOnlyWhenFlushed(t *testing.T) {
	var out bytes.Buffer // written only by Flush and Close, on this goroutine
	b := NewLogBuffer(&out, 0)
	b.writeAccess(&accessRecord{time.Now(), "GET", "/", 200, 1, 0})
	slog.New(slog.NewTextHandler(b, nil)).Info("hello")
	assert.Empty(t, out.String(), "nothing written before a flush")
	require.NoError(t, b.Close())
	assert.Contains(t, out.String(), "msg=request")
	assert.Contains(t, out.String(), "msg=hello")
	require.NoError(t, b.Close(), "a second Close")
}

func TestTheSecondCacheFormatsAsWithout(t *testing.T) {
	var c secondCache
	start := time.Date(2026, 11, 23, 5, 11, 59, 998_000_000, time.UTC)
	zones := []*time.Location{time.UTC, time.FixedZone("", 3600), time.FixedZone("", -1800)}
	for i := range 3000 {
		at := start.Add(time.Duration(i) * 777 * time.Microsecond).In(zones[i/1000])
		want := appendRFC3339Millis(nil, at)
		if got := c.appendRFC3339Millis(nil, at); string(got) != string(want) {
			t.Fatalf("%v: %s, want %s", at, got, want)
		}
	}
}
