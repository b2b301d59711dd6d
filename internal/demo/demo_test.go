package demo_test

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/demo"
)

func TestLoadUsers(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	tests := []struct {
		name    string
		give    string // the path; "" is the embedded file
		want    map[string]int
		wantErr string
	}{
		{"the embedded file has the five demo users", "", map[string]int{"alice": 2, "bob": 3, "carol": 4, "dave": 1, "mallory": 99}, ""},
		{"a file of the caller's is read", write("two.json", `{"eve": 3, "frank": 0}`), map[string]int{"eve": 3, "frank": 0}, ""},
		{"a missing file is an error naming the users file", filepath.Join(dir, "missing.json"), nil, "users file: open " + filepath.Join(dir, "missing.json")},
		{"a file that is not an object of ids names itself", write("list.json", `["alice"]`), nil, filepath.Join(dir, "list.json") + ": want a JSON object of user names and theme ids"},
		{"an id that is not a number is an error", write("name.json", `{"alice": "Ember"}`), nil, "want a JSON object of user names and theme ids"},
		{"data after the object is an error", write("two-objects.json", `{"alice": 2} {"bob": 3}`), nil, filepath.Join(dir, "two-objects.json") + ": data after the JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := demo.LoadUsers(tt.give)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestPreferredTheme(t *testing.T) {
	pick := demo.PreferredTheme(map[string]int{"alice": 2, "mallory": 99})
	tests := []struct {
		name string
		give []string // X-Demo-User values; none sends no header
		want int
	}{
		{"a known user gets their theme id", []string{"alice"}, 2},
		{"an id is passed on even when no such theme exists", []string{"mallory"}, 99},
		{"an unknown user has no preference", []string{"nobody"}, 0},
		{"a request naming no user has no preference", nil, 0},
		{"the name is matched exactly", []string{"Alice"}, 0},
		{"of two headers the first counts", []string{"alice", "mallory"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := http.NewRequest(http.MethodGet, "http://example.test/api/v2/theme/config/", nil)
			require.NoError(t, err)
			for _, v := range tt.give {
				r.Header.Add("X-Demo-User", v)
			}
			got, err := pick(r)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
