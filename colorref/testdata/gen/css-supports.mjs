// css-supports.mjs: asks headless Chromium for CSS.supports('color', s).
//
// Regenerate (needs Debian's chromium: apt-get install -y chromium):
//
//     cd colorref/testdata/gen && npm ci && node css-supports.mjs > ../css-supports.json
//
// The page css-supports.html holds the strings that must be rejected; this
// script fills in the valid strings (INPUTS and COLORJS_REJECTS from
// generate.mjs), loads the page with --dump-dom and writes Chromium's answers.
// It also prints to stderr every string where Chromium disagrees with the
// grammar classification made by hand here.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { INPUTS, COLORJS_REJECTS } from "./generate.mjs";

// Strings in MUST_REJECT that are valid CSS colors but not something an
// hsl()/hsla() parser without calc() support should accept. They are kept in
// the output (with Chromium's answer) and listed in "out_of_scope".
const isOutOfScope = s =>
	/calc\(/i.test(s) || /^(rgba?|hwb|color|lab)\(/i.test(s) || /^#/.test(s) ||
	["red", "transparent", "currentcolor"].includes(s) ||
	// CSS Syntax closes an unfinished function at end of input, so Chromium accepts it.
	s === "hsl(1,2%,3%";

const chromium = process.env.CHROMIUM ?? "chromium";
const version = execFileSync(chromium, ["--version"], { encoding: "utf8" }).trim();

const page = readFileSync(new URL("./css-supports.html", import.meta.url), "utf8");
const valid = [...INPUTS, ...COLORJS_REJECTS];
const filled = page.replace("/*@VALID@*/[]", JSON.stringify(valid));
if (filled === page) {
	throw new Error("marker /*@VALID@*/[] not found in css-supports.html");
}

const dir = mkdtempSync(join(tmpdir(), "css-supports-"));
let dom;
try {
	const file = join(dir, "page.html");
	writeFileSync(file, filled);
	dom = execFileSync(
		chromium,
		[
			"--headless",
			"--no-sandbox",
			"--disable-gpu",
			"--no-first-run",
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
			`--user-data-dir=${join(dir, "profile")}`,
			"--dump-dom",
			`file://${file}`,
		],
		{ encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 << 20 },
	);
}
finally {
	rmSync(dir, { recursive: true, force: true });
}

const m = dom.match(/<pre id="out">([\s\S]*?)<\/pre>/);
if (!m) {
	throw new Error("no <pre id=out> in dumped DOM");
}
const text = m[1]
	.replace(/&lt;/g, "<")
	.replace(/&gt;/g, ">")
	.replace(/&quot;/g, '"')
	.replace(/&nbsp;/g, "\u00a0")
	.replace(/&amp;/g, "&");
const res = JSON.parse(text);

const accepted = [];
const rejected = [];
for (const s of [...res.valid, ...res.mustReject]) {
	(res.results[s] ? accepted : rejected).push(s);
}
for (const s of res.valid) {
	if (!res.results[s]) console.error(`Chromium rejects grammar-valid ${JSON.stringify(s)}`);
}
for (const s of res.mustReject) {
	if (res.results[s] && !isOutOfScope(s)) console.error(`Chromium accepts must-reject ${JSON.stringify(s)}`);
}
const outOfScope = res.mustReject.filter(isOutOfScope);

const out = {
	generator: `${version} CSS.supports('color', s)`,
	note:
		"accepted/rejected are Chromium's answers (" +
		res.userAgent +
		"). The strings are the inputs of hsl-vectors.json, the grammar-valid strings Color.js " +
		"mis-parses (COLORJS_REJECTS in gen/generate.mjs) and a hand-written list of strings the " +
		"hsl()/hsla() grammar must reject (gen/css-supports.html). out_of_scope lists strings that " +
		"are not plain hsl()/hsla() (calc(), other color syntaxes, named and hex colors, and 'hsl(1,2%,3%' which CSS Syntax auto-closes at end of input): Chromium's " +
		"answer is recorded but an hsl()-only parser without calc() should reject them.",
	accepted,
	rejected,
	out_of_scope: outOfScope,
};
const line = a => "[\n" + a.map(s => "  " + JSON.stringify(s)).join(",\n") + "\n]";
process.stdout.write(
	"{\n" +
		`"generator": ${JSON.stringify(out.generator)},\n` +
		`"note": ${JSON.stringify(out.note)},\n` +
		`"accepted": ${line(accepted)},\n` +
		`"rejected": ${line(rejected)},\n` +
		`"out_of_scope": ${line(outOfScope)}\n}\n`,
);
console.error(`${accepted.length} accepted, ${rejected.length} rejected, ${outOfScope.length} out of scope`);
