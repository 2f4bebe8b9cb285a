/// <reference lib="dom" />
// `node scripts/measure-reload.mjs [web-dist]`: how long a full reload of the first screens takes,
// median of 5 reloads in Debian's chromium, measured by the page itself from navigation start
// until the screen's main content is in the DOM (issue 11 §7). Not a test: a figure to compare
// before and after a change, on the same machine.
// Starts the server on a free port and a fresh embedded database seeded with the demo; serves the
// web build given as argument (default apps/web/dist).
/* global document, window, MutationObserver -- the watcher and the waits run in the page */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/freshness.mjs';
import { findFreePort, startServer } from './lib/server.mjs';

const RELOADS = 5;
const DEMO_PASSWORD = 'Demo-Lea-2026!';

/**
 * What is measured: a demo user, the screen, and the selector of its main content (the course's
 * title on the home dashboard, the first course of the list).
 * @type {{ name: string, username: string, path: string, ready: string }[]}
 */
const SCREENS = [
  { name: 'home dashboard (apprenti)', username: 'apprenti', path: '/dashboard/home', ready: 'main h1' },
  {
    name: 'course list (manager)',
    username: 'manager',
    path: '/dashboard/training-course-list',
    ready: 'main .mantine-Accordion-item',
  },
];

/**
 * Runs in the page before its scripts: notes the time (ms since navigation start) at which the
 * selector first matches.
 */
function watchForContent(/** @type {string} */ selector) {
  const record = () => {
    if (document.querySelector(selector)) {
      Reflect.set(window, '__contentAt', performance.now());
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (record()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {(typeof SCREENS)[number]} screen
 */
async function measureScreen(browser, baseUrl, screen) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/nom d'utilisateur|username/i).fill(screen.username);
  await page
    .getByLabel(/mot de passe|password/i)
    .first()
    .fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /connexion|se connecter|log in|login/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.addInitScript(watchForContent, screen.ready);
  await page.goto(screen.path);
  await page.waitForFunction(() => Reflect.has(window, '__contentAt'));

  const times = [];
  for (let run = 0; run < RELOADS; run += 1) {
    await page.reload();
    await page.waitForFunction(() => Reflect.has(window, '__contentAt'), undefined, { timeout: 30_000 });
    times.push(await page.evaluate(() => Math.round(Number(Reflect.get(window, '__contentAt')))));
  }
  await context.close();
  return times;
}

const webDist = resolve(process.argv[2] ?? join(ROOT, 'apps/web/dist'));
const runDir = mkdtempSync(join(tmpdir(), 'lea-reload-'));
const server = await startServer({
  port: await findFreePort(),
  env: { DATA_DIR: join(runDir, 'data'), DATABASE_URL: '', LEA_DEMO: '1', WEB_DIST: webDist, LOG_LEVEL: 'warn' },
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  console.log(`web build: ${webDist}`);
  for (const screen of SCREENS) {
    const times = await measureScreen(browser, server.url, screen);
    console.log(`${screen.name}: median ${median(times)} ms of ${RELOADS} reloads (${times.join(', ')} ms)`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(runDir, { recursive: true, force: true });
}
