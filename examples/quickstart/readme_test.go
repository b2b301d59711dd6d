package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestREADMEShowsThisProgram keeps README's quickstart true: its Go block
// is this program from the import block on, so what README shows compiles
// and is vetted with the rest of the module.
func TestREADMEShowsThisProgram(t *testing.T) {
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)

	_, body, ok := strings.Cut(string(src), "import (")
	require.True(t, ok, "main.go has an import block")
	assert.Contains(t, string(readme), "```go\nimport ("+body+"```\n",
		"README's quickstart block must be examples/quickstart/main.go from `import (` on")
}
