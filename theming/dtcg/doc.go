// Package dtcg writes a catalog and its themes as Design Tokens Community
// Group files (Format, Color and Resolver modules, 2025.10) and reads them
// back: [Export] and [Import].
//
// # Layout
//
// The Resolver module forbids a modifier from referencing another, and
// resolves aliases only after every set and modifier is merged. So the
// three modifiers stay independent and select among values by alias:
//
//	themes.resolver.json   sets: catalog (and theme, with one theme);
//	                       modifiers: theme (the theme ids, with two themes
//	                       or more), scheme (light, dark), contrast
//	                       (normal, more); resolutionOrder: catalog, theme,
//	                       scheme, contrast
//	catalog.tokens.json    color.<component_id> = {themekit.selected.color.<id>}
//	                       variable.<name>      = {themekit.selected.variable.<name>}
//	scheme-<s>.tokens.json themekit.selected.X  = {themekit.<s>.selected.X}
//	contrast-<c>.tokens.json
//	                       themekit.<s>.selected.X = {themekit.<s>.<c>.X}, for each scheme s
//	theme-<id>.tokens.json themekit.<s>.<c>.X   = the value, for each scheme s and contrast c
//
// where X is color.<component_id> or variable.<name>. Whatever the input,
// color.<id> resolves to the chosen theme's color in the chosen scheme and
// contrast. A theme value that names another component is an alias,
// "{color.<other>}", which the merge resolves in the same context.
//
// The tokens tools read are those of catalog.tokens.json: color.<id> for
// every component (hidden ones too, flagged "hidden" in $extensions), with
// $description the component's name, and variable.<name> (the CSS
// variable without its "--") for each variable that is not the first
// plain one of its component: derived variables (their derivation,
// opacity, lightness and lightness_offset, and their component under
// $extensions) resolve to a value worked out here; a second plain variable
// is an alias of its component's token. $extensions["dev.themekit"]
// .css_variable names the CSS variable: exactly one token carries each, in
// every context. Every token has $type "color".
//
// Values are Color-module objects {"colorSpace": "hsl", "components":
// [h, s, l], "alpha": a}: hue in [0, 360), saturation and lightness in
// percent, alpha always written, all rounded as the stylesheet prints
// them, so a tool's output equals the served stylesheet's. The "more"
// contrast holds the theme's high-contrast variant, the one the
// stylesheet serves under prefers-contrast: more
// ([github.com/themekit/themekit/theming/fix.Engine.HighContrast];
// [ExportOptions].Variant replaces it).
//
// # Import
//
// Values as the catalog or theme wrote them ("primary", "hsla(…)") travel
// in $extensions ("source", and "override" for a theme's own value), as do
// the component definitions, the theme records and the catalog's page
// background and palette preview; so export, import and export again gives
// the same bytes, and the imported data the same [theming.Snapshot.Version].
// Files this package did not write are read too: every color token
// outside the themekit and variable groups becomes a component (its path
// joined by "-"), one CSS variable each.
//
// An edit is never dropped. In an export of this package, a token whose
// value no longer matches the source its extension records was edited:
//
//   - a theme's value (themekit.<scheme>.normal.color.<id> in its theme
//     file) becomes the theme's override in that scheme: a color, or the
//     component an alias names ({color.<id>}, or a plain variable of
//     it); an alias to a token that is no component (a derived variable,
//     a token of the designer's own) takes that token's color, with a
//     warning that names it. A token of the theme's own file that takes
//     the place of a route token (color.<id> in the theme file, say) is
//     the theme's value too;
//   - a value the catalog derives, which it cannot hold as written (a
//     high-contrast value, themekit.<scheme>.more.…, or a derived
//     variable), and a token of the catalog, scheme or contrast files
//     that routes every theme's values, are problems at the token, with
//     what to edit instead.
//
// A color written as a hex string ("#1a73e8") is converted to the hsl()
// that renders as the same 8-bit color ([colorref.Color.ShortestHSL]),
// with a warning; an alias to a missing token is refused with the token
// one edit away, when there is one ("did you mean {color.accent}?"). A
// token that is not a color (a dimension, a font family, a shadow) has no
// place in a catalog: it is left out with a warning wrapping [ErrIgnored]
// that names it. Warnings are in [Imported].Warnings.
//
// Problems are [Problem]s with file, JSON pointer, line, column and byte
// offset, each wrapping a sentinel: the format's MUST rules ([ErrName],
// [ErrAliasCycle], [ErrAliasTarget], [ErrNoType], [ErrRange],
// [ErrColorSpace]) and what cannot become a catalog ([ErrNotCatalog]).
// They follow theming's convention: a repeat (the same place and
// sentinel, found again in another theme's or scheme's resolution) is
// reported once, at most [theming.MaxProblems] are listed and one last
// problem counts the rest; places are worked out from one line index of
// each file, for the problems listed only. A color in another space is
// converted to hsl by [colorref.FromSpace] with a warning wrapping
// [ErrConverted] (saying so when it lay outside sRGB and was clamped);
// srgb, srgb-linear, hwb, lab, lch, oklab, oklch, xyz-d65 and xyz-d50
// convert, the wide-gamut spaces are refused.
//
// # Bounds
//
// An import reads at most [MaxFileSize] (16 MB) a file and
// [MaxImportSize] (32 MB) in all, and holds at most [MaxValues] (1 << 20)
// JSON values parsed from them (a 16 MB file of zeros stops there after
// 192 MB allocated); past a bound the problem wraps [ErrTooLarge] and
// names the bound. Each alias chain is followed
// once (a chain of N tokens costs O(N) for all its tokens), a cycle is
// reported once with its members, each extension is decoded once
// however many aliases reach it, resolver references are looked up by
// name, and the merges of all themes walk at most 8,388,608 names.
package dtcg
