// generate.mjs: reference vectors for CSS Color 4 hsl()/hsla() -> sRGB.
//
// The expected values come from Color.js (npm package "colorjs.io"), pinned to
// an exact version in package.json / package-lock.json. They are independent of
// the Go code in this repository.
//
// Regenerate:
//
//     cd colorref/testdata/gen && npm ci && node generate.mjs > ../hsl-vectors.json
//
// Output: {"generator", "note", "vectors": [{"input", "r", "g", "b", "alpha"}]}
// r, g, b are the gamma-encoded sRGB channels in 0..1 as returned by
// `new Color(input).to("srgb")`, not clamped and not rounded (full float
// precision as JavaScript prints it). A `none` component is written as 0.
//
// Every string in INPUTS is valid per the CSS Color 4 grammar. Strings that the
// grammar accepts but Color.js does not parse correctly are listed in
// COLORJS_REJECTS instead (they are checked below: if a future Color.js version
// parses them, the script says so on stderr). Saturation above 100%, negative
// saturation and lightness outside 0..100% are deliberately not covered.
//
// css-supports.mjs (beside this file) imports INPUTS and COLORJS_REJECTS to
// check them, and a list of strings that must be rejected, against Chromium.

import Color from "colorjs.io";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// ---------------------------------------------------------------------------
// Inputs (hand-written). Grouped by what they exercise.
// ---------------------------------------------------------------------------

