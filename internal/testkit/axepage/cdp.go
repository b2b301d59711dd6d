package axepage

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/themekit/themekit/internal/testkit/browsertest"
)

// CommandTimeout bounds each DevTools command and each page load.
const CommandTimeout = 60 * time.Second

// Browser is one headless Chromium, driven over the DevTools protocol on
// a pipe (--remote-debugging-pipe: Chromium reads NUL-terminated JSON
// messages on file descriptor 3 and writes its own on 4), so no port, no
// websocket and no driver is involved. One Browser loads many pages, one
// after another, in one tab: starting Chromium costs far more than a
// page. It is not safe for concurrent use by several goroutines.
type Browser struct {
	cmd      *exec.Cmd
	toChrome *os.File
	axeJS    string // axe.min.js, served to every page

	mu      sync.Mutex
	nextID  int
	pending map[int]chan cdpMessage
	events  chan cdpMessage // events of the tab's session
	done    chan struct{}   // closed when Chromium's output ends
	readErr error

	session string // the tab's flattened session id
}

// cdpMessage is a DevTools protocol message: a command's response (ID
// set) or an event (Method set).
type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *cdpError       `json:"error,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
}

type cdpError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    string `json:"data,omitempty"`
}

// Launch starts headless Chromium for tb and opens the tab every page is
// loaded in; tb's cleanup stops it. It skips tb, saying what is missing,
// when there is no chromium in PATH or when contrast/testdata/axe has no
// node_modules (npm ci there; .ci/run does it).
func Launch(tb testing.TB) *Browser {
	tb.Helper()
	bin := browsertest.Chromium(tb)
	axeJS := AxeScript(tb)
	src, err := os.ReadFile(axeJS)
	if err != nil {
		tb.Fatalf("axepage: reading %s: %v", axeJS, err)
	}

	// fd 3 is what Chromium reads, fd 4 what it writes.
	chromeIn, toChrome, err := os.Pipe()
	if err != nil {
		tb.Fatalf("axepage: %v", err)
	}
	fromChrome, chromeOut, err := os.Pipe()
	if err != nil {
		tb.Fatalf("axepage: %v", err)
	}
	dir := tb.TempDir()
	args := append(browsertest.Flags(filepath.Join(dir, "profile")),
		"--remote-debugging-pipe", "--hide-scrollbars", "--window-size=1024,768",
		"--disable-extensions", "about:blank")
	cmd := exec.Command(bin, args...)
	cmd.ExtraFiles = []*os.File{chromeIn, chromeOut}
	logf, err := os.Create(filepath.Join(dir, "chromium.log"))
	if err != nil {
		tb.Fatalf("axepage: %v", err)
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		tb.Fatalf("axepage: starting %s: %v", bin, err)
	}
	chromeIn.Close()
	chromeOut.Close()
	logf.Close()

	b := &Browser{
		cmd: cmd, toChrome: toChrome, axeJS: string(src),
		pending: map[int]chan cdpMessage{}, events: make(chan cdpMessage, 256), done: make(chan struct{}),
	}
	tb.Cleanup(func() {
		toChrome.Close() // Chromium exits when its pipe closes
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			killProcessGroup(cmd)
			<-exited
		}
		fromChrome.Close()
	})
	go b.read(fromChrome)

	var target struct {
		TargetID string `json:"targetId"`
	}
	b.mustCall(tb, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	b.mustCall(tb, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	b.mustCall(tb, b.session, "Page.enable", nil, nil)
	b.mustCall(tb, b.session, "Runtime.enable", nil, nil)
	return b
}

// read dispatches Chromium's messages until its output ends: responses to
// the command waiting for them, the tab's events to b.events (dropped
// when nobody reads them).
func (b *Browser) read(r *os.File) {
	br := bufio.NewReaderSize(r, 1<<20)
	defer close(b.done)
	for {
		line, err := br.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			b.readErr = err
			b.mu.Unlock()
			return
		}
		var m cdpMessage
		if err := json.Unmarshal(line[:len(line)-1], &m); err != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.pending[m.ID]
			delete(b.pending, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		if m.SessionID != "" && m.SessionID == b.session {
			select {
			case b.events <- m:
			default:
			}
		}
	}
}

// call sends one command (to the tab's session when session is set) and
// decodes its result into result, when result is not nil.
func (b *Browser) call(ctx context.Context, session, method string, params, result any) error {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpMessage, 1)
	b.pending[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("axepage: %s: %w", method, err)
	}
	if _, err := b.toChrome.Write(append(data, 0)); err != nil {
		return fmt.Errorf("axepage: sending %s to chromium: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("axepage: %s: %s (%d) %s", method, m.Error.Message, m.Error.Code, m.Error.Data)
		}
		if result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				return fmt.Errorf("axepage: %s: decoding %s: %w", method, m.Result, err)
			}
		}
		return nil
	case <-b.done:
		return fmt.Errorf("axepage: %s: chromium closed its pipe: %w", method, b.readErr)
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.pending, id)
		b.mu.Unlock()
		return fmt.Errorf("axepage: %s: %w", method, ctx.Err())
	}
}

func (b *Browser) mustCall(tb testing.TB, session, method string, params, result any) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), CommandTimeout)
	defer cancel()
	if err := b.call(ctx, session, method, params, result); err != nil {
		tb.Fatal(err)
	}
}

// mediaFeature is one feature of Emulation.setEmulatedMedia.
type mediaFeature struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// emulate sets the media features the tab reports; a feature with an
// empty value reports the browser's own.
func (b *Browser) emulate(tb testing.TB, features ...mediaFeature) {
	tb.Helper()
	b.mustCall(tb, b.session, "Emulation.setEmulatedMedia", map[string]any{"media": "", "features": features}, nil)
}

// navigate loads url in the tab and waits for its load event.
func (b *Browser) navigate(tb testing.TB, url string) {
	tb.Helper()
	// Forget the events of earlier pages.
	for len(b.events) > 0 {
		<-b.events
	}
	var nav struct {
		LoaderID  string `json:"loaderId"`
		ErrorText string `json:"errorText"`
	}
	b.mustCall(tb, b.session, "Page.navigate", map[string]any{"url": url}, &nav)
	if nav.ErrorText != "" {
		tb.Fatalf("axepage: loading %s: %s", url, nav.ErrorText)
	}
	timeout := time.After(CommandTimeout)
	for {
		select {
		case m := <-b.events:
			if m.Method == "Page.loadEventFired" {
				return
			}
		case <-b.done:
			tb.Fatalf("axepage: chromium closed its pipe while loading %s", url)
		case <-timeout:
			tb.Fatalf("axepage: %s did not load within %v", url, CommandTimeout)
		}
	}
}

// evaluate runs a script expression in the tab, awaits the promise it
// returns and decodes the value (which must be JSON) into v.
func (b *Browser) evaluate(tb testing.TB, expr string, v any) {
	tb.Helper()
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	b.mustCall(tb, b.session, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &res)
	if e := res.ExceptionDetails; e != nil {
		tb.Fatalf("axepage: the page's script failed: %s %s", e.Text, e.Exception.Description)
	}
	if err := json.Unmarshal(res.Result.Value, v); err != nil {
		tb.Fatalf("axepage: decoding the page's result %.200s: %v", res.Result.Value, err)
	}
}
