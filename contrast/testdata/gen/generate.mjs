// generate.mjs: reference vectors for WCAG 2 contrast and APCA Lc.
//
// Expected values come from Color.js (npm "colorjs.io") and the APCA reference
// implementation (npm "apca-w3"), both pinned to exact versions in
// package.json / package-lock.json. They are independent of the Go code in
// this repository.
//
// Regenerate:
//
//     cd contrast/testdata/gen && npm ci && node generate.mjs > ../contrast-vectors.json
//
// For each (fg, bg) pair of CSS hsl()/hsla() strings (legacy comma syntax):
//   fg_luminance, bg_luminance  WCAG 2 relative luminance of each color, alpha
//                               ignored, from Color.js's sRGB channels with the
//                               WCAG formula (threshold 0.04045, coefficients
//                               0.2126 / 0.7152 / 0.0722), see LUMINANCE below.
//   composited                  fg over bg, source-over in gamma-encoded sRGB
//                               (fg*a + bg*(1-a)), by apca-w3 alphaBlend with
//                               round=false, channels 0..1.
//   wcag_ratio                  Color.js contrastWCAG21(composited, bg).
//   wcag_ratio_formula          (Lmax + 0.05) / (Lmin + 0.05) with the WCAG
//                               formula luminances of composited and bg.
//   apca_lc                     apca-w3 APCAcontrast(sRGBtoY(composited*255),
//                               sRGBtoY(bg*255)), signed, unrounded.
// apca_readme: the keystone values published with apca-w3 (test/index.js and
// test/test.html of the installed package), recomputed with APCAcontrast.

import Color from "colorjs.io";
import { APCAcontrast, sRGBtoY, alphaBlend } from "apca-w3";
import { readFileSync } from "node:fs";

const version = name =>
	JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), "utf8"))
		.version;

// ---------------------------------------------------------------------------
// Pairs (hand-written): [fg, bg]
// ---------------------------------------------------------------------------

const WHITE = "hsl(0, 0%, 100%)";
const BLACK = "hsl(0, 0%, 0%)";