export const INPUTS = [
	// --- legacy comma syntax: basic forms ----------------------------------
	"hsl(210, 50%, 40%)",
	"hsla(210, 50%, 40%, 0.5)",
	"hsla(210,50%,40%,50%)",
	"hsl(210, 50%, 40%, 0.5)", // hsl and hsla are aliases: 4 args on hsl
	"hsla(210, 50%, 40%)", // ... and 3 args on hsla
	"hsl(210,50%,40%)",
	"hsl(210, 50%, 40%, 1)",
	"hsla(210, 50%, 40%, 0)",
	"hsla(210, 50%, 40%, .25)",
	"hsla(210, 50%, 40%, 25%)",
	"hsla(210, 50%, 40%, 0%)",
	"hsla(210, 50%, 40%, 100%)",
	"hsla(210, 50%, 40%, 1.0)",
	"hsla(210, 50%, 40%, 0.0)",
	"hsla(210, 50%, 40%, 1e-1)",
	"hsla(210, 50%, 40%, 2.5e-1)",
	"hsla(210, 50%, 40%, 33.3%)",

	// --- legacy: whitespace and case ----------------------------------------
	"hsl( 210 , 50% , 40% )",
	"hsl(210 ,50% ,40%)",
	"hsl(  210  ,  50%  ,  40%  ,  0.25  )",
	"hsl(\t210,\t50%,\t40%\t)",
	"hsl(210,\t\t50%, \t40%)",
	"hsla(\t210\t,\t50%\t,\t40%\t,\t0.5\t)",
	"hsl(210,50%,40%,\t1)",
	"HSL(210, 50%, 40%)",
	"HsLa(210, 50%, 40%, 0.5)",
	"HSLA(210,50%,40%,.5)",
	"Hsl(210, 50%, 40%)",
	"hSL(210,50%,40%)",

	// --- legacy: hue as number and angles ----------------------------------
	"hsl(210deg, 50%, 40%)",
	"hsl(233.33333grad, 50%, 40%)",
	"hsl(3.6651914rad, 50%, 40%)",
	"hsl(0.58333333turn, 50%, 40%)",
	"hsl(0.25turn, 100%, 50%)",
	"hsl(3.14159rad, 100%, 50%)",
	"hsl(100grad, 100%, 50%)",
	"hsl(400grad, 100%, 50%)",
	"hsl(-30, 100%, 50%)",
	"hsl(-30deg, 100%, 50%)",
	"hsl(-90deg, 80%, 40%)",
	"hsl(-0.5turn, 100%, 50%)",
	"hsl(-400, 100%, 50%)",
	"hsl(720, 100%, 50%)",
	"hsl(390.5, 80%, 60%)",
	"hsl(1000deg, 70%, 45%)",
	"hsl(.5, 100%, 50%)",
	"hsl(+1, 100%, 50%)",
	"hsl(1e2, 100%, 50%)",
	"hsl(1E1, 100%, 50%)",
	"hsl(1e+2, 60%, 50%)",
	"hsl(12.5e1, 60%, 50%)",
	"hsl(-0, 100%, 50%)",
	"hsl(0.0, 100%, 50%)",
	"hsl(359.9, 100%, 50%)",
	"hsl(1.5turn, 100%, 50%)",
	"hsl(1e-1turn, 100%, 50%)",
	"hsl(+90deg, 100%, 50%)",
	"hsl(-.25turn, 100%, 50%)",
	"hsl(6.283185307179586rad, 100%, 50%)",

	// --- legacy: S and L number forms ---------------------------------------
	"hsl(0, 50.5%, 33.333%)",
	"hsl(0, .5%, 99.9%)",
	"hsl(120, +50%, +40%)",
	"hsl(120, 1e1%, 5e1%)",
	"hsl(0, 0.0%, 100.0%)",
	"hsl(30, 99.99%, 0.01%)",
	"hsl(200, 12.345678%, 87.654321%)",

	// --- legacy: edge values -----------------------------------------------
	"hsl(0, 0%, 0%)", // black
	"hsl(0, 0%, 100%)", // white
	"hsl(0, 0%, 50%)",
	"hsl(0, 0%, 25%)",
	"hsl(0, 0%, 75%)",
	"hsl(0, 0%, 46.2745%)",
	"hsl(123, 0%, 60%)", // grey: hue irrelevant
	"hsl(0, 100%, 0%)", // black with full saturation
	"hsl(0, 100%, 100%)", // white with full saturation
	"hsl(0, 100%, 50%)", // red
	"hsl(30, 100%, 50%)",
	"hsl(60, 100%, 50%)", // yellow
	"hsl(90, 100%, 50%)",
	"hsl(120, 100%, 50%)", // green
	"hsl(150, 100%, 50%)",
	"hsl(180, 100%, 50%)", // cyan
	"hsl(210, 100%, 50%)",
	"hsl(240, 100%, 50%)", // blue
	"hsl(270, 100%, 50%)",
	"hsl(300, 100%, 50%)", // magenta
	"hsl(330, 100%, 50%)",
	"hsl(360, 100%, 50%)", // == red
	"hsl(0, 100%, 25%)",
	"hsl(0, 100%, 75%)",
	"hsl(120, 100%, 25%)",
	"hsl(240, 100%, 75%)",
	"hsl(60, 50%, 50%)",
	"hsl(300, 25%, 90%)",
	"hsla(0, 0%, 0%, 0)",
	"hsla(0, 0%, 100%, 1)",
	"hsla(0, 0%, 0%, 1.5)", // alpha > 1 clamps to 1
	"hsla(0, 100%, 50%, -0.5)", // alpha < 0 clamps to 0
	"hsla(0, 100%, 50%, 150%)",
	"hsla(0, 100%, 50%, -10%)",
	"hsl(120, 100%, 50%, 2)",
	"hsla(240, 100%, 50%, 1e3)",

	// --- modern space syntax -------------------------------------------------
	"hsl(210 50% 40%)",
	"hsl(210 50% 40% / 0.5)",
	"hsl(210 50 40)", // plain numbers for S and L
	"hsl(210 50% 40% / 25%)",
	"hsl(210 50 40 / 0.5)",
	"hsl(210 50% 40)",
	"hsl(210 50 40%)",
	"hsl(210deg 50% 40%)",
	"hsl(210deg 50 40 / 50%)",
	"hsla(210 50% 40%)",
	"hsla(210 50% 40% / .5)",
	"hsla(210 50 40 / 1)",
	"HSL(210 50% 40%)",
	"HSLA(210 50% 40% / 0.5)",
	"hsl(210 50% 40%/0.5)",
	"hsl(210 50% 40% /0.5)",
	"hsl(210 50% 40%/ 0.5)",
	"hsl( 210   50%   40% )",
	"hsl(\t210\t50%\t40%\t)",
	"hsl(210 50% 40%\t/\t0.5)",
	"hsl(210 50% 40% / 1)",
	"hsl(210 50% 40% / 0)",
	"hsl(210 50% 40% / 100%)",
	"hsl(210 50% 40% / 0%)",
	"hsl(210 50.5 40.25)",
	"hsl(210 .5 .5)",
	"hsl(210 +50 +40)",
	"hsl(210 5e1 4e1)",
	"hsl(210 0 0)",
	"hsl(210 100 100)",
	"hsl(0 0 50)",
	"hsl(0 100 50)",
	"hsl(120 100 50)",
	"hsl(240 100 50)",
	"hsl(0 0% 0%)",
	"hsl(0 0% 100%)",

	// --- modern: hue units and number forms ---------------------------------
	"hsl(0.5turn 100% 50%)",
	"hsl(0.25turn 100% 50%)",
	"hsl(200grad 100 50)",
	"hsl(50grad 100% 50%)",
	"hsl(3.14159rad 100% 50%)",
	"hsl(1rad 60% 50%)",
	"hsl(-1rad 60% 50%)",
	"hsl(1e2 100% 50%)",
	"hsl(1E1 100% 50%)",
	"hsl(-0 100% 50%)",
	"hsl(+.5turn 100% 50%)",
	"hsl(-120deg 100% 50%)",
	"hsl(-30 100% 50%)",
	"hsl(1080 100% 50%)",
	"hsl(390.5 80% 60%)",
	"hsl(.5 100% 50%)",
	"hsl(+1 100% 50%)",
	"hsl(2turn 100% 50% / 0.5)",

	// --- modern: none ---------------------------------------------------------
	"hsl(none 50% 40%)",
	"hsl(210 none 40%)",
	"hsl(210 50% none)",
	"hsl(210 50% 40% / none)",
	"hsl(none none none)",
	"hsl(none none none / none)",
	"hsl(none 100% 50%)",
	"hsla(none 100% 50% / 0.5)",
	"hsl(120 none 50%)",
	"hsl(none 0% 50%)",
	"hsl(none 50 40 / 0.5)",
	"hsl(210deg 50% 40% / none)",

	// --- modern: alpha outside [0, 1] (CSS clamps) ---------------------------
	"hsl(0 0% 0% / -0.5)",
	"hsl(0 100% 50% / 2)",
	"hsl(0 100% 50% / 150%)",
	"hsl(0 100% 50% / -50%)",
	"hsl(120 100% 50% / 1.0001)",
];

