// notations.mjs: reference vectors for the notations colorref.Parse reads
// beside hsl(): hex, rgb()/rgba(), oklch(), oklab() and
// color(display-p3 ...), each parsed and converted to sRGB by Color.js.
//
// The expected values come from Color.js (npm package "colorjs.io"), pinned
// in package.json / package-lock.json, the library axe-core 4.x bundles to
// read computed colors. They are independent of the Go code in this
// repository.
//
// Regenerate:
//
//     cd colorref/testdata/gen && npm ci && node notations.mjs > ../notation-vectors.json
//
// Output: {"generator", "note", "vectors": [{"input", "space", "coords",
// "alpha", "srgb", "clip"}]}: space is Color.js's id of the space the input
// was parsed into, coords its components as Color.js holds them (a none
// component written as 0), srgb the gamma-encoded sRGB channels of
// .to("srgb"), unclipped, and clip those of
// .toGamut({space: "srgb", method: "clip"}).to("srgb"), which is how axe-core
// brings a computed color into sRGB (lib/commons/color/color.js,
// parseString). Nothing is rounded.
//
// Every string in INPUTS is valid CSS Color 4 and needs none of the clamping
// CSS does at parsed-value time (Color.js does none: it keeps oklch(120% …)
// as L 1.2 and rgb(300 …) as 1.18), so that Color.js's reading is CSS's.
// Clamped inputs are left to the Chromium test (TestParseAgreesWithChromium),
// which compares computed values. Strings CSS accepts but Color.js reads
// wrongly are in COLORJS_REJECTS (checked below: if a future Color.js reads
// them, the script says so on stderr).

import Color from "colorjs.io";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const INPUTS = [
	// --- hex ------------------------------------------------------------------
	"#000", "#fff", "#f80", "#F80", "#f808", "#1877f2", "#1877F2", "#33669980",
	"#abcdef", "#ABCDEF01", "#00000000", "#ffffffff", "#7f7f7f", "#808080",

	// --- rgb()/rgba(): legacy comma syntax ----------------------------------
	"rgb(0, 0, 0)", "rgb(255, 255, 255)", "rgb(24, 119, 242)", "rgba(24, 119, 242, 0.5)",
	"rgb(24,119,242)", "rgb( 24 , 119 , 242 )", "rgba(24, 119, 242, 50%)",
	"rgb(24, 119, 242, 0.25)", "rgba(24, 119, 242)", "RGB(24, 119, 242)", "RgBa(1, 2, 3, .5)",
	"rgb(10%, 20%, 30%)", "rgba(10%, 20%, 30%, 0.4)", "rgb(12.5, 127.5, 254.5)",
	"rgb(1e2, 2e1, 3e0)", "rgb(+1, +2, +3)", "rgb(0.5, 0.5, 0.5)", "rgb(100%, 0%, 50%)",
	"rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 1)", "rgb(33.3%, 66.6%, 99.9%)",

	// --- rgb(): modern space syntax -------------------------------------------
	"rgb(24 119 242)", "rgb(24 119 242 / 0.5)", "rgb(24 119 242 / 50%)", "rgba(24 119 242)",
	"rgb(10% 20% 30%)", "rgb(10% 20 30%)", "rgb(none 119 242)", "rgb(24 none none / none)",
	"rgb(24 119 242/0.5)", "rgb(24\t119\t242)", "rgb( 24 119 242 )", "rgb(12.5 127.5 254.5)",
	"rgb(.5 .5 .5)", "rgb(255 0 0 / 0)", "rgb(50% 50% 50% / 1)",

	// --- oklch() ----------------------------------------------------------------
	"oklch(62% 0.19 260)", "oklch(0.62 0.19 260)", "oklch(62.8% 0.2577 29.23)",
	"oklch(0.628 0.2577 29.23 / 0.5)", "oklch(62% 0.19 260 / 25%)", "oklch(50% 50% 180)",
	"oklch(50% 0.1 90deg)", "oklch(50% 0.1 100grad)", "oklch(50% 0.1 0.25turn)",
	"oklch(50% 0.1 1.5707963rad)", "oklch(50% 0.1 -30)", "oklch(50% 0.1 390)",
	"oklch(50% 0.1 -0.5turn)", "oklch(0% 0 0)", "oklch(100% 0 0)", "oklch(1 0 0)",
	"oklch(0 0 0)", "oklch(none 0.1 200)", "oklch(50% none 200)", "oklch(50% 0.1 none)",
	"oklch(none none none)", "oklch(50% 0.1 200 / none)", "OKLCH(50% 0.1 200)",
	"oklch(50%0.1 200)", "oklch(.5 .1 200)", "oklch(5e-1 1e-1 2e2)", "oklch(50% 0.1 200/0.5)",
	"oklch( 50% 0.1 200 )", "oklch(70% 0.4 150)", "oklch(90% 0.3 100)", "oklch(40% 0.35 300)",
	"oklch(99.99% 0.0001 10)", "oklch(0.01% 0.0001 10)", "oklch(65% 100% 30)",
	"oklch(62.123456% 0.123456789 123.456789)",

	// --- oklab() ----------------------------------------------------------------
	"oklab(62.8% 0.2249 0.1258)", "oklab(0.628 0.2249 0.1258)", "oklab(50% 0 0)",
	"oklab(50% -0.1 0.1)", "oklab(50% 100% -100%)", "oklab(50% 25% -25%)",
	"oklab(50% 0.1 -0.1 / 0.5)", "oklab(50% 0.1 -0.1 / 10%)", "oklab(none 0.1 0.1)",
	"oklab(50% none 0.1)", "OKLab(50% 0.1 0.1)", "oklab(0 0 0)", "oklab(1 0 0)",
	"oklab(80% -0.3 0.3)", "oklab(45% 0.2 -0.3)",

	// --- color(display-p3 ...) ------------------------------------------------
	"color(display-p3 1 0 0)", "color(display-p3 0 1 0)", "color(display-p3 0 0 1)",
	"color(display-p3 0.5 0.5 0.5)", "color(display-p3 1 1 1)", "color(display-p3 0 0 0)",
	"color(display-p3 0.9175 0.2003 0.1386)", "color(display-p3 0.2217 0.4597 0.9173)",
	"color(display-p3 1 0 0 / 0.5)", "color(display-p3 1 0 0 / 50%)",
	"color(display-p3 50% 20% 10%)", "color(display-p3 1.2 -0.1 0.5)",
	"color(display-p3 none 0.5 0.5)", "color(display-p3 0.5 0.5 0.5 / none)",
	"COLOR(display-p3 0.1 0.2 0.3)", "color( display-p3 0.1 0.2 0.3 )",
	"color(display-p3 .1 .2 .3/.4)", "color(display-p3 0.3 0.8 0.1)", "color(display-p3 0.8 0.1 0.7)",
];