const PAIRS = [
	// black / white both ways, identical colors
	[BLACK, WHITE],
	[WHITE, BLACK],
	[WHITE, WHITE],
	[BLACK, BLACK],
	["hsl(210, 50%, 40%)", "hsl(210, 50%, 40%)"],
	["hsl(0, 100%, 50%)", "hsl(0, 100%, 50%)"],
	["hsl(0, 0%, 50%)", "hsl(0, 0%, 50%)"],
	["hsl(0, 0%, 50%)", "hsl(180, 0%, 50%)"], // same grey, different hue
	["hsl(0, 100%, 0%)", BLACK], // black spelled with saturation
	["hsl(240, 100%, 100%)", WHITE],

	// greys
	["hsl(0, 0%, 46.27450980392157%)", WHITE], // #767676
	["hsl(0, 0%, 46.666666666666664%)", WHITE], // #777777
	["hsl(0, 0%, 34.90196078431372%)", WHITE], // #595959
	["hsl(0, 0%, 58.03921568627452%)", WHITE], // #949494
	["hsl(0, 0%, 53.333333333333336%)", WHITE], // #888888
	[WHITE, "hsl(0, 0%, 53.333333333333336%)"],
	["hsl(0, 0%, 20%)", "hsl(0, 0%, 80%)"],
	["hsl(0, 0%, 80%)", "hsl(0, 0%, 20%)"],
	["hsl(0, 0%, 10%)", "hsl(0, 0%, 90%)"],
	["hsl(0, 0%, 25%)", "hsl(0, 0%, 75%)"],
	["hsl(0, 0%, 40%)", "hsl(0, 0%, 60%)"],
	["hsl(0, 0%, 2%)", BLACK], // both in the linear segment of the sRGB curve
	["hsl(0, 0%, 4%)", "hsl(0, 0%, 1%)"],
	["hsl(0, 0%, 4.045%)", BLACK], // at the 0.04045 breakpoint
	["hsl(0, 0%, 3.928%)", BLACK], // WCAG 2.0's old 0.03928 breakpoint
	["hsl(0, 0%, 99%)", WHITE],

	// saturated hues (s=100%, l=50%) on white and on black
	["hsl(0, 100%, 50%)", WHITE],
	["hsl(0, 100%, 50%)", BLACK],
	["hsl(60, 100%, 50%)", WHITE],
	["hsl(60, 100%, 50%)", BLACK],
	["hsl(120, 100%, 50%)", WHITE],
	["hsl(120, 100%, 50%)", BLACK],
	["hsl(180, 100%, 50%)", WHITE],
	["hsl(180, 100%, 50%)", BLACK],
	["hsl(240, 100%, 50%)", WHITE],
	["hsl(240, 100%, 50%)", BLACK],
	["hsl(300, 100%, 50%)", WHITE],
	["hsl(300, 100%, 50%)", BLACK],
	["hsl(0, 100%, 50%)", "hsl(120, 100%, 50%)"],
	["hsl(240, 100%, 50%)", "hsl(60, 100%, 50%)"],
	["hsl(30, 100%, 50%)", "hsl(210, 100%, 50%)"],
	["hsl(210, 50%, 40%)", WHITE],
	["hsl(210, 50%, 40%)", "hsl(60, 30%, 95%)"],
	["hsl(45, 90%, 85%)", "hsl(220, 40%, 15%)"],
	["hsl(-30, 100%, 50%)", WHITE], // hue wraps to 330
	["hsl(0.5turn, 100%, 25%)", WHITE],

	// near-threshold greys: each pair straddles 3, 4.5 or 7
	["hsl(0, 0%, 58.38%)", WHITE], // just above 3
	["hsl(0, 0%, 58.39%)", WHITE], // just below 3
	["hsl(0, 0%, 46.53%)", WHITE], // just above 4.5
	["hsl(0, 0%, 46.54%)", WHITE], // just below 4.5
	["hsl(0, 0%, 34.91%)", WHITE], // just above 7
	["hsl(0, 0%, 34.92%)", WHITE], // just below 7
	["hsl(0, 0%, 34.91%)", BLACK], // just below 3
	["hsl(0, 0%, 34.92%)", BLACK], // just above 3
	["hsl(0, 0%, 45.53%)", BLACK], // just below 4.5
	["hsl(0, 0%, 45.54%)", BLACK], // just above 4.5
	["hsl(0, 0%, 58.38%)", BLACK], // just below 7
	["hsl(0, 0%, 58.39%)", BLACK], // just above 7

	// near-threshold colored pairs (straddling 3, 4.5, 7)
	["hsl(210, 50%, 60.02%)", WHITE],
	["hsl(210, 50%, 60.03%)", WHITE],
	["hsl(210, 50%, 47.84%)", WHITE],
	["hsl(210, 50%, 47.85%)", WHITE],
	["hsl(210, 50%, 35.95%)", WHITE],
	["hsl(210, 50%, 35.96%)", WHITE],
	["hsl(0, 100%, 68.35%)", WHITE],
	["hsl(0, 100%, 68.36%)", WHITE],
	["hsl(0, 100%, 46.84%)", WHITE],
	["hsl(0, 100%, 46.85%)", WHITE],
	["hsl(0, 100%, 35.77%)", WHITE],
	["hsl(0, 100%, 35.78%)", WHITE],
	["hsl(120, 100%, 20.48%)", BLACK],
	["hsl(120, 100%, 20.49%)", BLACK],
	["hsl(120, 100%, 26.59%)", BLACK],
	["hsl(120, 100%, 26.6%)", BLACK],
	["hsl(120, 100%, 33.97%)", BLACK],
	["hsl(120, 100%, 33.98%)", BLACK],
	["hsl(240, 100%, 69.03%)", WHITE],
	["hsl(240, 100%, 69.04%)", WHITE],
	["hsl(30, 80%, 36.85%)", "hsl(60, 30%, 95%)"],
	["hsl(30, 80%, 36.86%)", "hsl(60, 30%, 95%)"],
	["hsl(270, 60%, 62.59%)", "hsl(0, 0%, 10%)"],
	["hsl(270, 60%, 62.6%)", "hsl(0, 0%, 10%)"],
	// the same near-4.5 pair both ways (WCAG is symmetric, APCA is not)
	["hsl(0, 0%, 100%)", "hsl(0, 0%, 46.53%)"],
	["hsl(60, 30%, 95%)", "hsl(30, 80%, 36.85%)"],

	// translucent foregrounds over opaque backgrounds
	["hsla(0, 0%, 0%, 0)", WHITE],
	["hsla(0, 0%, 0%, 0.25)", WHITE],
	["hsla(0, 0%, 0%, 0.5)", WHITE],
	["hsla(0, 0%, 0%, 0.9)", WHITE],
	["hsla(0, 0%, 100%, 0)", BLACK],
	["hsla(0, 0%, 100%, 0.25)", BLACK],
	["hsla(0, 0%, 100%, 0.5)", BLACK],
	["hsla(0, 0%, 100%, 0.9)", BLACK],
	["hsla(210, 50%, 40%, 0)", WHITE],
	["hsla(210, 50%, 40%, 0.25)", WHITE],
	["hsla(210, 50%, 40%, 0.5)", WHITE],
	["hsla(210, 50%, 40%, 0.9)", WHITE],
	["hsla(0, 100%, 50%, 0)", "hsl(60, 30%, 95%)"],
	["hsla(0, 100%, 50%, 0.25)", "hsl(60, 30%, 95%)"],
	["hsla(0, 100%, 50%, 0.5)", "hsl(60, 30%, 95%)"],
	["hsla(0, 100%, 50%, 0.9)", "hsl(60, 30%, 95%)"],
	["hsla(45, 90%, 85%, 0)", "hsl(220, 40%, 15%)"],
	["hsla(45, 90%, 85%, 0.25)", "hsl(220, 40%, 15%)"],
	["hsla(45, 90%, 85%, 0.5)", "hsl(220, 40%, 15%)"],
	["hsla(45, 90%, 85%, 0.9)", "hsl(220, 40%, 15%)"],
	["hsla(120, 100%, 25%, 0.5)", "hsl(300, 100%, 50%)"],
	["hsla(0, 0%, 0%, 50%)", WHITE], // percentage alpha
	["hsla(0, 0%, 0%, 1)", WHITE], // explicit opaque alpha
	["hsl(0, 0%, 0%, 0.5)", "hsl(0, 0%, 46.27450980392157%)"], // 4-arg hsl()
];

