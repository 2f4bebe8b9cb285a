// Lighthouse performance of the first page (issue 18 §5, decision 034): a report, not a test.
//
//   npm run lighthouse                        builds apps/web into a temporary folder, then audits it
//   LIGHTHOUSE_WEB_DIST=/tmp/x npm run lighthouse   audits an existing build (with its .br/.gz files)
//   LIGHTHOUSE_REPORT_DIR=/tmp/y                    also writes each page's full report there (JSON)
//
// Starts the API server on the build and a fresh demo database (PGlite), then audits with the
// `lighthouse` package's mobile preset (simulated slow 4G, 4× CPU slowdown), performance only:
//   - the login page, signed out;
//   - the apprentice's dashboard (/dashboard/home), signed in as the demo apprentice through the API
//     with the tokens and working triad where the web app keeps them, as for a returning user.
// Each page gets a fresh Chromium (Debian's /usr/bin/chromium, or CHROME_PATH) and an empty cache.
// Prints the scores and the main metrics; the exit code is 0 whatever the scores.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findFreePort, startServer } from './lib/server.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGET = 90;
const APPRENTICE = 'apprenti';
const DEMO_PASSWORD = 'Demo-Lea-2026!';
/** spec 1 §3.2: the web app's storage keys (apps/web/src/shell/session.ts). */
const STORAGE_PREFIX = 'lea_';

/** @param {string} dir */
function buildWeb(dir) {
  execFileSync(
    process.execPath,
    [join(ROOT, 'apps/web/node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(ROOT, 'apps/web'),
      stdio: 'inherit',
    },
  );
}

/**
 * @param {string} url @param {string} path @param {{ method?: string, token?: string, body?: unknown }} [options]
 * @returns {Promise<any>}
 */
async function api(url, path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** What the web app keeps for the signed-in apprentice after a login (post-login.ts): tokens and working triad. */
async function apprenticeStorage(/** @type {string} */ url) {
  const login = await api(url, '/api/login_check', { method: 'POST', body: { username: APPRENTICE, password: DEMO_PASSWORD } });
  const token = login.token;
  const refreshToken = login.refresh_token ?? login.refreshToken;
  /** @type {Record<string, string>} */
  const storage = { token, refresh_token: refreshToken, stay_connected: '1' };
  const courses = await api(url, '/api/fr/app/training/list?archive=1&length=20&page=0', { token });
  const course = courses.trainingCourses?.[0];
  if (course) {
    const triads = await api(url, `/api/fr/app/triad/list/${course.id}`, { token });
    const triad = triads.triads?.[0];
    if (triad)
      Object.assign(storage, {
        previous_triad: String(triad.id),
        previous_training_course: String(course.id),
        last_training_course: String(course.id),
      });
  }
  return storage;
}

/**
 * One audit in a fresh browser. `storage`: localStorage entries written on the origin (through a page
 * that loads none of the app's files) before the audit, which then keeps them (disableStorageReset).
 * @param {string} url @param {Record<string, string> | null} storage
 */
async function audit(url, storage) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    if (storage) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
      await page.goto(new URL('/health', url).href);
      await page.evaluate(([entries, prefix]) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(prefix + key, value);
      }, /** @type {const} */ ([storage, STORAGE_PREFIX]));
      await page.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: storage !== null,
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    // LIGHTHOUSE_REPORT_DIR: keep each page's full report (JSON), to see what a score is made of.
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    if (reportDir) writeFileSync(join(reportDir, `${new URL(url).pathname.replaceAll('/', '_')}.json`), JSON.stringify(lhr, null, 1));
    const metric = (/** @type {string} */ id) => lhr.audits[id]?.displayValue ?? '?';
    const finalUrl = lhr.finalDisplayedUrl;
    const requests = /** @type {{ details?: { items?: { resourceType?: string, transferSize?: number }[] } }} */ (
      lhr.audits['network-requests']
    );
    const scripts = (requests?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
    const scriptKiB = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      finalUrl,
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      scripts: `${scripts.length} files, ${scriptKiB.toFixed(0)} KiB transferred`,
    };
  } finally {
    chrome.kill();
  }
}

const given = process.env.LIGHTHOUSE_WEB_DIST;
const webDist = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'lea-lighthouse-web-'));
const dataDir = mkdtempSync(join(tmpdir(), 'lea-lighthouse-data-'));
/** @type {import('./lib/server.mjs').RunningServer | null} */
let server = null;
try {
  if (!given) {
    process.stdout.write('building the web app ...\n');
    buildWeb(webDist);
  }
  process.stdout.write('starting the server on a fresh demo database ...\n');
  server = await startServer({
    port: await findFreePort(),
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: 'lea-lighthouse-secret-0123456789abcdef',
      LEA_DEMO: '1',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
  });
  const pages = [
    { name: 'login (/login)', url: `${server.url}/login`, storage: null },
    { name: 'apprentice dashboard (/dashboard/home)', url: `${server.url}/dashboard/home`, storage: await apprenticeStorage(server.url) },
  ];
  console.log(`\nLighthouse ${'mobile preset'}, performance (target ≥ ${TARGET})`);
  for (const page of pages) {
    const r = await audit(page.url, page.storage);
    const verdict = r.score >= TARGET ? 'met' : 'MISSED';
    console.log(
      `\n${page.name}: ${r.score} (${verdict})${r.finalUrl.endsWith(new URL(page.url).pathname) ? '' : `, ended on ${r.finalUrl}`}`,
    );
    console.log(`  FCP ${r.fcp}  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls}  SI ${r.si}`);
    console.log(`  scripts: ${r.scripts}`);
  }
} catch (error) {
  console.error(error);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!given) rmSync(webDist, { recursive: true, force: true });
}
