// The Terrazzo configuration of the theming/dtcg tests: builds CSS from the
// resolver at $THEMEKIT_RESOLVER into $THEMEKIT_OUT/tokens.css, one block
// [data-ctx="THEME-SCHEME-CONTRAST"] per context listed (as JSON inputs)
// in $THEMEKIT_CONTEXTS, each variable named by
// $extensions["dev.themekit"].css_variable when it has one.
import { defineConfig } from "@terrazzo/cli";
import css from "@terrazzo/plugin-css";

const contexts = JSON.parse(process.env.THEMEKIT_CONTEXTS);
const name = (t) => t.$extensions?.["dev.themekit"]?.css_variable ?? "--" + t.id.replaceAll(".", "-");

export default defineConfig({
  tokens: [process.env.THEMEKIT_RESOLVER],
  outDir: process.env.THEMEKIT_OUT,
  plugins: [
    css({
      filename: "tokens.css",
      variableName: name,
      permutations: contexts.map((input) => ({
        input,
        prepare: (contents) => `[data-ctx="${input.theme}-${input.scheme}-${input.contrast}"] {\n${contents}\n}`,
      })),
    }),
  ],
});