// WCAG 2 relative luminance from gamma-encoded sRGB channels in 0..1.
// Color.js's own luminance (XYZ-D65 Y) also uses the 0.04045 threshold but the
// Y row of its sRGB->XYZ matrix (0.21263900587151027, 0.715168678767756,
// 0.07219231536073371) instead of WCAG's rounded 0.2126 / 0.7152 / 0.0722.
function LUMINANCE([r, g, b]) {
	const lin = c => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
	return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function srgb(str) {
	const c = new Color(str);
	if (c.spaceId !== "hsl") throw new Error(`${str}: parsed as ${c.spaceId}`);
	const s = c.to("srgb");
	const coords = s.coords.map(v => v ?? 0);
	for (const v of [...coords, s.alpha]) {
		if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`${str}: non-finite ${v}`);
	}
	return { coords, alpha: s.alpha };
}

function pair([fgStr, bgStr]) {
	const fg = srgb(fgStr);
	const bg = srgb(bgStr);
	if (bg.alpha !== 1) throw new Error(`${bgStr}: background must be opaque`);

	const blended = alphaBlend([...fg.coords, fg.alpha], [...bg.coords], false);
	const composited = blended.slice(0, 3);
	// Cross-check: alphaBlend computes bg*(1-a) + fg*a without rounding.
	composited.forEach((v, i) => {
		const want = fg.coords[i] * fg.alpha + bg.coords[i] * (1 - fg.alpha);
		if (v !== want) throw new Error(`alphaBlend mismatch for ${fgStr} over ${bgStr}`);
	});

	const compColor = new Color("srgb", composited, 1);
	const bgColor = new Color("srgb", bg.coords, 1);
	const wcag = compColor.contrast(bgColor, "WCAG21");

	const lc = LUMINANCE(composited);
	const lb = LUMINANCE(bg.coords);
	const wcagFormula = (Math.max(lc, lb) + 0.05) / (Math.min(lc, lb) + 0.05);

	const apca = APCAcontrast(
		sRGBtoY(composited.map(v => v * 255)),
		sRGBtoY(bg.coords.map(v => v * 255)),
	);

	return {
		fg: fgStr,
		bg: bgStr,
		fg_luminance: LUMINANCE(fg.coords),
		bg_luminance: lb,
		composited,
		wcag_ratio: wcag,
		wcag_ratio_formula: wcagFormula,
		apca_lc: apca,
	};
}

// ---------------------------------------------------------------------------
// apca-w3 keystone values. Source: node_modules/apca-w3/test/index.js
// (contrastResult) and test/test.html ("EXPECTED RESULT for 0.1.1").
// ---------------------------------------------------------------------------

