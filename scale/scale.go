package scale

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// The errors New returns wrap one of these, in a *[StepError] for a
// step's ratio.
var (
	// ErrRatio: a ratio asked for is not a number of at least 1.
	ErrRatio = errors.New("scale: a contrast ratio is a number of at least 1")
	// ErrUnreachable: no lightness of the key's hue reaches the ratio
	// against the page (no color reaches more than 21:1, and a page in
	// the middle reaches far less).
	ErrUnreachable = errors.New("scale: no lightness of the key reaches the ratio against the page")
	// ErrTranslucentPage: a page background must be opaque.
	ErrTranslucentPage = errors.New("scale: the page background is translucent")
)

// Scheme names a page: the light one or the dark one.
type Scheme string

// The two schemes of a [Scale].
const (
	Light Scheme = "light"
	Dark  Scheme = "dark"
)

// DefaultRatios returns the ratios of the 12 steps New makes by default,
// from the page outward, in a fresh slice: two steps for backgrounds
// beside the page (1.05, 1.1), three for component backgrounds (1.2,
// 1.35, 1.55), three for borders and separators (1.8, 2.2, and 3, WCAG's
// non-text minimum), one for solid fills (3.8), and three for text
// (4.5, WCAG AA; 7, AAA; 12). They are Radix Colors' twelve roles placed
// by contrast, as Leonardo places its swatches.
func DefaultRatios() []float64 {
	return []float64{1.05, 1.1, 1.2, 1.35, 1.55, 1.8, 2.2, 3, 3.8, 4.5, 7, 12}
}

// DefaultLightPage and DefaultDarkPage return the page backgrounds New
// measures against by default: the embedded default catalog's page
// background in its two schemes.
func DefaultLightPage() colorref.Color { return colorref.HSL(220, 20, 97) }

// DefaultDarkPage: see [DefaultLightPage].
func DefaultDarkPage() colorref.Color { return colorref.HSL(222, 18, 10) }

// Options says what New makes. The zero Options makes the 12 steps of
// [DefaultRatios] against [DefaultLightPage] and [DefaultDarkPage].
type Options struct {
	// Ratios are the contrast ratios asked for, one step each, in the
	// order the steps take (nil: DefaultRatios). Each must be at least 1.
	Ratios []float64
	// LightPage and DarkPage are the opaque page backgrounds the steps of
	// each scheme are measured against; the zero Color means the default.
	LightPage, DarkPage colorref.Color
}

// Step is one color of a scale: the ratio asked for, the color placed
// at it, and the ratios it reaches against its page.
type Step struct {
	Name  string         // "1" for the first ratio, "2" for the next, ...
	Ratio float64        // the ratio asked for
	Color colorref.Color // oklch(), in its canonical form: what is served is what was measured
	// Rendered is the ratio axe-core measures in Chromium
	// ([contrast.RatioRendered]: 8-bit channels) and Exact the WCAG
	// formula's on exact channels; both are at least Ratio, and Rendered
	// lies within [Tolerance] above it wherever the key's hue allows
	// (TestStepsInChromium: every step of 30 keys on both pages).
	Rendered, Exact float64
}

// Tolerance is how far above its ratio New places a step's rendered
// ratio when it can: it takes the lightness nearest the page that
// reaches the ratio, and where 8-bit rounding jumps past Ratio+Tolerance
// there it tries the neighbouring lightnesses with the chroma lowered
// (see [New]).
const Tolerance = 0.02

// Ramp is a scale for one page: its steps in the order of the ratios.
type Ramp struct {
	Scheme Scheme
	Page   colorref.Color
	Steps  []Step
}

// Scale is a key color's scale for the light page and for the dark one.
type Scale struct {
	Key         colorref.Color
	Light, Dark Ramp
}

// StepError says which step of which scheme New could not make.
type StepError struct {
	Scheme Scheme
	Name   string  // the step's name
	Ratio  float64 // the ratio asked for
	Max    float64 // the most the key reaches against the page (for ErrUnreachable)
	Err    error   // ErrRatio or ErrUnreachable
}

