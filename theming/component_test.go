package theming_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func compileBase(t *testing.T) *theming.CompiledCatalog {
	t.Helper()
	var cat theming.Catalog
	require.NoError(t, json.Unmarshal([]byte(baseCatalog), &cat))
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	return cc
}

func TestCompiledCatalogCatalogComponent(t *testing.T) {
	offset, opacity, yes := -10.0, 0.5, true
	tests := []struct {
		name   string
		give   string
		want   theming.Component
		wantOK bool
	}{
		{"a visible component is found as declared", "primary", theming.Component{
			ID: "primary", Name: "Primary",
			Fallback:        theming.PerScheme{Light: "hsl(210, 50%, 40%)", Dark: "hsl(210, 50%, 70%)"},
			Variables:       []theming.Variable{{CSSVariable: "--primary"}, {CSSVariable: "--primary-hover", LightnessOffset: &offset}},
			ContrastAgainst: []theming.ContrastTarget{{Type: "component", Value: "page", ContrastType: "non-text"}},
		}, true},
		{"its opacity settings come with it", "scrim", theming.Component{
			ID: "scrim", Name: "Scrim",
			Fallback:       theming.PerScheme{Light: "hsla(0, 0%, 0%, 0.5)", Dark: "hsla(0, 0%, 0%, 0.5)"},
			Variables:      []theming.Variable{{CSSVariable: "--scrim"}},
			CanEditOpacity: &yes, DefaultOpacity: &opacity,
		}, true},
		{"a hidden component is found too", "old", theming.Component{
			ID: "old", Name: "Old", Hidden: true,
			Fallback:  theming.PerScheme{Light: "primary", Dark: "primary"},
			Variables: []theming.Variable{{CSSVariable: "--old"}},
		}, true},
		{"an unknown id is not found", "primry", theming.Component{}, false},
		{"ids are case-sensitive", "Primary", theming.Component{}, false},
		{"the empty id is not found", "", theming.Component{}, false},
	}
	cc := compileBase(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := cc.CatalogComponent(tt.give)
			assert.Equal(t, tt.wantOK, ok)
			assert.Equal(t, tt.want, got)
		})
	}
	t.Run("changing the returned component changes nothing in the catalog", func(t *testing.T) {
		got, ok := cc.CatalogComponent("primary")
		require.True(t, ok)
		got.Name = "x"
		got.Variables[0].CSSVariable = "--x"
		*got.Variables[1].LightnessOffset = 50
		got.ContrastAgainst[0].Value = "x"
		again, _ := cc.CatalogComponent("primary")
		assert.Equal(t, "Primary", again.Name)
		assert.Equal(t, "--primary", again.Variables[0].CSSVariable)
		assert.Equal(t, -10.0, *again.Variables[1].LightnessOffset)
		assert.Equal(t, "page", again.ContrastAgainst[0].Value)
	})
	t.Run("the zero and the nil catalog have no components", func(t *testing.T) {
		var zero theming.CompiledCatalog
		_, ok := zero.CatalogComponent("primary")
		assert.False(t, ok)
		var none *theming.CompiledCatalog
		_, ok = none.CatalogComponent("primary")
		assert.False(t, ok)
	})
}

// A host's form asks the catalog about the component an admin edits.
func ExampleCompiledCatalog_CatalogComponent() {
	cat, err := theming.DefaultCatalog()
	if err != nil {
		fmt.Println(err)
		return
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		fmt.Println(err)
		return
	}
	if c, ok := cc.CatalogComponent("primary"); ok {
		fmt.Println(c.Name, c.Fallback.Light, c.Variables[0].CSSVariable)
	}
	_, ok := cc.CatalogComponent("nav-bgg")
	fmt.Println("nav-bgg:", ok)
	// Output:
	// Primary hsl(221, 72%, 45%) --primary
	// nav-bgg: false
}
