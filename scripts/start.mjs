// `npm start`: installs and builds what is missing or out of date, then runs the server in the foreground.
// The environment passes through unchanged (PORT, DATA_DIR, DATABASE_URL, ... see docs/deployment.md).
import { spawn, spawnSync } from 'node:child_process';
import { hasLockFile, needsInstall, needsWebBuild, ROOT } from './lib/freshness.mjs';
import { SERVER_ENTRY } from './lib/server.mjs';

const npm = 'npm';

/**
 * Runs one preparation step in the foreground; returns whether it succeeded.
 * @param {string} title
 * @param {string[]} args
 */
function runNpm(title, args) {
  console.log(`\n> ${title}: npm ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(npm, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) return false;
  console.log(`> ${title} done in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

/** @param {string} title @param {string[]} args */
function runNpmOrExit(title, args) {
  if (runNpm(title, args)) return;
  console.error(`\n${title} failed.`);
  process.exit(1);
}

if (needsInstall()) runNpmOrExit('installing dependencies', [hasLockFile() ? 'ci' : 'install']);
if (needsWebBuild()) runNpmOrExit('building the web app', ['run', 'build', '-w', '@lea/web']);

// The server runs in its own process group so that a terminal's Ctrl-C reaches it once, through
// the forwarding below, instead of twice (which would cut its graceful shutdown short).
const server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
  cwd: ROOT,
  env: process.env,
  stdio: 'inherit',
  detached: true,
});

/** @type {NodeJS.Signals[]} */
const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
// Should this process end another way (an uncaught error), the server must not outlive it.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal so that the caller (a shell, systemd, a container runtime) sees it.
    for (const name of forwarded) process.removeAllListeners(name);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
