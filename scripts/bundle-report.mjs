// Per-route JavaScript of the web build, gzipped (issue 18 §5, decision 034).
//
//   npm run bundle-report                 builds apps/web into a temporary folder (with Vite's manifest) and reports
//   npm run bundle-report -- --dist DIR   reports on a build made with `vite build --manifest --outDir DIR`
//
// A route loads the entry chunk and its static imports, then the lazy chunks of its matched routes
// (router.tsx) and their static imports. The login page must stay within LOGIN_BUDGET_KIB.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'apps/web');
const LOGIN_BUDGET_KIB = 150;

/** The lazy modules each reported route loads on a first visit, as in router.tsx. */
const ROUTES = [
  // The French texts: the sign-in ones for the login, all for the others (i18n/index.ts, decision 034). The login opened
  // first draws without the app (main.tsx); the other pages start it.
  {
    name: '/login',
    modules: ['src/i18n/resources-first-fr.ts', 'src/features/auth/sign-in-start.tsx'],
  },
  {
    name: '/dashboard/home (apprentice)',
    modules: [
      'src/i18n/resources-first-fr.ts',
      'src/i18n/resources-rest-fr.ts',
      'src/app.tsx',
      'src/shell/app-layout.tsx',
      'src/features/dashboard/pages/home-page.tsx',
    ],
  },
];

/** @typedef {{ file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[] }} ManifestChunk */

function parseArgs() {
  const at = process.argv.indexOf('--dist');
  return at > 0 ? resolve(process.argv[at + 1] ?? '') : undefined;
}

function build() {
  const out = mkdtempSync(join(tmpdir(), 'lea-bundle-report-'));
  execFileSync(
    process.execPath,
    [join(WEB, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB,
      stdio: 'inherit',
    },
  );
  return out;
}

const given = parseArgs();
const dist = given ?? build();
try {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\``);
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

  /** @type {Map<string, { raw: number, gzip: number }>} */
  const sizes = new Map();
  const sizeOf = (/** @type {string} */ file) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(join(dist, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };

  /** Manifest keys reachable through static imports, the key included. */
  const closure = (/** @type {string} */ key, /** @type {Set<string>} */ seen = new Set()) => {
    if (seen.has(key)) return seen;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest (router.tsx changed?)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const entry = closure(entryKey);

  const kib = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1).padStart(7);
  /** @param {string} label @param {Set<string>} keys */
  const line = (label, keys) => {
    const files = [...keys].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith('.js'));
    const total = files.reduce((sum, file) => ({ raw: sum.raw + sizeOf(file).raw, gzip: sum.gzip + sizeOf(file).gzip }), {
      raw: 0,
      gzip: 0,
    });
    console.log(`${label.padEnd(34)} ${String(files.length).padStart(5)} ${kib(total.raw)} ${kib(total.gzip)}`);
    return total;
  };

  console.log(`web build ${dist}\n`);
  console.log(`${'JavaScript loaded by'.padEnd(34)} files ${'KiB'.padStart(7)} ${'gzip KiB'.padStart(7)}`);
  line('entry (index.html)', entry);
  let loginGzip = 0;
  for (const route of ROUTES) {
    const keys = new Set(entry);
    for (const module of route.modules) closure(module, keys);
    const total = line(route.name, keys);
    if (route.name === '/login') loginGzip = total.gzip;
  }
  const all = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
  const whole = [...new Set(all)].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  console.log(`${'whole app (every chunk)'.padEnd(34)} ${String(new Set(all).size).padStart(5)} ${''.padStart(7)} ${kib(whole)}`);

  const largest = [...new Set(all)].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip).slice(0, 8);
  console.log('\nlargest chunks (gzip KiB):');
  for (const file of largest) console.log(`  ${kib(sizeOf(file).gzip)}  ${file}`);

  const met = loginGzip / 1024 <= LOGIN_BUDGET_KIB;
  console.log(`\nlogin budget ${LOGIN_BUDGET_KIB} KiB gzipped: ${met ? 'met' : 'MISSED'} (${(loginGzip / 1024).toFixed(1)} KiB)`);
} finally {
  if (!given) rmSync(dist, { recursive: true, force: true });
}
