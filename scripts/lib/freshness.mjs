// Decides whether the npm install and the web build are out of date, for `npm start` and `npm test`.
// As a command: `node scripts/lib/freshness.mjs install|web-build` exits 0 when the step is needed, 1 when not.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Sources the built web app depends on: a change in any of them makes `apps/web/dist` stale. */
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
];

/** @param {string} path */
function mtimeOf(path) {
  return statSync(path).mtimeMs;
}

/**
 * The newest modification time of a file or of any file below a directory (0 when absent).
 * @param {string} path
 * @returns {number}
 */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/**
 * `npm ci` is due when node_modules is missing or package-lock.json changed since the last install
 * (npm writes node_modules/.package-lock.json at the end of every install).
 * @param {string} [root]
 */
export function needsInstall(root = ROOT) {
  const installed = join(root, 'node_modules/.package-lock.json');
  if (!existsSync(join(root, 'node_modules')) || !existsSync(installed)) return true;
  const lock = join(root, 'package-lock.json');
  return existsSync(lock) && mtimeOf(lock) > mtimeOf(installed);
}

/** @param {string} [root] */
export function hasLockFile(root = ROOT) {
  return existsSync(join(root, 'package-lock.json'));
}

/**
 * The web build is due when apps/web/dist/index.html is missing or older than any of its sources.
 * @param {string} [root]
 */
export function needsWebBuild(root = ROOT) {
  const built = join(root, 'apps/web/dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = mtimeOf(built);
  return WEB_INPUTS.some((input) => newestMtime(join(root, input)) > builtAt);
}

const isCommand = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isCommand) {
  const checks = { install: needsInstall, 'web-build': needsWebBuild };
  const name = process.argv[2];
  if (name !== 'install' && name !== 'web-build') {
    console.error('usage: node scripts/lib/freshness.mjs install|web-build');
    process.exit(2);
  }
  process.exit(checks[name]() ? 0 : 1);
}
