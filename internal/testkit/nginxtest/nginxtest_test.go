package nginxtest_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/nginxtest"
)

func TestStart(t *testing.T) {
	type step struct {
		host      string // the request's Host; "" leaves Go's default
		wantCache string // X-Cache
	}
	tests := []struct {
		name      string
		give      nginxtest.Options
		cacheable bool
		wantFrom  string // the X-From header the upstream received
		steps     []step
		wantCalls int32 // requests that reached the upstream
	}{
		{
			name:      "a cacheable response is stored and then served from the cache",
			give:      nginxtest.Options{},
			cacheable: true,
			steps:     []step{{"", "MISS"}, {"", "HIT"}},
			wantCalls: 1,
		},
		{
			name:      "an uncacheable response is not stored",
			give:      nginxtest.Options{},
			steps:     []step{{"", "MISS"}, {"", "MISS"}},
			wantCalls: 2,
		},
		{
			name:      "by nginx's default cache key the Host does not matter",
			give:      nginxtest.Options{},
			cacheable: true,
			steps:     []step{{"a.localhost", "MISS"}, {"b.localhost", "HIT"}},
			wantCalls: 1,
		},
		{
			name:      "a cache key with the Host keeps hosts apart",
			give:      nginxtest.Options{CacheKey: "$scheme$host$request_uri"},
			cacheable: true,
			steps:     []step{{"a.localhost", "MISS"}, {"b.localhost", "MISS"}, {"a.localhost", "HIT"}},
			wantCalls: 2,
		},
		{
			name:      "the directives reach the location",
			give:      nginxtest.Options{Directives: []string{"proxy_set_header X-From nginxtest;"}},
			cacheable: true,
			wantFrom:  "nginxtest",
			steps:     []step{{"", "MISS"}},
			wantCalls: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var from atomic.Value
			from.Store("")
			var calls atomic.Int32
			upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				from.Store(r.Header.Get("X-From"))
				if tt.cacheable {
					w.Header().Set("Cache-Control", "public, max-age=60")
				}
				io.WriteString(w, "hello from upstream")
			}))
			t.Cleanup(upstream.Close)
			tt.give.Upstream = upstream.Listener.Addr().String()
			proxy := nginxtest.Start(t, tt.give)

			for i, st := range tt.steps {
				req, err := http.NewRequest(http.MethodGet, proxy+"/page", nil)
				require.NoError(t, err)
				if st.host != "" {
					req.Host = st.host
				}
				resp, err := http.DefaultClient.Do(req)
				require.NoError(t, err, "step %d", i)
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				require.NoError(t, err, "step %d", i)
				assert.Equal(t, http.StatusOK, resp.StatusCode, "step %d", i)
				assert.Equal(t, "hello from upstream", string(body), "step %d: the upstream's body through nginx", i)
				assert.Equal(t, st.wantCache, resp.Header.Get("X-Cache"), "step %d (Host %q): X-Cache", i, st.host)
			}
			assert.Equal(t, tt.wantCalls, calls.Load(), "requests that reached the upstream")
			assert.Equal(t, tt.wantFrom, from.Load(), "the X-From header the upstream received")
		})
	}
}
