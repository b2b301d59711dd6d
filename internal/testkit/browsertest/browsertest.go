// Package browsertest loads pages in headless Chromium for the module's
// browser tests, without a driver or any dependency beyond the chromium
// binary: one Chromium run per page prints the document as the browser
// holds it after load (--dump-dom), writes a screenshot (--screenshot)
// and logs every console message, CSP violation and uncaught exception to
// stderr (--enable-logging=stderr --v=0), where Load collects them.
//
// A test page that needs a computed value (getComputedStyle, matchMedia)
// has an inline script write it into the DOM, which the dump then shows.
//
// Only tests import this package.
package browsertest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"html"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// ScreenshotDirEnv names the environment variable that, when set, is a
// directory every screenshot is also copied to, so that a person can look
// at them after the run.
const ScreenshotDirEnv = "THEMEKIT_SCREENSHOT_DIR"

// Timeout bounds each Chromium run; on expiry Chromium is killed and the
// test fails.
const Timeout = 60 * time.Second

// Flags returns the flags of every run: headless, no sandbox (tests often
// run as root in containers), no GPU, no first-run or background traffic
// of any kind (no QUIC either), and a fresh profile in userDataDir.
func Flags(userDataDir string) []string {
	return []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-quic",
		"--user-data-dir=" + userDataDir,
	}
}

// Chromium returns the path of the chromium binary, or skips the test
// when there is none.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("skipping the browser test: no chromium in PATH (apt-get install chromium; .ci/run installs it where apt-get works)")
	return ""
}

// Page says what to load and how.
type Page struct {
	URL string
	// Width and Height are the window size in CSS pixels; 0 means
	// 1280 by 1024. The screenshot has this size.
	Width, Height int
	// Dark makes the browser report a dark system color scheme
	// (--force-dark-mode), so prefers-color-scheme: dark matches.
	Dark bool
}

// Result is what a run saw.
type Result struct {
	// DOM is the document after the load event and any script activity
	// the virtual time budget allows, serialized by --dump-dom.
	DOM string
	// Console holds every console message of the page, in order:
	// console.log and friends, uncaught exceptions ("Uncaught ...") and
	// Content-Security-Policy violations, each as Chromium logs it.
	// Chromium's log does not say a message's level.
	Console []string
	// Screenshot is the path of the PNG of the window, under the test's
	// temporary directory.
	Screenshot string
}

// Load runs Chromium once on p.URL with Flags, a fresh profile under
// t.TempDir(), and returns the dump, the console messages and the
// screenshot. The screenshot is named after the test and, when
// ScreenshotDirEnv is set, copied there. The run is bounded by Timeout.
func Load(t testing.TB, p Page) Result {
	t.Helper()
	bin := Chromium(t)
	w, h := p.Width, p.Height
	if w == 0 || h == 0 {
		w, h = 1280, 1024
	}
	dir := t.TempDir()
	shot := filepath.Join(dir, screenshotName(t.Name()))
	args := append(Flags(filepath.Join(dir, "profile")),
		"--enable-logging=stderr", "--v=0",
		"--hide-scrollbars",
		"--virtual-time-budget=5000", // lets the page's fetches and timers finish
		"--window-size="+strconv.Itoa(w)+","+strconv.Itoa(h),
		"--screenshot="+shot,
		"--dump-dom")
	if p.Dark {
		args = append(args, "--force-dark-mode")
	}
	args = append(args, p.URL)

	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	killGroupOnCancel(cmd)
	cmd.WaitDelay = 5 * time.Second // stop waiting for output a stray child still holds
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("chromium did not finish loading %s within %v and was killed; its log ends:\n%s", p.URL, Timeout, tail(stderr.String(), 20))
	}
	if err != nil {
		t.Fatalf("chromium on %s: %v; its log ends:\n%s", p.URL, err, tail(stderr.String(), 20))
	}

	res := Result{DOM: stdout.String(), Screenshot: shot}
	// A console message in Chromium's log reads
	// [pid:tid:time:INFO:CONSOLE:12] "message", source: url (12)
	// (older versions write CONSOLE(12)).
	consoleLine := regexp.MustCompile(`^\[[^\]]*:CONSOLE\b[^\]]*\] (.*)$`)
	sc := bufio.NewScanner(&stderr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if m := consoleLine.FindStringSubmatch(sc.Text()); m != nil {
			res.Console = append(res.Console, m[1])
		}
	}
	if !strings.Contains(res.DOM, "</html>") {
		t.Fatalf("chromium on %s printed no document; stdout:\n%s\nits log ends:\n%s", p.URL, res.DOM, tail(stderr.String(), 20))
	}
	checkScreenshot(t, shot, w, h)
	if out := os.Getenv(ScreenshotDirEnv); out != "" {
		copyScreenshot(t, shot, out)
	}
	t.Logf("screenshot of %s: %s", p.URL, shot)
	return res
}

// checkScreenshot fails the test unless path is a PNG of w by h pixels
// that shows something: a screenshot of one flat color means nothing was
// drawn (Chromium's headless --screenshot of a page scrolled to a
// #fragment is such a blank), and the pages these tests load always draw.
func checkScreenshot(t testing.TB, path string, w, h int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("chromium wrote no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot %s is not a PNG: %v", path, err)
	}
	b := img.Bounds()
	if b.Dx() != w || b.Dy() != h {
		t.Fatalf("the screenshot %s is %dx%d, want the window's %dx%d", path, b.Dx(), b.Dy(), w, h)
	}
	first := img.At(b.Min.X, b.Min.Y)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.At(x, y) != first {
				return
			}
		}
	}
	t.Fatalf("the screenshot %s is blank: one color, %v, everywhere", path, first)
}

func copyScreenshot(t testing.TB, src, dir string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	dst := filepath.Join(dir, filepath.Base(src))
	if err == nil {
		err = os.WriteFile(dst, data, 0o644)
	}
	if err != nil {
		t.Fatalf("copying the screenshot to %s=%s: %v", ScreenshotDirEnv, dir, err)
	}
	t.Logf("screenshot copied to %s", dst)
}

// screenshotName turns a test name into a file name: letters, digits,
// '-' and '_' only.
func screenshotName(test string) string {
	b := []byte(test)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b) + ".png"
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Text returns the text content of the first element of dom with the
// given id, as the page's script wrote it, with entities decoded. It
// fails the test when there is no such element.
func Text(t testing.TB, dom, id string) string {
	t.Helper()
	re := regexp.MustCompile(`<([a-z]+)[^>]*\bid="` + regexp.QuoteMeta(id) + `"[^>]*>([^<]*)</([a-z]+)>`)
	m := re.FindStringSubmatch(dom)
	if m == nil || m[1] != m[3] {
		t.Fatalf("the page has no text element with id %q:\n%s", id, dom)
	}
	return html.UnescapeString(m[2])
}
