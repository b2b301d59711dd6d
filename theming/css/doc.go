// Package css writes a resolved theme as CSS custom properties: the
// stylesheet a page links or inlines ([Stylesheet]), with the theme's
// high-contrast variant and forced-colors roles from the contrast engine
// (package [github.com/themekit/themekit/theming/fix]) when it is given
// them, and the light-dark() form ([LightDark]).
//
// It is the one place that writes CSS. It reads what package theming
// resolved and what the engine worked out, and keeps nothing: each call
// renders the sheet anew, and whoever serves it keeps the bytes
// (httpadapter keeps each snapshot's sheets, rendered once per theme).
//
//	e := fix.New(snap.CompiledCatalog()) // one engine per compiled catalog
//	rt, _ := snap.ChooseTheme(userPref)
//	sheet := css.Stylesheet(rt, e.HighContrast(rt))
package css
