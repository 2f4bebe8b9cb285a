import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { FileStore } from '../services/file-store.js';
import type { Mailer } from '../services/mailer.js';
import type { PlatformProfileTitles } from '../services/profile-titles.js';
import type { CacheBus } from '../services/shared-cache.js';
import type { AccessTokenClaims } from './jwt.js';
import { unauthorized } from './errors.js';

/** What every route and service may use; built once by `buildApp`. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  files: FileStore;
  mailer: Mailer;
  /** The caches of what rarely changes, kept right across server processes (decision 033). */
  cache: CacheBus;
};

export type ResolvedPlatform = { id: number; hostname: string; name: string };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The platform of the request's hostname (always set under /api and the file links). */
    platform: ResolvedPlatform;
    /** The verified access-token claims, or null when no valid bearer was sent. */
    auth: AccessTokenClaims | null;
    locale: 'fr' | 'en';
    /** The platform's profile titles in both locales (decision 024), read with the platform (cached). */
    profileTitles: PlatformProfileTitles;
  }
}

/** The signed-in user's id; 401 when the route was reached without a valid token. */
export function currentUserId(request: FastifyRequest): number {
  if (!request.auth) throw unauthorized('JWT Token not found');
  return Number(request.auth.sub);
}