const APCA_PUBLISHED = [
	["#888888", "#ffffff", 63.056469930209424],
	["#ffffff", "#888888", -68.54146436644962],
	["#000000", "#aaaaaa", 58.146262578561334],
	["#aaaaaa", "#000000", -56.24113336839742],
	["#112233", "#ddeeff", 91.66830811481631],
	["#ddeeff", "#112233", -93.06770049484275],
	["#112233", "#444444", 8.32326136957393],
	// test/index.js pairs -7.526878460278154 with #444 on #123; test/test.html
	// labels the same number "#234 vs #444". The former is what it computes.
	["#444444", "#112233", -7.526878460278154],
	// #0006 (black at alpha 0x66/255 = 0.4) on white, via calcAPCA's alphaBlend.
	["#00000066", "#ffffff", 54.62184067441377],
];

function hex255(hex) {
	const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(hex);
	if (!m) throw new Error(`bad hex ${hex}`);
	const [r, g, b] = [m[1], m[2], m[3]].map(x => parseInt(x, 16));
	const a = m[4] === undefined ? 1 : parseInt(m[4], 16) / 255;
	return [r, g, b, a];
}

function apcaReadme([text, bg, published]) {
	let t = hex255(text);
	const b = hex255(bg);
	const entry = { text, bg };
	if (t[3] !== 1) {
		// Same as calcAPCA: alphaBlend on 0..255 channels, rounded.
		t = alphaBlend(t, b.slice(0, 3), true);
		entry.composited_255 = t.slice(0, 3);
	}
	entry.lc = APCAcontrast(sRGBtoY(t.slice(0, 3)), sRGBtoY(b.slice(0, 3)));
	entry.published_lc = published;
	if (entry.lc !== published) {
		console.error(`apca-w3 published ${published} for ${text} on ${bg}, computed ${entry.lc}`);
	}
	return entry;
}

// ---------------------------------------------------------------------------

const seen = new Set();
for (const p of PAIRS) {
	const k = p.join(" on ");
	if (seen.has(k)) {
		console.error(`duplicate pair ${k}`);
		process.exit(1);
	}
	seen.add(k);
}

const pairs = PAIRS.map(pair);
const readme = APCA_PUBLISHED.map(apcaReadme);

const note =
	"Colors are parsed by Color.js and converted with .to('srgb'). fg_luminance/bg_luminance: WCAG 2 " +
	"relative luminance (alpha ignored) computed by this script from Color.js's sRGB channels with " +
	"the WCAG formula c <= 0.04045 ? c/12.92 : ((c+0.055)/1.055)^2.4 and coefficients 0.2126, 0.7152, " +
	"0.0722. Color.js's own luminance uses the same 0.04045 threshold but its sRGB->XYZ matrix row " +
	"0.21263900587151027, 0.715168678767756, 0.07219231536073371, so wcag_ratio (Color.js " +
	"contrast(bg, 'WCAG21') of composited vs bg) differs from wcag_ratio_formula (the WCAG formula " +
	"luminances) by up to ~2e-4 relative for saturated colors; greys agree. composited: fg over bg, " +
	"source-over in gamma-encoded sRGB, fg*a + bg*(1-a), from apca-w3 alphaBlend(..., round=false) on " +
	"0..1 channels (checked equal to the formula). apca_lc: apca-w3 APCAcontrast(sRGBtoY(composited*255), " +
	"sRGBtoY(bg*255)), signed, unrounded (positive = dark text on light bg). apca_readme: keystone " +
	"values shipped in apca-w3's test/index.js and test/test.html, recomputed with APCAcontrast on " +
	"8-bit channels (lc) next to the published number (published_lc); #0006 is written #00000066 and " +
	"blended with alphaBlend rounding as calcAPCA does (composited_255).";

const line = o => "  " + JSON.stringify(o);
process.stdout.write(
	"{\n" +
		`"generator": ${JSON.stringify(
			`colorjs.io@${version("colorjs.io")}, apca-w3@${version("apca-w3")} via contrast/testdata/gen/generate.mjs`,
		)},\n` +
		`"note": ${JSON.stringify(note)},\n` +
		`"pairs": [\n${pairs.map(line).join(",\n")}\n],\n` +
		`"apca_readme": [\n${readme.map(line).join(",\n")}\n]}\n`,
);
console.error(`${pairs.length} pairs, ${readme.length} apca_readme entries`);