func (e *StepError) Error() string {
	if errors.Is(e.Err, ErrUnreachable) {
		return fmt.Sprintf("scale: %s step %s: %s:1 is out of reach against the page (the key's hue reaches %s at most)",
			e.Scheme, e.Name, strconv.FormatFloat(e.Ratio, 'g', -1, 64), contrast.FormatRatio(e.Max))
	}
	return fmt.Sprintf("scale: %s step %s: %v is not a contrast ratio (a number of at least 1)", e.Scheme, e.Name, e.Ratio)
}

// Unwrap returns ErrRatio or ErrUnreachable.
func (e *StepError) Unwrap() error { return e.Err }

// New makes the scale of key: for each ratio of o (by default
// [DefaultRatios]) and each page, the oklch() color of the key's hue
// nearest the page in OKLab lightness whose contrast with the page
// reaches the ratio under [contrast.Both] (the WCAG formula and
// axe-core's rendered measure alike), darker than a light page and
// lighter than a dark one. The key's chroma is kept where sRGB holds it
// and brought into sRGB where it does not ([colorref.Color.WithLightness]
// on its oklch() form), so every step paints the same on every screen
// and its ratio is the one measured. The key may be of any notation;
// its alpha is ignored.
//
// An error is a *[StepError] wrapping [ErrRatio] or [ErrUnreachable], or
// [ErrTranslucentPage].
func New(key colorref.Color, o Options) (Scale, error) {
	ratios := o.Ratios
	if ratios == nil {
		ratios = DefaultRatios()
	}
	light, dark := o.LightPage, o.DarkPage
	if light == (colorref.Color{}) {
		light = DefaultLightPage()
	}
	if dark == (colorref.Color{}) {
		dark = DefaultDarkPage()
	}
	s := Scale{Key: key}
	var err error
	if s.Light, err = ramp(key, Light, light, ratios); err != nil {
		return Scale{}, err
	}
	if s.Dark, err = ramp(key, Dark, dark, ratios); err != nil {
		return Scale{}, err
	}
	return s, nil
}

// ramp places every ratio against one page.
func ramp(key colorref.Color, sc Scheme, page colorref.Color, ratios []float64) (Ramp, error) {
	if !page.Opaque() {
		return Ramp{}, fmt.Errorf("%w: %s page %s", ErrTranslucentPage, sc, page)
	}
	p := newPlacer(key, page)
	r := Ramp{Scheme: sc, Page: page, Steps: make([]Step, len(ratios))}
	for i, want := range ratios {
		name := strconv.Itoa(i + 1)
		if !(want >= 1) || math.IsInf(want, 0) {
			return Ramp{}, &StepError{Scheme: sc, Name: name, Ratio: want, Err: ErrRatio}
		}
		st, ok := p.place(want)
		if !ok {
			return Ramp{}, &StepError{Scheme: sc, Name: name, Ratio: want, Max: p.max(), Err: ErrUnreachable}
		}
		st.Name = name
		r.Steps[i] = st
	}
	return r, nil
}

// placer finds steps of one key against one page on the lightness grid
// of contrast's searches (0.01 of a percent, which oklch() prints).
type placer struct {
	key    colorref.Color // the key in oklch(), opaque
	page   colorref.Color
	darker bool // steps go darker than the page
	from   int  // the grid step nearest the page's own lightness
}

func newPlacer(key colorref.Color, page colorref.Color) *placer {
	p := &placer{key: key.In(colorref.NotationOKLCh).WithAlpha(1), page: page}
	// The side with the more room: dark steps on a page lighter than
	// the middle ((Y+0.05)² ≥ 0.0525, where the two sides reach the same
	// ratio), light steps on a darker one.
	y := contrast.Luminance(page)
	p.darker = (y+0.05)*(y+0.05) >= 0.0525
	l := page.In(colorref.NotationOKLCh).Components()[0]
	p.from = int(math.Round(l * 10000))
	return p
}

