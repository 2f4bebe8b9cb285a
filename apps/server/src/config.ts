import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | null;
  /** The HS256 key, imported once (importing it per request costs more than the HMAC itself). */
  jwtSecret: KeyObject;
  /** Unset: mails are kept in the outbox table and logged. */
  smtpUrl: string | null;
  mailFrom: string;
  /** null = default (seed an empty embedded database only). */
  demo: boolean | null;
  publicUrl: string;
  /** Directory of the built web app, served at the root; null in API-only tests. */
  webDist: string | null;
  trustProxy: boolean;
  logLevel: string;
  /** Failed logins allowed per username and per address within the window before a 429. */
  loginThrottle: { maxFailuresPerUser: number; maxFailuresPerAddress: number; windowSeconds: number };
};

/** The HS256 key: JWT_SECRET, else a random key generated once and kept in the data directory. */
function loadJwtSecret(env: NodeJS.ProcessEnv, dataDir: string): KeyObject {
  if (env.JWT_SECRET) return createSecretKey(Buffer.from(env.JWT_SECRET, 'utf8'));
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return createSecretKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8'));
}

function parseDemo(value: string | undefined): boolean | null {
  if (value === undefined || value === '') return null;
  return value !== '0' && value.toLowerCase() !== 'false';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: loadJwtSecret(env, dataDir),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'lea <no-reply@lea.local>',
    demo: parseDemo(env.LEA_DEMO),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: env.WEB_DIST === '' ? null : resolve(env.WEB_DIST ?? join(import.meta.dirname, '../../web/dist')),
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    loginThrottle: {
      maxFailuresPerUser: Number(env.LOGIN_MAX_FAILURES_PER_USER ?? 5),
      maxFailuresPerAddress: Number(env.LOGIN_MAX_FAILURES_PER_ADDRESS ?? 20),
      windowSeconds: Number(env.LOGIN_THROTTLE_WINDOW_SECONDS ?? 900),
    },
  };
}
