package theming_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/theming"
)

func TestAVariableIsDerivedWhenItSetsAnyOfTheThree(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, tt := range []struct {
		name string
		v    theming.Variable
		want bool
	}{
		{"a variable with none carries the color", theming.Variable{CSSVariable: "--a"}, false},
		{"an opacity derives", theming.Variable{Opacity: f(1)}, true},
		{"a lightness derives", theming.Variable{Lightness: f(50)}, true},
		{"a lightness offset derives, even of zero", theming.Variable{LightnessOffset: f(0)}, true},
	} {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, tt.v.Derived()) })
	}
}