// at returns the step color at grid step k with its chroma the key's
// brought into sRGB (see WithLightness), then passed through chroma (to
// lower it): in canonical form, inside sRGB.
func (p *placer) at(k int, chroma func(float64) float64) colorref.Color {
	x := p.key.WithLightness(float64(k) / 100).Components()
	c := colorref.OKLCh(x[0], min(chroma(x[1]), x[1]), x[2], 1).Rounded()
	for !c.InSRGB() { // a chroma rounded up can leave sRGB by a hair
		x = c.Components()
		c = colorref.OKLCh(x[0], x[1]-1e-4, x[2], 1).Rounded()
	}
	return c
}

func full(c float64) float64 { return c }

// toward returns the grid step d steps from the page, on the steps' side.
func (p *placer) toward(d int) int {
	if p.darker {
		return p.from - d
	}
	return p.from + d
}

// room is how many grid steps lie between the page and the end of its
// side.
func (p *placer) room() int {
	if p.darker {
		return p.from
	}
	return 10000 - p.from
}

func (p *placer) exact(c colorref.Color) float64 { return contrast.RatioOver(c, p.page, p.page) }

// max is the ratio of the farthest step from the page.
func (p *placer) max() float64 { return p.exact(p.at(p.toward(p.room()), full)) }

// place finds the step for ratio want: walking outward from the page on
// the lightness grid, the first color that passes under Both with a
// rendered ratio within Tolerance of want, at the key's chroma (brought
// into sRGB) if one does, else at the highest fraction of it that has
// one (in steps of 1% down to half, then in steps of 0.0001, the
// precision oklch() prints, down to a grey); else the one that passes
// nearest above want.
func (p *placer) place(want float64) (Step, bool) {
	if p.exact(p.at(p.toward(p.room()), full)) < want {
		return Step{}, false
	}
	var best Step
	found := false
	try := func(chroma func(float64) float64) bool {
		// The exact ratio grows with the distance from the page (the
		// luminance WithLightness paints never falls as lightness
		// rises): find the nearest distance where it reaches want, then
		// walk outward while the exact ratio stays near want.
		lo, hi := 0, p.room()
		for lo < hi {
			mid := (lo + hi) / 2
			if p.exact(p.at(p.toward(mid), chroma)) >= want {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		for d := max(lo-2, 0); d <= p.room(); d++ {
			c := p.at(p.toward(d), chroma)
			ex := p.exact(c)
			if ex > want+0.25 {
				break
			}
			if !contrast.Both.Threshold(want).Passes(c, p.page, p.page) {
				continue
			}
			st := Step{Ratio: want, Color: c, Exact: ex, Rendered: contrast.RatioRendered(c, p.page, p.page)}
			if st.Rendered-want <= Tolerance {
				best, found = st, true
				return true
			}
			if !found || st.Rendered < best.Rendered {
				best, found = st, true
			}
		}
		return false
	}
	for k := 100; k >= 50; k-- {
		f := float64(k) / 100
		if try(func(c float64) float64 { return c * f }) {
			return best, true
		}
	}
	if found { // below where the 1% steps stopped, half the chroma at best's lightness
		c0 := p.key.WithLightness(best.Color.Components()[0] * 100).Components()[1] / 2
		for k := 1; float64(k)*1e-4 <= c0; k++ {
			cap := c0 - float64(k)*1e-4
			if try(func(float64) float64 { return cap }) {
				return best, true
			}
		}
	}
	if !found { // only colors past want+0.25 reach it
		for d := 0; d <= p.room(); d++ {
			c := p.at(p.toward(d), full)
			if contrast.Both.Threshold(want).Passes(c, p.page, p.page) {
				return Step{Ratio: want, Color: c, Exact: p.exact(c), Rendered: contrast.RatioRendered(c, p.page, p.page)}, true
			}
		}
		return Step{}, false
	}
	return best, true
}
