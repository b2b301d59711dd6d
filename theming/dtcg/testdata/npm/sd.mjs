// Builds CSS variables with Style Dictionary 5 from the token files of
// contexts and prints, as a JSON array on stdout, each build's CSS.
//
//   node sd.mjs DIR < jobs.json      jobs: [{"mode": ..., "files": [...]}, ...]
//
// Mode "as-written" prints hsl from the Color-module object's numbers as
// they are written; "builtin" uses Style Dictionary's color/hsl transform.
// Variables are named by $extensions["dev.themekit"].css_variable; hidden
// components' tokens and tokens without one are left out.
import StyleDictionary from "style-dictionary";
import path from "node:path";

const dir = process.argv[2];
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const jobs = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const x = (t) => t.$extensions?.["dev.themekit"] ?? t.original?.$extensions?.["dev.themekit"] ?? {};

StyleDictionary.registerTransform({
  name: "themekit/css-variable",
  type: "name",
  transform: (t) => (x(t).css_variable ?? "--" + t.path.join("-")).slice(2),
});
StyleDictionary.registerTransform({
  name: "themekit/hsl",
  type: "value",
  transitive: true,
  filter: (t) => (t.$type ?? t.type) === "color",
  transform: (t) => {
    const v = t.$value ?? t.value;
    const [h, s, l] = v.components;
    return v.alpha === 1 ? `hsl(${h}, ${s}%, ${l}%)` : `hsla(${h}, ${s}%, ${l}%, ${v.alpha})`;
  },
});

const results = [];
for (const { mode, files } of jobs) {
  const sd = new StyleDictionary({
    source: files.map((f) => path.join(dir, f)),
    log: { verbosity: "silent", warnings: "disabled" },
    platforms: {
      css: {
        transforms: ["themekit/css-variable", mode === "builtin" ? "color/hsl" : "themekit/hsl"],
        files: [{
          destination: "vars.css",
          format: "css/variables",
          filter: (t) => x(t).css_variable && !x(t).hidden,
          options: { outputReferences: false },
        }],
      },
    },
  });
  const [out] = await sd.formatPlatform("css");
  results.push(out.output);
}
process.stdout.write(JSON.stringify(results));
