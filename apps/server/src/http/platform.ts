import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { platforms } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { textRef } from '../texts/index.js';
import type { ResolvedPlatform } from './context.js';

const CACHE_TTL_MS = 30_000;
/** Hostnames remembered at most: the Host header is the client's to choose, so the cache must not grow with it. */
export const PLATFORM_CACHE_MAX = 500;
/** A short cache of hostname lookups (keyed with the fallback rule): every API call resolves its platform. */
const cache = new Map<string, { platform: ResolvedPlatform | null; until: number }>();

export function clearPlatformCache(): void {
  cache.clear();
}

export function platformCacheSize(): number {
  return cache.size;
}

/** Remembers a lookup; past the bound the oldest entry goes (a Map keeps insertion order). */
function remember(key: string, platform: ResolvedPlatform | null, now: number): void {
  cache.delete(key);
  if (cache.size >= PLATFORM_CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { platform, until: now + CACHE_TTL_MS });
}

/**
 * Whether an unknown hostname falls back to the default platform: only when the demo is explicitly on
 * (LEA_DEMO=1: the demo on 127.0.0.1, a LAN address, Playwright, the bench). Otherwise, a fresh
 * `npm start` included, a platform answers on its own hostname only (the demo's is localhost), so that
 * a deployment never serves one organisation under a name it does not own.
 */
export function allowsDefaultPlatform(config: Pick<Config, 'demo'>): boolean {
  return config.demo === true;
}

export function requestHostname(request: FastifyRequest): string {
  return (request.hostname || 'localhost').replace(/:\d+$/, '').toLowerCase();
}

async function findPlatform(db: Db, hostname: string, allowDefault: boolean): Promise<ResolvedPlatform | null> {
  const columns = { id: platforms.id, hostname: platforms.hostname, name: platforms.name };
  const [exact] = await db.select(columns).from(platforms).where(eq(platforms.hostname, hostname)).limit(1);
  if (exact) return exact;
  if (!allowDefault) return null;
  const [fallback] = await db.select(columns).from(platforms).where(eq(platforms.isDefault, true)).orderBy(asc(platforms.id)).limit(1);
  return fallback ?? null;
}

/** The platform of a hostname; an unknown one is a 404 unless `allowDefault` (see allowsDefaultPlatform). */
export async function resolvePlatform(db: Db, hostname: string, allowDefault: boolean): Promise<ResolvedPlatform> {
  const now = Date.now();
  const key = `${allowDefault}:${hostname}`;
  const hit = cache.get(key);
  let platform = hit && hit.until > now ? hit.platform : undefined;
  if (platform === undefined) {
    platform = await findPlatform(db, hostname, allowDefault);
    remember(key, platform, now);
  }
  if (!platform) throw new AppError(404, textRef('common.noPlatformFor', { hostname }));
  return platform;
}
