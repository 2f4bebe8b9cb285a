import { MESSAGES, type FileLinkGrant } from '@lea/shared';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { checkFileGrant } from '../../services/file-links.js';
import { findPlatformFile, findPublicUse } from './queries.js';

/** How a served file may be cached: a design file for a day (its key never changes), anything else not at all. */
export type FileCaching = 'design' | 'none';

async function readStored(ctx: AppContext, file: { pathName: string }) {
  const bytes = await ctx.files.get(file.pathName);
  if (!bytes) throw notFound(MESSAGES.fileUnavailable);
  return bytes;
}

/**
 * A file link's file (decision 018): a public file of the request's platform as is; any other only
 * with a grant the API issued for it on this platform, still valid. A missing or forged grant is the
 * same 404 as an unknown file (nothing tells that a key exists); an expired one says so.
 */
export async function openLinkedFile(ctx: AppContext, pathName: string, platformId: number, grant: FileLinkGrant, now = Date.now()) {
  const file = await findPlatformFile(ctx.db, pathName, platformId);
  if (!file) throw notFound(MESSAGES.fileUnavailable);
  const use = await findPublicUse(ctx.db, file.id, platformId);
  if (!use) {
    const check = checkFileGrant(ctx.config.jwtSecret, file.pathName, platformId, grant, now);
    if (check === 'expired') throw forbidden(MESSAGES.fileLinkExpired);
    if (check === 'invalid') throw notFound(MESSAGES.fileUnavailable);
  }
  const caching: FileCaching = use === 'design' ? 'design' : 'none';
  return { ...file, caching, bytes: await readStored(ctx, file) };
}

/**
 * GET /api/get_file: with a bearer, a file the caller uploaded or a public one of the platform; any
 * other only with the grant of a link issued to the caller.
 */
export async function readFileFor(ctx: AppContext, caller: Caller, pathName: string, grant: FileLinkGrant, now = Date.now()) {
  const file = await findPlatformFile(ctx.db, pathName, caller.platformId);
  if (!file) throw notFound(MESSAGES.fileUnavailable);
  const granted =
    grant.user === caller.userId && checkFileGrant(ctx.config.jwtSecret, file.pathName, caller.platformId, grant, now) === 'valid';
  if (file.uploadedBy !== caller.userId && !granted && !(await findPublicUse(ctx.db, file.id, caller.platformId))) {
    throw notFound(MESSAGES.fileUnavailable);
  }
  return { ...file, bytes: await readStored(ctx, file) };
}
