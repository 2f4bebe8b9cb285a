import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { platforms } from '../db/schema/index.js';
import { AppError } from './errors.js';
import type { ResolvedPlatform } from './context.js';

const CACHE_TTL_MS = 30_000;
/** A short cache of hostname lookups: every API call resolves its platform. */
const cache = new Map<string, { platform: ResolvedPlatform | null; until: number }>();

export function clearPlatformCache(): void {
  cache.clear();
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

/**
 * The platform of a hostname. An unknown hostname falls back to the default platform only
 * when the demo is on (a real deployment must not serve one organisation on another's name).
 */
export async function resolvePlatform(db: Db, hostname: string, allowDefault: boolean): Promise<ResolvedPlatform> {
  const now = Date.now();
  const hit = cache.get(hostname);
  let platform = hit && hit.until > now ? hit.platform : undefined;
  if (platform === undefined) {
    platform = await findPlatform(db, hostname, allowDefault);
    cache.set(hostname, { platform, until: now + CACHE_TTL_MS });
  }
  if (!platform) throw new AppError(404, `Aucune plateforme pour ${hostname}`);
  return platform;
}
