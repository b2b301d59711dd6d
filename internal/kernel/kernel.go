// Package kernel is what package theming shares with its contrast engine
// (theming/fix), and with no one else: the token of theming's guarded
// seam, and the compiled forms of a catalog and a theme that the core
// builds and the engine reads. (The stylesheets, theming/css, need no
// more than theming's API; the design-token import, theming/dtcg, takes
// the token only to read theming's scheme index.)
//
// The seam is encoding/json/v2's over jsontext: theming.Internal.Export
// hands the engine its view of the core (a compiled catalog's rules, a
// theme's references and resolution) only for a pointer to
// [AllowInternalUse], which no package outside this module can name, and
// panics for anything else. The types here are the engine's view: plain
// data with exported fields, built by the core and read by the engine,
// which holds them in its own structures (so they must be named outside
// theming, which an unexported type of theming's cannot be). They are
// not part of any API: a user of theming never sees them.
//
// The data flows one way: theming builds these values when it compiles a
// catalog and checks a theme, and never changes them afterwards; the
// engine reads them, and writes only the copies it makes.
package kernel

import (
	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// NotForPublicUse is the type of the seam's token. It is not of size
// zero: pointers to distinct variables of size zero may be equal, and a
// token a caller makes must never be the module's.
type NotForPublicUse struct{ _ byte }

// AllowInternalUse is the token theming's seam asks for: its address,
// which only this module can take, is what theming.Internal.Export
// accepts.
var AllowInternalUse NotForPublicUse

// Ref is a parsed fallback or override: the index of a component when
// Comp is not negative, else a color (Comp is RefColor) or nothing usable
// (RefNone, a value the field rules refused).
type Ref struct {
	Comp  int
	Color colorref.Color
	Over  bool // a theme's override, not the catalog's fallback
}

// The values of Ref.Comp that name no component.
const (
	RefColor = -1
	RefNone  = -2
)

// Source is where a component's resolved color came from, in one scheme:
// Origin is the component whose override or fallback was the color
// literal that ended its chain, and Field the component whose theme
// override decided the color (the origin itself, or the overridden
// component nearest the origin on the chain that passes it), -1 when no
// override was involved. Both are -1 for a component that resolves to
// nothing (a cycle or an unusable value).
type Source struct {
	Origin, Field int32
}

// Resolution is a theme's colors, worked out once when the theme is
// checked: per scheme (light, dark) and per component, its color and
// where it came from, and its palette preview. A scheme the theme does
// not override shares the catalog's slices.
type Resolution struct {
	Colors  [2][]colorref.Color
	Srcs    [2][]Source
	Palette []string
}

// Rule is one contrast rule of a visible component for one of the
// variables it judges, compiled once: a contrast_against entry gives one
// Rule per variable its component paints that the entry judges
// (theming.Component.Foregrounds). Its pair is what the page paints: the
// component (the foreground) as that variable paints it, on its target
// (the background) as the target's variable paints it, over the page
// background. The target was
// looked up when the catalog compiled, so that no reader switches on its
// kind: it is the color of component BgComp, derived through the visible
// variable BgVar when that is set, or Color, a literal, when BgComp is
// -1.
type Rule struct {
	Comp   int            // the component: the foreground
	At     int            // the rule's index in the component's contrast_against
	Type   contrast.Type  // the target's contrast_type
	FgVar  int            // the index of the visible variable judged; -1 for a component without variables
	BgComp int            // the component whose color the target is; -1 for an hsl target
	BgVar  int            // the index of the visible variable that paints the target; -1 when none does
	Color  colorref.Color // an hsl target's color
}

// Catalog is a compiled catalog as the engine reads it: what depends on
// the catalog alone, worked out once when it compiled. Components are
// indices in the catalog's component list, visible variables indices in
// the list of the visible components' variables in catalog order.
type Catalog struct {
	Fallback [2][]Ref    // per scheme, per component: its fallback
	PageBG   int         // the component that paints the page
	Rules    []Rule      // the visible components' contrast rules, in catalog order
	RulesOf  [][]int     // per component, the rules it is the foreground or the target of
	Fields   [2][]string // per scheme, per component: the name of its theme field
	VarComp  []int       // per visible variable, its component
}