// Valid per CSS Color 4 (Chromium agrees, see ../css-supports.json) but
// Color.js does not parse them correctly, so no vector is written for them.
export const COLORJS_REJECTS = [
	// Units are ASCII case-insensitive in CSS; Color.js's unit regex is
	// case-sensitive, so it keeps the raw string as the hue and yields NaN.
	"hsl(180DEG, 50%, 50%)",
	"hsl(0.5TURN 100% 50%)",
	"hsl(200GRAD, 100%, 50%)",
	"hsl(3RAD 100% 50%)",
	"hsl(0.5Turn, 100%, 50%)",
	"hsl(90Deg 100% 50%)",
	// Newlines are CSS whitespace; Color.js's function regex uses `.`, which
	// does not match a line feed, so the whole string is rejected.
	"hsl(\n210,\n50%,\n40%\n)",
	"hsl(210\n50%\n40%)",
	"hsl(210 50% 40%\n/\n0.5)",
	"hsla(210,\n 50%,\n 40%,\n 0.5)",
];

// ---------------------------------------------------------------------------

function convert(input) {
	// Throws if Color.js cannot parse the string.
	const color = new Color(input);
	if (color.spaceId !== "hsl") {
		throw new Error(`parsed as ${color.spaceId}, not hsl`);
	}
	const srgb = color.to("srgb");
	const [r, g, b] = srgb.coords.map(c => (c === null ? 0 : c));
	const alpha = srgb.alpha === null ? 0 : srgb.alpha;
	for (const v of [r, g, b, alpha]) {
		if (typeof v !== "number" || !Number.isFinite(v)) {
			throw new Error(`non-finite result ${JSON.stringify(srgb.coords)} / ${srgb.alpha}`);
		}
	}
	return { input, r, g, b, alpha };
}

function main() {
	const pkg = JSON.parse(
		readFileSync(new URL("./node_modules/colorjs.io/package.json", import.meta.url), "utf8"),
	);

	const seen = new Set();
	const vectors = [];
	let failed = false;
	for (const input of INPUTS) {
		if (seen.has(input)) {
			console.error(`duplicate input ${JSON.stringify(input)}`);
			failed = true;
			continue;
		}
		seen.add(input);
		try {
			vectors.push(convert(input));
		}
		catch (e) {
			console.error(`Color.js rejects ${JSON.stringify(input)}: ${e.message}`);
			failed = true;
		}
	}
	for (const input of COLORJS_REJECTS) {
		let ok = false;
		try {
			convert(input);
			ok = true;
		}
		catch {}
		if (ok) {
			console.error(`note: Color.js now parses ${JSON.stringify(input)}; consider moving it to INPUTS`);
		}
	}
	if (failed) {
		process.exit(1);
	}

	const note =
		"Each input is a CSS Color 4 hsl()/hsla() string, parsed with new Color(input) and converted " +
		"with .to('srgb'). r, g, b are gamma-encoded sRGB in 0..1, alpha in 0..1, neither clamped nor " +
		"rounded by this script (Color.js itself clamps alpha to [0,1] when parsing). A 'none' " +
		"component is treated as 0 (hue none -> 0deg, saturation/lightness none -> 0, alpha none " +
		"written as 0). Only grammar-valid inputs are listed; saturation > 100%, negative saturation " +
		"and lightness outside 0..100% are not covered. Valid inputs that Color.js mis-parses " +
		`(${COLORJS_REJECTS.length}: upper-case angle units, line feeds inside the parentheses) are ` +
		"listed in COLORJS_REJECTS in generate.mjs and have no vector.";

	// Hand-rolled layout: one vector per line, keys in a fixed order.
	const lines = vectors.map(v =>
		"  " + JSON.stringify({ input: v.input, r: v.r, g: v.g, b: v.b, alpha: v.alpha }),
	);
	process.stdout.write(
		"{\n" +
			`"generator": ${JSON.stringify(`colorjs.io@${pkg.version} via colorref/testdata/gen/generate.mjs`)},\n` +
			`"note": ${JSON.stringify(note)},\n` +
			`"vectors": [\n${lines.join(",\n")}\n]}\n`,
	);
	console.error(`${vectors.length} vectors written`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	main();
}
