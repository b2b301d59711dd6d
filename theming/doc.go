// Package theming turns a designer's component catalog and themes into
// validated, resolved, immutable data for a front end: the component
// definitions, the themes, each theme's colors in the light and dark
// schemes, derived CSS variables and palette previews. It is the data
// core; the contrast engine that audits and fixes that data is package
// [github.com/themekit/themekit/theming/fix], and the stylesheets are
// package [github.com/themekit/themekit/theming/css].
//
// # Data
//
// There is one way in per kind of input:
//
//   - bytes: [Load](catalogJSON, themesJSON);
//   - an [io/fs.FS]: [LoadFS](fsys), for a directory LoadFS(os.DirFS(dir)),
//     for the embedded default data LoadFS([DefaultFS]());
//   - typed values: [CompileCatalog](cat), once, then
//     [CompiledCatalog.Snapshot] (or [CompiledCatalog.SnapshotLenient]) for
//     each version of the themes, and for one theme not yet saved
//     [CompiledCatalog.CheckTheme] (its audit and its fix are the
//     engine's: fix.Engine.AuditTheme and fix.Engine.FixTheme).
//
// The typed values are the front door: a host whose catalog and themes
// live in its own database builds a [Catalog] and a slice of [Theme] from
// its rows; with many tenants on one catalog, the compiled catalog is
// shared by every tenant's snapshot. [DefaultCatalog] and [DefaultThemes]
// give the embedded default data as Go values, to seed a host's tables.
//
// JSON is one way in. A catalog is catalog.json:
//
//	{"page_background": "page-background",
//	 "palette_preview": ["primary", ...],
//	 "components": [{"component_id": ..., "name": ..., "fallback": {...},
//	                 "variables": [...], "contrast_against": [...]}, ...]}
//
// and its themes are themes.json: {"themes": [{...}, ...]}. The embedded
// default data ([DefaultFS]) is a community web app's catalog of 66 visible
// components and four themes. The loaders decode the JSON and then take
// the typed values' path.
//
// Data flows one way: decode (JSON only) → check the typed values, parsing
// each color and reference once and keeping what was parsed → resolve each
// theme once, in the check (the snapshot keeps that resolution) →
// assemble the [Snapshot].
//
// # Layout
//
// Arrows point one way: colorref ← contrast ← theming ← theming/fix ←
// theming/css ← httpadapter, and theming's other subpackages import
// theming (revision and htmlreport the engine too); nothing in theming
// imports them. The engine reaches what theming does not export (the
// compiled rules, a theme's references and resolution) through one
// guarded seam, [Internal], as encoding/json/v2 reaches jsontext's
// internals: it opens for this module's token alone, and the types it
// hands out are the module's internal/kernel package's, so a user of
// theming never sees them.
//
//	model.go        Catalog, Component, PerScheme, Theme: the records a host writes;
//	                Scheme.index, PerScheme.With and Theme.SetOverride, the one
//	                scheme index and the one override write
//	load.go         Load, LoadFS, DefaultFS: JSON in (internal/strictjson decodes it strictly)
//	compile.go      CompileCatalog: a catalog checked, indexed and resolved once; the one
//	                rule of references to components (a visible definition names
//	                visible ones) and of the opaque page background
//	check.go        the field rules: one value each, parsed once
//	rule.go         a contrast rule compiled: its target looked up once and the
//	                variables that paint its two sides (the engine reads the rules)
//	theme.go        a theme checked and resolved against a compiled catalog; CheckTheme
//	resolve.go      Derive, a variable's value; the fallback resolver is internal/kernel's
//	snapshot.go     Snapshot, ResolvedTheme: the resolved values, Version; preview.go a
//	                snapshot serving a draft to its requester (Snapshot.Preview)
//	served.go       the served JSON: component definitions, theme list, theme for a user
//	media.go        the one media-base rule
//	field.go        the names of theme fields: FieldName, ParseField; form.go a theme's
//	                color by field name, for forms
//	errors.go       Problem, ValidationError, the sentinels
//	source.go       Source, SourceFunc; current.go Current
//	export.go       Internal, the engine's guarded seam
//
//	theming/fix         the contrast engine: audit, suggestions, FixTheme, Generate, the
//	                    high-contrast variant and the forced-colors roles
//	theming/css         a resolved theme's stylesheets
//	theming/tenant      a Source that builds one snapshot per tenant on demand
//	theming/htmlreport  the audit as a self-contained HTML page
//	theming/validation  validator/v10 tags that give CheckTheme's answers
//	theming/pgsource    the PostgreSQL tenant source (pgx, LISTEN/NOTIFY)
//	theming/revision    drafts, previews, publishes, history and rollback of themes
//	theming/dtcg        the data as DTCG 2025.10 design tokens, out and back in
//
// # Validation
//
// Every way in returns a complete [Snapshot] or a [*ValidationError] that
// lists every problem. Each [Problem] wraps a sentinel ([ErrUnknownComponent],
// [ErrCycle], [ErrDuplicate], ...) for errors.Is and names where it is in the
// caller's terms: for files, the file, line, column and JSON path, as
// compilers write them ("catalog.json:41:26: components[12].fallback.dark:
// unknown component \"nav-bgg\""); for Go values, the theme by its id and the path inside
// it ("theme 10: colors.nav-bgg: unknown component \"nav-bgg\"") or the
// path in the [Catalog], with no file name invented. The [Problem] fields ThemeID,
// ComponentID and Scheme carry the same facts as fields. Paths use one
// dialect: keys after dots, indices in brackets, a map key that is not a
// plain lower-case word quoted in brackets. Field rules are plain Go;
// cross-references use the parsed values. In files, unknown JSON keys,
// duplicate keys, a missing or null required array, nesting deeper than
// [MaxDepth], files larger than [MaxInputSize] and a UTF-8 byte order mark
// are errors too; catalogs of more than [MaxComponents] components, more
// than [MaxThemes] themes, and a name or an image over its bound
// ([MaxNameChars], [MaxImageLen]; see [Theme]) are refused with
// [ErrTooLarge], from files and Go values alike. The loaders refuse a
// list or a string over its bound as they decode it, before they build
// it.
//
// # Sharing and served bytes
//
// A [CompiledCatalog] holds everything that depends only on the catalog: its
// indexes, every fallback resolved in both schemes, the contrast rules and
// the encoded component definitions. Snapshots built from it share all of
// that; a theme holds its own colors only for a scheme it overrides, and
// its variable values are derived from its colors when asked for.
//
// Each served byte slice has one owner. The [CompiledCatalog] owns the
// encoded component definitions: encoded once per compiled catalog and
// shared by every snapshot built from it ([Snapshot.ComponentDefsJSON]
// returns a copy). httpadapter owns every HTTP representation: ETags,
// indentation, compression and caching per snapshot, with the catalog's
// keyed by [Snapshot.CompiledCatalog] so that tenants share it. So [Snapshot.ThemesJSON]
// and [Snapshot.ThemeJSON] encode on each call (each record once, straight
// into the returned slice) and keep nothing; their caller keeps the result.
// So does the stylesheet (theming/css renders it on each call;
// httpadapter keeps each snapshot's, and gives a host the one it serves
// to inline into a page). The core keeps no engine result either: what
// the contrast engine works out from the data (audits, variants, roles)
// the engine keeps, one engine per compiled catalog, without keeping the
// data alive. [NormalizeMediaBase] is the one media-base rule.
//
// # Serving
//
// A [Current] holds the current [Snapshot] behind an atomic pointer; a host
// loads new data and [Current.Replace]s the snapshot only when it loaded
// completely. [Current] implements
// [Source], which the HTTP layer reads; hosts may supply their own [Source],
// such as a [github.com/themekit/themekit/theming/tenant.Source].
//
// # Tenants
//
// Package [github.com/themekit/themekit/theming/tenant] serves each tenant
// of a multi-tenant host its own [Snapshot], built on first use and kept
// until invalidated; [SourceFunc] adapts a plain function for hosts that
// pick snapshots themselves.
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
//   - A variable's value is derived from its component's resolved color,
//     in each scheme: lightness sets L (percent points), then the scheme's
//     lightness offset is added and L clamped to [0, 100], then opacity
//     multiplies alpha. A variable with none of them carries the
//     component's color. The offset is lightness_offset in both schemes,
//     as catalogs have always written it, unless lightness_offset_dark is
//     set: then lightness_offset is the light scheme's and
//     lightness_offset_dark the dark scheme's. A state that gains contrast
//     by getting darker on the light page gets lighter on the dark one
//     ("lightness_offset": -10, "lightness_offset_dark": 10); with one
//     offset it loses contrast on one page, and the audit, which judges it
//     in both, names it there.
//   - default_opacity describes the editor's default for overlays; it does
//     not change the resolved color, whose alpha the fallback states.
//   - The page background must be opaque in both schemes under every
//     theme; translucent colors are composited over it.
//   - In a contrast rule the component is the foreground and the target
//     the background: the background is composited over the page
//     background and the foreground over that.
//   - A rule judges what the page paints, every color of it. Each rule of
//     a component judges each of its CSS variables (its first, and its
//     states: hover, visited, active, strong, muted), with its own
//     opacity and lightness in each scheme, unless the variable's "role"
//     says otherwise ([Role]): "decoration" (a halo, a translucent border
//     that carries no information) and "disabled" (a disabled control)
//     are exempt, as WCAG 2 exempts them, and "surface" (a tint or a
//     background other things are painted on) is judged only where a
//     rule names it as its target. A component target is painted by its
//     first variable, a variable target by itself whatever its role; a
//     variable is never judged against itself. A component without
//     variables is judged by its color. The contrast engine's audit,
//     suggestions, fixer, generator and high-contrast variant all read a
//     rule's pairs this one way, and a finding names the variable it
//     judged.
//   - A visible definition may not refer to a hidden one, so the served
//     catalog is self-contained. Hidden definitions may refer to anything.
//   - Themes are served in ascending id order. Image paths become URLs on
//     the media base URL ([DefaultMediaBase], "/media/", if none); absolute
//     http(s) URLs are served as written, and so take URI characters only,
//     as the media base does, and none of "'", "(" and ")" (escape them):
//     nothing in one can end an HTML attribute or a CSS url() a host puts
//     it in. An unset image or image pair is null. Relative paths take
//     only letters, digits, "._~-" and "/".
//   - The theme list carries each theme's palette_preview, computed from
//     the catalog's palette_preview components in the light scheme; the
//     theme for a user carries an empty array, as the source observed.
//   - [Snapshot.ChooseTheme] picks the user's preferred theme if it exists, else the
//     theme marked is_default, else the lowest id.
//   - An empty logo-type field means [LogoTypeDefault] and an empty
//     LogoAlignment means [AlignLeft]; the served record carries the value.
//     A nil Colors map means no overrides and is served as {}; a nil
//     Variables slice is served as []. In Go values a nil slice is an
//     empty one (no themes, no palette preview); in files the arrays
//     palette_preview, components, variables and themes must be present.
//   - [CompileCatalog] and [CompiledCatalog.Snapshot] keep their own
//     copies of what they are given; the caller may reuse its values.
//   - A problem in a theme whose id is not positive cannot be named by
//     the id: it has ThemeID 0 and a path from the slice ("themes[3].id").
//   - [CompiledCatalog.Snapshot] is strict: one bad theme fails the whole build, as a
//     designer's broken file should. [CompiledCatalog.SnapshotLenient], for a host that
//     would rather serve a tenant's good themes than none, keeps the
//     themes that validate and returns the others' problems beside a
//     usable snapshot, as io.ReadFull returns data and an error. Of themes
//     sharing an id, and of several marked default, it keeps the first.
//   - A color (a fallback, an override, and so a variable derived from
//     it) may be written in any notation colorref.Parse reads: #hex,
//     hsl()/hsla(), rgb()/rgba(), oklch(), oklab() or color(display-p3
//     …). It keeps that notation: the served JSON carries the value as
//     written, the stylesheet writes it canonically in its notation
//     (a derived variable too, its lightness moved in the notation's own
//     lightness, see [Derive]), and contrast, the audit and the palette
//     preview's compositing judge the sRGB color a browser paints
//     (colorref.Color.SRGB: a color outside sRGB clipped channel by
//     channel, as Chromium paints it and axe-core measures it). A
//     contrast target of type "hsl" stays an hsl() color.
//   - [Snapshot.Version] is the first 16 hex digits of a SHA-256 over the
//     catalog's encoding and the theme list as served on
//     [DefaultMediaBase], so replicas that loaded the same data (from
//     files or rows) agree on it whatever base they serve; a host serving
//     the default base has the list digested as it was encoded.
//   - The media base is an absolute http(s) URL with a host or a path
//     starting with one "/", checked by [NormalizeMediaBase] wherever a
//     base is configured: a protocol-relative base ("//host/", "/\host/")
//     would send every theme's images to another host.
//   - What a snapshot returns is the caller's: [Snapshot.Components],
//     [Snapshot.Component], [ResolvedTheme.Theme] and the encoded bodies
//     are copies; modifying them changes nothing served.
//   - A visible definition may not name a hidden one, wherever it names
//     it (a fallback, a contrast target or the variable of one, the page
//     background, the palette preview, a theme's override): one rule, with
//     one wording.
//   - The contrast rules' decisions (the default policy, what a finding
//     names, how a fix moves a field, the high-contrast variant and the
//     forced-colors roles, the generator's brand) are the engine's, and
//     its package documentation states them.
//   - A [Scheme] other than [Light] and [Dark] has no colors:
//     [ResolvedTheme.Color] and [ResolvedTheme.Variable] answer false.
package theming
