// Several API processes behind nginx, as docs/deployment.md describes them, for `npm run cluster-check`:
// a local S3-compatible server (s3rver), Redis, a fresh PostgreSQL database, two API processes and
// nginx round-robin in front, each started here and stopped by `stop()`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { createDatabase } from './pg-database.mjs';
import { findFreePort, startServer } from './server.mjs';

export { withClient } from './pg-database.mjs';

const sleep = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));

/** The header nginx reads to send a request to one process (1 or 2); without it, round-robin. */
export const PROCESS_HEADER = 'x-lea-process';
/** The header nginx answers with: the address of the process that served. */
export const UPSTREAM_HEADER = 'x-lea-upstream';

/** Whether `command` is on the PATH (or one of the sbin directories nginx and redis-server live in). */
function findCommand(/** @type {string} */ command) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/sbin']) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return null;
}

/** The path of `command`, installing Debian's `pkg` with apt-get when it is missing (root only). */
export function ensureDebianCommand(/** @type {string} */ command, /** @type {string} */ pkg) {
  const found = findCommand(command);
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error(`${command} is missing: install it with apt-get install -y ${pkg}`);
  console.log(`installing Debian's ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const installed = findCommand(command);
  if (!installed) throw new Error(`${pkg} installed, but ${command} is still missing`);
  return installed;
}

/**
 * Spawns a long-running command and keeps the end of its output; `stop()` ends it (SIGTERM, then SIGKILL).
 * @param {string} command @param {string[]} args
 */
function spawnService(command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    log = (log + chunk.toString()).slice(-10_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((done) => child.once('exit', done));
  return {
    output: () => log,
    running: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(forced);
    },
  };
}

/** Whether a Redis server answers PING on 127.0.0.1:`port`. */
function redisAnswers(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (/** @type {boolean} */ answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** @typedef {{ stop: () => Promise<void> }} Service */

/**
 * Redis: the one on 127.0.0.1:6379 when it answers (the run's keys under a prefix of their own), else
 * — or always with `own` — `redis-server --port <free> --save ''` started here (Debian's package
 * installed when missing).
 * @returns {Promise<Service & { url: string, own: boolean }>}
 */
export async function startRedis(own = false) {
  if (!own && (await redisAnswers(6379))) return { url: 'redis://127.0.0.1:6379', own: false, stop: async () => {} };
  const binary = ensureDebianCommand('redis-server', 'redis-server');
  const port = await findFreePort();
  const service = spawnService(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  for (let attempt = 0; attempt < 100 && !(await redisAnswers(port)); attempt++) {
    if (!service.running()) throw new Error(`redis-server stopped:\n${service.output()}`);
    await sleep(100);
  }
  return { url: `redis://127.0.0.1:${port}`, own: true, stop: service.stop };
}

/**
 * A real S3-compatible server (s3rver) on a free port with one bucket: the API tests' helper
 * (apps/server/src/test/s3-server.ts), loaded through tsx.
 * @returns {Promise<Service & { env: Record<string, string> }>}
 */
export async function startS3() {
  /** @type {{ startLocalS3: (bucket: string) => Promise<{ env: Record<string, string>, close: () => Promise<void> }> }} */
  const helper = await tsImport('../../apps/server/src/test/s3-server.ts', import.meta.url);
  const s3 = await helper.startLocalS3('lea-cluster');
  return { env: s3.env, stop: s3.close };
}

/**
 * nginx in front of `ports`, round-robin as in docs/deployment.md, run in the foreground with its own
 * configuration, prefix, pid and logs in a temporary directory (nothing of /etc/nginx is read). A request
 * with `x-lea-process: <n>` goes to the n-th process; every answer says who served in `x-lea-upstream`.
 * @param {number[]} ports @returns {Promise<Service & { url: string }>}
 */
export async function startNginx(ports) {
  const binary = ensureDebianCommand('nginx', 'nginx');
  const dir = mkdtempSync(join(tmpdir(), 'lea-cluster-nginx-'));
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub));
  const port = await findFreePort();
  const servers = ports.map((upstream) => `server 127.0.0.1:${upstream};`).join(' ');
  const steering = ports.map((_upstream, index) => `${index + 1} p${index + 1};`).join(' ');
  const conf = `
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  upstream lea { ${servers} }
  ${ports.map((upstream, index) => `upstream p${index + 1} { server 127.0.0.1:${upstream}; }`).join('\n  ')}
  map $http_${PROCESS_HEADER.replaceAll('-', '_')} $lea_backend { default lea; ${steering} }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 16m;
    location / {
      proxy_pass http://$lea_backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header ${UPSTREAM_HEADER} $upstream_addr always;
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const service = spawnService(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs/error.log'), '-g', 'daemon off;']);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (!service.running() || attempt > 100) {
      await service.stop();
      throw new Error(`nginx did not answer ${url}/health:\n${service.output()}`);
    }
    await sleep(100);
  }
  return {
    url,
    stop: async () => {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * @typedef {{ url: string, port: number, pid: number, output: () => string, stop: () => Promise<void> }} ApiProcess
 * @typedef {{ nginx: string, processes: ApiProcess[], databaseUrl: string, redis: string, stop: () => Promise<void> }} Cluster
 */

/**
 * The whole set: S3, Redis, a fresh database, `count` API processes with LEA_DEMO=1 (the first seeds the
 * demo, the others start once it is up) and nginx. `env` is added to every process's environment.
 * @param {{ adminUrl: string, count?: number, env?: Record<string, string> }} options @returns {Promise<Cluster>}
 */
export async function startCluster({ adminUrl, count = 2, env = {} }) {
  /** @type {Service[]} */
  const started = [];
  const stop = async () => {
    for (const service of started.reverse()) await service.stop().catch((error) => console.error(error));
  };
  try {
    const s3 = await startS3();
    started.push(s3);
    const redis = await startRedis(process.env.CLUSTER_OWN_REDIS === '1');
    started.push(redis);
    const database = await createDatabase(adminUrl, 'lea_cluster');
    started.push({ stop: database.drop });
    // The run's keys in a Redis shared with other runs: one prefix for all its processes.
    const redisPrefix = `lea-cluster-${Date.now().toString(36)}-${process.pid}:`;
    /** @type {ApiProcess[]} */
    const processes = [];
    for (let index = 0; index < count; index++) {
      // Each process has a data directory of its own: the files they share are in S3 alone.
      const dataDir = mkdtempSync(join(tmpdir(), `lea-cluster-${index + 1}-`));
      started.push({ stop: async () => rmSync(dataDir, { recursive: true, force: true }) });
      const port = await findFreePort();
      const begun = performance.now();
      const server = await startServer({
        port,
        env: {
          ...s3.env,
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          LEA_DEMO: '1',
          WEB_DIST: '',
          JWT_SECRET: 'cluster-check-secret-cluster-check-secret-0123',
          TRUST_PROXY: 'loopback',
          REDIS_URL: redis.url,
          REDIS_PREFIX: redisPrefix,
          DB_POOL_SIZE: '5',
          LOG_LEVEL: 'info',
          ...env,
        },
      });
      started.push(server);
      processes.push({ ...server, port });
      console.log(`process ${index + 1} answers on port ${port} after ${Math.round((performance.now() - begun) / 1000)} s`);
    }
    const nginx = await startNginx(processes.map((server) => server.port));
    started.push(nginx);
    return { nginx: nginx.url, processes, databaseUrl: database.url, redis: redis.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
