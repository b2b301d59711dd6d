package browsertest

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fatalRecorder is a testing.TB whose Fatalf records the message and
// stops the function under test.
type fatalRecorder struct {
	testing.TB
	msg string
}

type stopped struct{}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	panic(stopped{})
}

// check runs checkScreenshot and returns the failure it reported, or "".
func check(t *testing.T, path string, w, h int) (msg string) {
	r := &fatalRecorder{TB: t}
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(stopped); !ok {
				panic(p)
			}
			msg = r.msg
		}
	}()
	checkScreenshot(r, path, w, h)
	return ""
}

func writePNG(t *testing.T, img image.Image) string {
	path := filepath.Join(t.TempDir(), "shot.png")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, img))
	require.NoError(t, f.Close())
	return path
}

func TestCheckScreenshot(t *testing.T) {
	flat := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := range flat.Pix {
		flat.Pix[i] = 0xee
	}
	drawn := image.NewRGBA(flat.Bounds())
	copy(drawn.Pix, flat.Pix)
	drawn.Set(39, 29, color.RGBA{0, 0, 0, 0xff})
	notPNG := filepath.Join(t.TempDir(), "shot.png")
	require.NoError(t, os.WriteFile(notPNG, []byte("GIF89a"), 0o644))

	tests := []struct {
		name string
		path string
		want string // a substring of the failure; "" passes
	}{
		{"a drawn screenshot of the window's size passes", writePNG(t, drawn), ""},
		{"a screenshot of one color is blank", writePNG(t, flat), "is blank"},
		{"a screenshot of another size fails", writePNG(t, image.NewRGBA(image.Rect(0, 0, 20, 30))), "want the window's 40x30"},
		{"a file that is not a PNG fails", notPNG, "is not a PNG"},
		{"a missing file fails", filepath.Join(t.TempDir(), "missing.png"), "wrote no screenshot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := check(t, tt.path, 40, 30)
			if tt.want == "" {
				assert.Empty(t, got, "checkScreenshot(%s, 40, 30)", tt.path)
			} else {
				assert.Contains(t, got, tt.want, "checkScreenshot(%s, 40, 30)", tt.path)
			}
		})
	}
}