// Valid CSS Color 4 (Chromium agrees: TestParseAgreesWithChromium) that
// Color.js reads wrongly, so no vector is written for them.
export const COLORJS_REJECTS = [
	// Units and color() space names are ASCII case-insensitive in CSS;
	// Color.js matches them case-sensitively.
	"oklch(50% 0.1 90DEG)",
	"oklch(50% 0.1 0.25Turn)",
	"color(Display-P3 0.5 0.5 0.5)",
	"color(DISPLAY-P3 1 0 0)",
	// Line feeds are CSS whitespace; Color.js's function regex does not
	// match them.
	"oklch(50%\n0.1\n200)",
	"rgb(1,\n2,\n3)",
];

// The space Color.js parses each notation into.
const SPACES = { hex: "srgb", rgb: "srgb", oklch: "oklch", oklab: "oklab", p3: "p3" };

function notation(input) {
	const s = input.trim().toLowerCase();
	if (s.startsWith("#")) return "hex";
	if (s.startsWith("rgb")) return "rgb";
	if (s.startsWith("oklch")) return "oklch";
	if (s.startsWith("oklab")) return "oklab";
	return "p3";
}

const zero = (v) => (v === null || Number.isNaN(v) ? 0 : v);

function convert(input) {
	const color = new Color(input); // throws if Color.js cannot parse it
	const want = SPACES[notation(input)];
	if (color.spaceId !== want) {
		throw new Error(`parsed as ${color.spaceId}, not ${want}`);
	}
	const coords = color.coords.map(zero);
	const alpha = zero(color.alpha);
	const srgb = color.to("srgb").coords.map(zero);
	const clip = color.clone().toGamut({ space: "srgb", method: "clip" }).to("srgb").coords.map(zero);
	for (const v of [...coords, alpha, ...srgb, ...clip]) {
		if (typeof v !== "number" || !Number.isFinite(v)) {
			throw new Error(`non-finite result ${JSON.stringify({ coords, alpha, srgb, clip })}`);
		}
	}
	return { input, space: color.spaceId, coords, alpha, srgb, clip };
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
			const v = convert(input);
			ok = v.coords.every(Number.isFinite);
		}
		catch {}
		if (ok) {
			console.error(`note: Color.js now reads ${JSON.stringify(input)}; consider moving it to INPUTS`);
		}
	}
	if (failed) {
		process.exit(1);
	}
	const note =
		"Each input is a CSS Color 4 string in one of the notations colorref.Parse reads beside hsl(), " +
		"parsed with new Color(input). space is Color.js's space id, coords its components (none as 0), " +
		"alpha its alpha, srgb the gamma-encoded sRGB channels of .to('srgb'), unclipped, and clip those " +
		"of .toGamut({space: 'srgb', method: 'clip'}).to('srgb'), as axe-core reads a computed color. " +
		"No input needs CSS's parsed-value clamping (Color.js does none); those are left to Chromium. " +
		`Valid inputs Color.js reads wrongly (${COLORJS_REJECTS.length}: upper-case units and space ` +
		"names, line feeds) are in COLORJS_REJECTS in notations.mjs and have no vector.";
	const lines = vectors.map((v) => "  " + JSON.stringify(v));
	process.stdout.write(
		"{\n" +
			`"generator": ${JSON.stringify(`colorjs.io@${pkg.version} via colorref/testdata/gen/notations.mjs`)},\n` +
			`"note": ${JSON.stringify(note)},\n` +
			`"colorjs_rejects": ${JSON.stringify(COLORJS_REJECTS)},\n` +
			`"vectors": [\n${lines.join(",\n")}\n]}\n`,
	);
	console.error(`${vectors.length} vectors written`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	main();
}
