// page.js runs inside the test page that contrast's axe tests build
// (axe_test.go). The page holds one block per pair:
//
//   <div class="backdrop" style="background-color: BACKDROP">
//     <div class="bg" style="background-color: BG">
//       <span id="pN" style="color: FG; font-size: 16px|24px">Sample text</span>
//
// It records, for every pair, the computed styles Chromium reports, the
// pixel a canvas paints for the same three layers (backdrop, background,
// foreground, source-over), and axe-core's color-contrast and
// color-contrast-enhanced results (outcome, the flattened colors and the
// ratio), then writes them as JSON into <pre id="out"> for --dump-dom.
(async () => {
  const out = document.getElementById('out');
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const pairs = {};
    for (const span of document.querySelectorAll('span[id^="p"]')) {
      const bg = span.parentElement, backdrop = bg.parentElement;
      const rec = {
        fg_computed: getComputedStyle(span).color,
        bg_computed: getComputedStyle(bg).backgroundColor,
        backdrop_computed: getComputedStyle(backdrop).backgroundColor,
      };
      ctx.globalCompositeOperation = 'copy';
      ctx.fillStyle = backdrop.style.backgroundColor;
      ctx.fillRect(0, 0, 1, 1);
      ctx.globalCompositeOperation = 'source-over';
      ctx.fillStyle = bg.style.backgroundColor;
      ctx.fillRect(0, 0, 1, 1);
      rec.bg_canvas = Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
      ctx.fillStyle = span.style.color;
      ctx.fillRect(0, 0, 1, 1);
      rec.fg_canvas = Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
      pairs[span.id] = rec;
    }
    const res = await axe.run(document, {
      runOnly: ['color-contrast', 'color-contrast-enhanced'],
      resultTypes: ['violations', 'passes', 'incomplete'],
    });
    for (const [outcome, list] of [['violation', res.violations], ['pass', res.passes], ['incomplete', res.incomplete]]) {
      for (const rule of list) {
        for (const node of rule.nodes) {
          const id = node.target[0].replace(/^#/, '');
          if (!pairs[id]) continue;
          const check = node.any[0] || {};
          const d = check.data || {};
          pairs[id][rule.id] = {
            outcome,
            fg: d.fgColor, bg: d.bgColor,
            ratio: d.contrastRatio, expected: d.expectedContrastRatio,
            message: outcome === 'incomplete' ? check.message : undefined,
          };
        }
      }
    }
    out.textContent = JSON.stringify({ axe: axe.version, userAgent: navigator.userAgent, pairs });
  } catch (e) {
    out.textContent = 'ERROR ' + e;
  }
})();
