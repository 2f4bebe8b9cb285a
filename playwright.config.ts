import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { RUN_ENV } from './e2e/fixtures/run-env';

/**
 * End-to-end tests on Debian's chromium against the built app (apps/web/dist, `npm test` builds it).
 * Every run gets its own ports and folder, so parallel runs on one machine do not meet: the app
 * starts on a fresh embedded database seeded with the demo, and sends its mails to the SMTP server
 * of e2e/fixtures/global-setup.ts. Journeys that change data seed a course of their own through the
 * server's e2e-only seeding route (decision 023), so two workers run the journeys side by side.
 *
 * This file is evaluated by the runner and again by every worker; the workers inherit the runner's
 * environment, so the values chosen once below are read back instead of being chosen anew.
 */

/** Two ports free right now, asked of the OS in one child process (the config must be synchronous). */
function findTwoFreePorts(): [number, number] {
  const script = `
    const net = require('node:net');
    const open = () => new Promise((done) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => done(s)); });
    Promise.all([open(), open()]).then((servers) => {
      process.stdout.write(servers.map((s) => s.address().port).join(' '));
      servers.forEach((s) => s.close());
    });`;
  const [app, smtp] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).split(' ').map(Number);
  return [app!, smtp!];
}

if (!process.env[RUN_ENV.runDir]) {
  const [appPort, smtpPort] = findTwoFreePorts();
  const runDir = mkdtempSync(join(tmpdir(), 'lea-e2e-'));
  process.env[RUN_ENV.port] ??= String(appPort);
  process.env[RUN_ENV.smtpPort] ??= String(smtpPort);
  process.env[RUN_ENV.runDir] = runDir;
  process.env[RUN_ENV.dataDir] = join(runDir, 'data');
  process.env[RUN_ENV.mailDir] = join(runDir, 'mails');
  process.env[RUN_ENV.baseUrl] = `http://127.0.0.1:${process.env[RUN_ENV.port]}`;
  process.env[RUN_ENV.seedToken] = randomBytes(32).toString('base64url');
}
const port = process.env[RUN_ENV.port]!;
const baseURL = process.env[RUN_ENV.baseUrl]!;

/**
 * Debian's chromium, as its headless shell (`apt-get install chromium-headless-shell`): the same Blink and V8 as
 * /usr/bin/chromium without the desktop browser's window and compositing processes, which in headless mode kept one
 * of the machine's two cores busy. Journeys ran about a fifth faster (docs/testing.md). Playwright never downloads a
 * browser here.
 */
const launchOptions = {
  executablePath: '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/fixtures/global-setup.ts',
  // Journeys that change data have a course of their own (e2e/fixtures/seed.ts); those that share
  // state across tests say so with a serial describe. Two workers: the machine has two cores.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  // A bound on a journey, not a timed assertion. A journey that signs in three times (notepad) takes 26 s alone on an
  // idle machine, 53 s beside the other worker, and ran past 60 s on a slow December night: room for twice that.
  timeout: 120_000,
  // A bound on waiting, not a timed assertion: on December's CI machine (2-3x slower than November's,
  // the Playwright step 49 minutes instead of 17) a page's first data could take over 10 s to arrive
  // while the other worker seeded its course on the server's one PGlite thread.
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    // No trace by default: recording one for every journey (then dropping it when the journey passes) made the journeys
    // 15% slower with DOM snapshots only, twice as slow with the screencast (docs/testing.md). A failure still leaves its
    // screenshot and the page's accessibility snapshot; LEA_E2E_TRACE=retain-on-failure (or `--trace on`) records traces.
    trace: (process.env.LEA_E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    // The offline shell's service worker downloads every built file (some 400) when it installs, in each new
    // browser context, that is in every journey: on two cores beside the server, its install made the journeys
    // around it up to twice as slow. Only the journeys of offline use need it, and allow it (test.use).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      // Journeys that change the whole platform (its design, a data agreement every user must accept) run last.
      testIgnore: /\.platform-wide\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions,
      },
    },
    {
      name: 'platform-wide',
      testMatch: /\.platform-wide\.spec\.ts$/,
      dependencies: ['chromium'],
      fullyParallel: false,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions,
      },
    },
  ],
  webServer: {
    // The server itself, not `npm start`: the install and build checks are the test script's job.
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '.',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env[RUN_ENV.dataDir]!,
      // Empty, not absent: a DATABASE_URL in the caller's environment must not reach this server.
      DATABASE_URL: '',
      LEA_DEMO: '1',
      JWT_SECRET: 'lea-e2e-secret-not-for-production-0123456789',
      SMTP_URL: `smtp://127.0.0.1:${process.env[RUN_ENV.smtpPort]}`,
      // LEA_E2E_WEB_DIST: a build of one's own (parallel work on one checkout); else apps/web/dist.
      WEB_DIST: process.env.LEA_E2E_WEB_DIST ?? join(import.meta.dirname, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // The weekly digest runs on request only (POST /e2e/weekly-digest), for a journey's own people.
      WEEKLY_DIGEST: 'off',
      // Registers the seeding route of the fixtures (apps/server/src/e2e/), for this token only.
      LEA_E2E_SEED_TOKEN: process.env[RUN_ENV.seedToken]!,
    },
  },
});
