// Package contrast measures the contrast between colorref colors: WCAG 2.x
// relative luminance and contrast ratio, the WCAG thresholds for text and
// non-text content, and the APCA-W3 lightness contrast. Every function is
// pure and allocation-free.
//
// # Decisions
//
//   - Luminance follows the WCAG 2.2 definition as the W3C publishes it
//     today: sRGB linearisation threshold 0.04045 (not the 0.03928 of older
//     texts), coefficients 0.2126, 0.7152 and 0.0722.
//   - Translucent colors are resolved the way a browser paints them:
//     source-over compositing in gamma-encoded sRGB. A translucent
//     foreground is composited over the background; a translucent
//     background is composited over a backdrop, which is opaque white (a
//     browser's default canvas) unless the caller names another with
//     RatioOver, APCAOver or CheckOver. A theme's page background is the
//     usual backdrop to name. Composite does the same for any pair.
//   - Alpha is ignored by Luminance: it measures the color as if opaque.
//   - Ratios are never rounded before they are compared: a ratio of 4.4999
//     fails a 4.5 minimum even though it prints as 4.50.
//   - Non-text contrast (WCAG 1.4.11) exists only at level AA; level AAA
//     requires the same 3:1.
//   - APCA uses the APCA-W3 0.0.98G-4g constants and keeps the reference
//     implementation's sign: positive Lc for dark text on a light
//     background, negative for light text on a dark one.
package contrast
