// Starts the API server as a child process for the benchmark, the way main.ts runs in production.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ROOT } from './freshness.mjs';

export const SERVER_ENTRY = 'apps/server/src/main.ts';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function findFreePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolvePort, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        probe.close(() => resolvePort(port));
      });
    })
  );
}

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * `pid`: the server's own process (for its memory, or a SIGKILL); `output()`: the last 20 kB it wrote.
 * @typedef {{ url: string, pid: number, output: () => string, stop: () => Promise<void> }} RunningServer
 */

/**
 * Spawns `node --import tsx apps/server/src/main.ts` with `env` added to this process's environment
 * and resolves once GET /health answers 200.
 * `nodeArgs`: node options before the entry (`--cpu-prof`, say).
 * @param {{ port: number, env: Record<string, string>, timeoutMs?: number, nodeArgs?: string[] }} options
 * @returns {Promise<RunningServer>}
 */
export async function startServer({ port, env, timeoutMs = 120_000, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    // The last 20 kB are enough to explain a failed start without holding a long benchmark's log.
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((done) => child.once('exit', done));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode} before answering /health:\n${log}`);
    }
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, pid: child.pid ?? 0, output: () => log, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`the server did not answer ${url}/health within ${timeoutMs / 1000} s:\n${log}`);
}
