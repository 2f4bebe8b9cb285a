import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /** The proxies whose X-Forwarded-* headers are believed: none, a hop count, or their addresses and ranges. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Requests per minute per caller (the signed-in user, else the address) on the API and file links; 0 = no limit. */
  rateLimit: { readsPerMinute: number; writesPerMinute: number };
  /** Bytes of stored uploads one user may hold (the sum of the sizes of the files they uploaded). */
  uploadQuotaBytes: number;
  /** S3_BUCKET set: files in that S3-compatible bucket; unset: the local directory `dataDir/files`. */
  s3: S3Config | null;
  /** REDIS_URL: the rate limits' shared counters (decision 036); null: each process counts in its memory. */
  redisUrl: string | null;
  /** REDIS_PREFIX: the start of every key lea writes in Redis, so that several sites may share one server. */
  redisPrefix: string;
  /**
   * LEA_E2E_SEED_TOKEN: set by playwright.config.ts only. When set, POST /e2e/seed (apps/server/src/e2e/)
   * exists and seeds a course for the bearer of this token; unset (always, outside the end-to-end
   * run) the route is not registered at all.
   */
  e2eSeedToken: string | null;
  /** WEEKLY_DIGEST=off: no weekly to-do digest job in this process (the end-to-end server runs it on request). */
  weeklyDigest: boolean;
  /** Login limits (decision 021): progressive delays per (username, address) and per username, a ceiling per address. */
  loginThrottle: {
    /** Failures of one username from one address before each further one doubles a delay. */
    freeFailures: number;
    /** Failures of one username from every address before each further one doubles a delay. */
    freeFailuresPerUser: number;
    /** The longest of those delays. */
    maxDelaySeconds: number;
    /** Failures from one address, on any username, that lock it until the window ends. */
    maxFailuresPerAddress: number;
    /** Public account calls (username check, websites, reset request) per address and window. */
    maxLookupsPerAddress: number;
    windowSeconds: number;
  };
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

export type S3Config = {
  bucket: string;
  /** Unset: AWS's endpoint of the region; set for another S3-compatible store (MinIO, Garage, a cloud's). */
  endpoint: string | null;
  region: string;
  /** Unset: the AWS SDK's default credential chain (AWS_* variables, instance or container role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
  /** Prefix of every key in the bucket (e.g. `lea/`), so the bucket may hold other things. */
  prefix: string;
};

const parseFlag = (value: string) => value !== '0' && value.toLowerCase() !== 'false';

/** S3_*: the object store of the files, or null (the local directory) when S3_BUCKET is unset. */
function parseS3(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    // Self-hosted stores rarely resolve bucket subdomains: path style by default when an endpoint is given.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? parseFlag(env.S3_FORCE_PATH_STYLE) : endpoint !== null,
    prefix: env.S3_PREFIX ?? '',
  };
}

export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's trustProxy) gives to the private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or `0`, no proxy (the socket's address is the client's); a number, that many
 * proxies always stand in front (the client is the address the outermost one appended); otherwise
 * the comma-separated addresses or CIDR ranges of the proxies, whose headers alone are believed.
 * Anything else stops the start: trusting every hop would let any client choose its address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined || entries.length === 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a list of proxy addresses or CIDR ranges, not "${wrong ?? text}"`);
  }
  return entries;
}

/**
 * The trustProxy option of Fastify. This Fastify version treats a bare hop count as "trust no
 * hop" (it cannot check the peer), so a count becomes the hop-index test Express applies: the
 * first `n` hops, counted from the socket, are proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

function parseDemo(value: string | undefined): boolean | null {
  if (value === undefined || value === '') return null;
  return parseFlag(value);
}

/** A guessable token would turn the seeding route into a way in: below 32 characters, the start stops. */
function parseE2eSeedToken(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < 32) throw new Error('LEA_E2E_SEED_TOKEN must be at least 32 characters long');
  return value;
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimit: {
      readsPerMinute: Number(env.RATE_LIMIT_READS_PER_MINUTE ?? 1200),
      writesPerMinute: Number(env.RATE_LIMIT_WRITES_PER_MINUTE ?? 300),
    },
    uploadQuotaBytes: Number(env.UPLOAD_QUOTA_BYTES ?? 200 * 1024 * 1024),
    s3: parseS3(env),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX ?? 'lea:',
    e2eSeedToken: parseE2eSeedToken(env.LEA_E2E_SEED_TOKEN),
    weeklyDigest: env.WEEKLY_DIGEST !== 'off',
    loginThrottle: {
      freeFailures: Number(env.LOGIN_FREE_FAILURES ?? 3),
      freeFailuresPerUser: Number(env.LOGIN_FREE_FAILURES_PER_USER ?? 20),
      maxDelaySeconds: Number(env.LOGIN_MAX_DELAY_SECONDS ?? 900),
      maxFailuresPerAddress: Number(env.LOGIN_MAX_FAILURES_PER_ADDRESS ?? 100),
      maxLookupsPerAddress: Number(env.LOOKUP_MAX_PER_ADDRESS ?? 100),
      windowSeconds: Number(env.LOGIN_THROTTLE_WINDOW_SECONDS ?? 900),
    },
  };
}
