// Draws the web app's icon set (apps/web/public/icons, listed by the web manifest, decision 037) from the
// favicon's design with Debian's chromium. Run from the repository root: node scripts/app-icons.mjs
import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
// The favicon's drawing (apps/web/public/favicon.svg): 'lea' in white on black; the maskable one fills the square
// and keeps the text inside the central 80 % safe zone.
/** @param {number} size @param {boolean} maskable */
const svg = (size, maskable) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" rx="${maskable ? 0 : 14}" fill="#000"/>
<text x="32" y="${maskable ? 39.5 : 43}" font-family="Arial, sans-serif" font-size="${maskable ? 20 : 30}" font-weight="700" fill="#fff" text-anchor="middle">lea</text></svg>`;
/** @type {[string, number, boolean][]} */
const ICONS = [
  ['icon-192', 192, false],
  ['icon-512', 512, false],
  ['icon-maskable-512', 512, true],
];
for (const [name, size, maskable] of ICONS) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size, maskable)}</body></html>`);
  await page.screenshot({
    path: `apps/web/public/icons/${name}.png`,
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
}
await browser.close();
