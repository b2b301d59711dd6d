package strictjson

import (
	"bytes"
	"sort"
)

// Lines is the line index of a document: where each of its lines starts.
// It is built once, in one scan of the document, and then answers the
// line and column of any offset by a binary search, so that placing n
// problems costs O(size + n log lines), not O(n × size).
type Lines struct {
	starts []int // the offset of the first byte of each line
	size   int
}

// NewLines indexes the lines of data. Lines end at "\n" (a CR LF file
// counts lines by its LF).
func NewLines(data []byte) *Lines {
	l := &Lines{starts: make([]int, 1, 1+bytes.Count(data, []byte{'\n'})), size: len(data)}
	for off := 0; ; {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return l
		}
		off += i + 1
		l.starts = append(l.starts, off)
	}
}

// Pos returns the place of the byte at off: off itself, its line and its
// column, from 1, counted in bytes (as the Go toolchain counts them). An
// offset outside the document is taken as its nearest end.
func (l *Lines) Pos(off int) Pos {
	off = min(max(off, 0), l.size)
	// The last line that starts at or before off.
	k := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	return Pos{Offset: off, Line: k + 1, Column: off - l.starts[k] + 1}
}
