// leonardo.mjs prints Adobe Leonardo's contrast-targeted colors for the
// differential in internal/axepage/leonardo_test.go. It reads
// {"brands": [hex...], "backgrounds": [hex...], "ratios": [r...]} on stdin
// and writes {"version": v, "colors": [[[hex per ratio] per brand] per
// background]}: for each background, one Leonardo Theme with that
// background (Leonardo derives its lightness from it) and, per brand, a
// Color whose only key color is the brand, asking for the ratios.
import {readFileSync} from 'node:fs';
import {Theme, Color} from '@adobe/leonardo-contrast-colors';

const pkg = JSON.parse(readFileSync(new URL('./node_modules/@adobe/leonardo-contrast-colors/package.json', import.meta.url)));
const input = JSON.parse(readFileSync(0, 'utf8'));
const colors = input.backgrounds.map((bg) => input.brands.map((brand, i) => {
  const color = new Color({name: 'brand' + i, colorKeys: [brand], ratios: input.ratios});
  const theme = new Theme({colors: [color], backgroundColor: bg, output: 'HEX'});
  const [background, out] = theme.contrastColors;
  if (background.background.toLowerCase() !== bg.toLowerCase()) {
    throw new Error(`Leonardo used the background ${background.background}, not ${bg}`);
  }
  return out.values.map((v) => v.value);
}));
process.stdout.write(JSON.stringify({version: pkg.version, colors}));
