package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheCORSOriginFlagTakesRepeatsAndCommas(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"one origin", []string{"https://a.example"}, []string{"https://a.example"}},
		{"a repeated flag adds", []string{"https://a.example", "http://localhost:5173"}, []string{"https://a.example", "http://localhost:5173"}},
		{"a comma-separated value splits, spaces trimmed", []string{"https://a.example, http://localhost:5173,"}, []string{"https://a.example", "http://localhost:5173"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var o originList
			for _, a := range tt.args {
				require.NoError(t, o.Set(a))
			}
			assert.Equal(t, tt.want, []string(o))
		})
	}
}

func TestTheServerAnswersCORSForTheConfiguredOrigins(t *testing.T) {
	const app = "http://localhost:5173"
	tests := []struct {
		name    string
		origins []string
		origin  string
		want    string
	}{
		{"without -cors-origin no origin may read", nil, app, ""},
		{"a configured origin may read, with credentials", []string{app}, app, app},
		{"another origin may not", []string{app}, "https://evil.example", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, err := newServer(config{Logger: discard(), CORSOrigins: tt.origins})
			require.NoError(t, err)
			for _, path := range []string{"/api/v2/theme/", "/api/v2/theme/colors/", "/theme.css", "/api/v2/schema/"} {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.Header.Set("Origin", tt.origin)
				w := httptest.NewRecorder()
				srv.handler.ServeHTTP(w, req)
				require.Equal(t, http.StatusOK, w.Code, path)
				assert.Equal(t, tt.want, w.Header().Get("Access-Control-Allow-Origin"), path)
				if tt.want != "" {
					assert.Equal(t, "true", w.Header().Get("Access-Control-Allow-Credentials"), path)
				}
			}
		})
	}
}
