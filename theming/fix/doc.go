// Package fix is the contrast engine of package theming's data: it
// audits snapshots and themes against their catalog's contrast rules,
// suggests fixes of the pairs that fail, fixes a theme's fields
// ([Engine.FixTheme], [Engine.FieldRange]), makes a theme from one brand
// color ([Engine.Generate]), and works out each theme's high-contrast
// variant ([Engine.HighContrast]) and the forced-colors roles
// ([Engine.ForcedColor]) that the stylesheet (package
// [github.com/themekit/themekit/theming/css]) serves.
//
// A host makes one [Engine] per compiled catalog and shares it:
//
//	e := fix.New(snap.CompiledCatalog())
//	rep, err := e.Audit(snap, contrast.Policy{}) // every theme of the snapshot
//	fixed, edits, err := e.FixTheme(draft, fix.FixOptions{})
//
// The engine is a worker apart from the data it judges, as go/types'
// Checker is apart from the Package it fills: theming's values answer
// questions about themselves, and the engine reads them (through
// theming's guarded seam, not through exported internals) and keeps, by
// weak pointers, what it works out that depends on them alone (see
// [Engine]): a snapshot's audits and the forced-colors roles. A theme's
// high-contrast variant it works out on each call, for whoever serves it
// to keep: httpadapter keeps one engine per compiled catalog and each
// theme's stylesheet, variant included, within its byte budget, and gives
// the engine to the host's own pages (Adapter.Engine).
//
// # Decisions
//
//   - A rule judges what the page paints (theming's package
//     documentation says how a rule's pair is read); the audit, the
//     suggestions, the fixer, the generator and the high-contrast variant
//     all read a rule's pair that one way, and judge it with the
//     policy's one verdict, so the solver's verdicts are the audit's.
//   - The default policy, the zero [contrast.Policy], is WCAG 2 AA under
//     [contrast.Both] (the exact ratio and the rendered one, what axe-core
//     measures in a browser, must both pass), without APCA, so a catalog
//     that passes it passes browser-based checkers too. [Engine.Audit]
//     works out a snapshot's report under it once and keeps it; under
//     another policy, [Engine.Audit], [Engine.AuditResolved] (one theme)
//     and [Engine.AuditTheme] (a theme not yet saved) audit again.
//     Findings name their measurements as [contrast.Result] does: Ratio
//     is the one the verdict rests on, Exact and Rendered beside it, Lc
//     the APCA number, all reported whatever the policy.
//   - A finding's fixes come two ways, each from what knows enough:
//     [Finding.Suggestions] (and [Finding.Suggest], the component's) move
//     one color of the pair, nearest first, each passing under the
//     policy's method in its printed form (under an APCA policy they are
//     searched for the WCAG 2 ratio and say whether they reach the APCA
//     level too); [Report.SuggestEdit] and [Report.Suggestions] say which
//     field of the audited theme makes a fix and whether the edit holds
//     once the theme is audited again.
//   - A [Finding] names the theme field ("colors.<id>.<scheme>") that
//     decided each side's color and the component whose literal gave it,
//     as theming's resolver recorded them while it resolved: of several
//     overrides on a chain, the one nearest the literal decides.
//   - What the engine returns is the caller's: reports, variants and their
//     slices are copies; modifying them changes nothing the engine keeps.
//   - [Engine.FixTheme] moves the lightness of color overrides (hue and
//     saturation kept, at the hundredths a color prints), and the alpha of
//     a translucent one only under [FixOptions].Alpha, and never the page
//     background: moving it would move every rule at once. It judges each
//     move on the theme as it resolves with the move applied, so a
//     background derived from the moved field moves with it. Every
//     lightness is searched by contrast's one search
//     ([contrast.NearestLightness], [contrast.LightnessRanges]) on the
//     0.01 grid a color prints at ([contrast.LightnessSteps]), which
//     misses no passing step, however narrow the window it lies in. Its
//     edits are minimal as a set: none can be undone with every rule
//     passing. Its work is bounded ([ErrWorkBound]): a hostile theme gets
//     the best found within about 10 to 20 ms.
//   - A theme's high-contrast variant is AAA under [contrast.Both]
//     ([HighContrastPolicy]), worked out on each call and kept by whoever
//     serves it, a translucent color's alpha raised where no lightness
//     reaches AAA; the stylesheet serves it under prefers-contrast: more
//     and data-contrast="more". A variant that cannot bring every rule to
//     AAA never fails silently: each such rule gets the most contrast it
//     can reach, the stylesheet names the rules in a comment before the
//     variant, and [Variant].Failing and [Engine.HighContrastAudit] list
//     them. Under forced-colors: active the sheet maps the variables to
//     CSS system colors by the roles [Engine.ForcedColor] documents,
//     which put the two sides of every rule on opposite sides of the
//     forced palette.
//   - [Engine.Generate] keeps the brand color exactly wherever it passes
//     the brand component's own rules: the components that fall back to
//     it get overrides of their own instead of moving it.
package fix
