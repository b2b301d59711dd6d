// Package theming turns a designer's component catalog and themes into
// validated, resolved, immutable data for a front end: the component
// definitions, the themes, each theme's colors in the light and dark
// schemes, derived CSS variables, palette previews and a contrast audit.
//
// # Data
//
// A catalog is catalog.json:
//
//	{"page_background": "page-background",
//	 "palette_preview": ["primary", ...],
//	 "components": [{"component_id": ..., "name": ..., "fallback": {...},
//	                 "variables": [...], "contrast_against": [...]}, ...]}
//
// and its themes are themes.json: {"themes": [{...}, ...]}. Load reads
// them from bytes, LoadFS from an fs.FS and LoadDir from a directory;
// LoadDefault reads the embedded default data (DefaultFS), a community web
// app's catalog of 66 visible components and four themes.
//
// # Validation
//
// Loading either returns a complete Snapshot or a *ValidationError that
// lists every problem with its file and JSON path
// ("catalog.json: components[12].fallback.dark: unknown component
// \"nav-bgg\""). Each Problem wraps a sentinel (ErrUnknownComponent,
// ErrCycle, ErrDuplicate, ...) for errors.Is. Field rules are validator/v10
// struct tags with custom tags backed by colorref; cross-references are
// checked in plain Go. Unknown JSON keys, duplicate keys, nesting deeper
// than MaxDepth and files larger than MaxInputSize are errors.
//
// # Decisions
//
// Where the source document is silent, this package decides:
//
//   - Resolving component X in scheme S under theme T takes T's override
//     of X in S if present, else X's fallback in S; a component id is
//     resolved the same way, so a theme's override of "primary" reaches
//     every component that falls back to "primary". Resolution is
//     iterative and linear in the catalog's size.
//   - A variable's value is derived from its component's resolved color:
//     lightness sets L (percent points), then lightness_offset is added and
//     L clamped to [0, 100], then opacity multiplies alpha. A variable with
//     none of them carries the component's color.
//   - default_opacity describes the editor's default for overlays; it does
//     not change the resolved color, whose alpha the fallback states.
//   - The page background must be opaque in both schemes under every
//     theme; translucent colors are composited over it.
//   - In a contrast rule the component is the foreground and the target
//     the background: the background is composited over the page
//     background and the foreground over that.
//   - A visible definition may not refer to a hidden one, so the served
//     catalog is self-contained. Hidden definitions may refer to anything.
//   - Themes are served in ascending id order. Image paths become URLs on
//     the media base URL (DefaultMediaBase, "/media/", if none); absolute
//     http(s) URLs are served as written; an unset image or image pair is
//     null. Relative paths take only letters, digits, "._~-" and "/".
//   - The theme list carries each theme's palette_preview, computed from
//     the catalog's palette_preview components in the light scheme; the
//     theme for a user carries an empty array, as the source observed.
//   - ChooseTheme picks the user's preferred theme if it exists, else the
//     theme marked is_default, else the lowest id.
//
// # Serving
//
// A Store holds the current Snapshot behind an atomic pointer; Reload
// swaps in new data only when it loads completely. Store implements
// Source, which the HTTP layer reads; hosts may supply their own Source.
package theming
