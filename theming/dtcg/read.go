package dtcg

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strconv"

	"github.com/themekit/themekit/internal/strictjson"
	"github.com/themekit/themekit/theming"
)

// The bounds on what one [Import] reads and holds.
const (
	// MaxFileSize bounds each file an import reads.
	MaxFileSize = 16 << 20
	// MaxImportSize bounds the bytes of all the files one import reads.
	MaxImportSize = 32 << 20
	// MaxValues bounds the JSON values of all the files one import
	// reads, and with them the memory their parsed form holds (88 bytes
	// a value: a 16 MB file of zeros stops here after 192 MB allocated,
	// 227 MB peak RSS, measured). Token files hold a value per 30 to 40
	// bytes, so typical files reach MaxImportSize first; an array of
	// zeros holds one per 2 bytes.
	MaxValues = 1 << 20
	// maxDepth bounds the nesting of a document.
	maxDepth = 64
)

// doc is one file read and parsed.
type doc struct {
	name string
	data []byte
	root *strictjson.Value
}

// reader reads the files of one import, each once, within the bounds.
type reader struct {
	fsys   fs.FS
	docs   map[string]*doc
	bytes  int // read so far
	values int // parsed so far
	ps     *problems
}

// errTooLarge is a file past a bound; its message names the bound.
type errTooLarge struct{ msg string }

func (e errTooLarge) Error() string { return e.msg }

// read reads and parses the file name once. A problem reading it is
// placed at the reference to it: at off in from (pointer ptr), or, for a
// file the caller named (from nil), on the file itself.
func (r *reader) read(name string, from *doc, ptr string, off int) *doc {
	if d, ok := r.docs[name]; ok {
		return d
	}
	data, err := r.load(name)
	if err != nil {
		sentinel := ErrRead
		var big errTooLarge
		if errors.As(err, &big) {
			sentinel = ErrTooLarge
		}
		if from == nil { // a file named by the caller: the problem is the file's
			from, ptr, off = &doc{name: name}, "", 0
		}
		r.ps.add(from, ptr, off, sentinel, "cannot read %s: %v", name, err)
		r.docs[name] = nil
		return nil
	}
	d := &doc{name: name, data: data}
	r.docs[name] = d
	if r.values >= MaxValues {
		r.ps.add(d, "", 0, ErrTooLarge, "the files of this import hold more than %d JSON values (MaxValues)", MaxValues)
		r.docs[name] = nil
		return nil
	}
	root, res := strictjson.Parse(data, strictjson.Limits{Size: MaxFileSize, Depth: maxDepth,
		Problems: theming.MaxProblems, Values: MaxValues - r.values})
	r.values += res.Values
	r.ps.errs.Drop(res.Dropped)
	for _, p := range res.Problems {
		sentinel := ErrSyntax
		if errors.Is(p.Err, strictjson.ErrTooLarge) {
			sentinel = ErrTooLarge
		}
		msg := p.Msg
		if errors.Is(p.Err, strictjson.ErrTooLarge) && r.values > MaxValues {
			msg = "the files of this import hold more than " + strconv.Itoa(MaxValues) + " JSON values (MaxValues)"
		}
		r.ps.add(d, p.Path, p.Offset, sentinel, "%s", msg)
	}
	if !res.OK {
		r.docs[name] = nil
		return nil
	}
	d.root = root // with duplicate keys, read on to find the other problems
	return d
}

// load reads a file within MaxFileSize and what is left of MaxImportSize.
func (r *reader) load(name string) ([]byte, error) {
	f, err := r.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := min(MaxFileSize, MaxImportSize-r.bytes)
	var buf bytes.Buffer
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() <= int64(limit) {
		buf.Grow(int(info.Size()) + bytes.MinRead) // read in one buffer of the right size
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, int64(limit)+1)); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	r.bytes += len(data)
	switch {
	case len(data) > MaxFileSize:
		return nil, errTooLarge{"larger than " + strconv.Itoa(MaxFileSize) + " bytes (MaxFileSize)"}
	case len(data) > limit:
		return nil, errTooLarge{"the files of this import are larger than " + strconv.Itoa(MaxImportSize) + " bytes in all (MaxImportSize)"}
	}
	return data, nil
}
