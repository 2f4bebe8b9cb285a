import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { currentUserId } from '../http/context.js';

/** A stored file as its links name it. */
export type FileRef = { pathName: string; originalName: string };
/** Who a signed link is issued to: a caller the API has just authorised to read the file's record. */
export type FileReader = { userId: number; platformId: number };
/** The links of spec 2 §7 under which one reader's browser downloads or shows a stored file. */
export type FileLinks = { download(file: FileRef): string; inline(file: FileRef): string };
/** What a signed link carries besides its path (decision 018). */
export type FileGrant = { expires?: number | undefined; user?: number | undefined; signature?: string | undefined };

/**
 * A link lives at least an hour; its expiry is rounded up to a quarter of an hour so that the links of
 * one page stay the same between its refetches (images are not loaded again for nothing).
 */
const LIFETIME_SECONDS = 3600;
const STEP_SECONDS = 900;

const linkPath = (kind: 'download' | 'inline', file: FileRef) =>
  `/${kind}-file/path-name-${encodeURIComponent(file.pathName)}/original-name-${encodeURIComponent(file.originalName)}`;

/** HMAC-SHA256 with the JWT key; the prefix keeps it from ever matching an HMAC of a token. */
function signatureOf(key: KeyObject, pathName: string, user: number, platformId: number, expires: number): string {
  return createHmac('sha256', key).update(`file-link\n${pathName}\n${user}\n${platformId}\n${expires}`).digest('base64url');
}

/** Links signed for one reader: only what the API answered to that reader after its own checks gets one. */
export function fileLinksFor(key: KeyObject, reader: FileReader, now = Date.now()): FileLinks {
  const expires = Math.ceil((now / 1000 + LIFETIME_SECONDS) / STEP_SECONDS) * STEP_SECONDS;
  const signed = (kind: 'download' | 'inline') => (file: FileRef) =>
    `${linkPath(kind, file)}?expires=${expires}&user=${reader.userId}&signature=${signatureOf(key, file.pathName, reader.userId, reader.platformId, expires)}`;
  return { download: signed('download'), inline: signed('inline') };
}

/** The links of the request's signed-in caller. */
export function fileLinksOf(request: FastifyRequest): FileLinks {
  return fileLinksFor(request.server.ctx.config.jwtSecret, { userId: currentUserId(request), platformId: request.platform.id });
}

/**
 * An unsigned link: only for the files public on their platform (its logos and favicon, the
 * institutions' logos, the login page's and the help's documents), which the file route serves by record.
 */
export function publicFileUrl(kind: 'download' | 'inline', file: FileRef): string {
  return linkPath(kind, file);
}

/** Whether a link's grant was issued for this file on this platform, and is still valid. */
export function checkFileGrant(
  key: KeyObject,
  pathName: string,
  platformId: number,
  grant: FileGrant,
  now = Date.now(),
): 'valid' | 'expired' | 'invalid' {
  const { expires, user, signature } = grant;
  if (expires === undefined || user === undefined || signature === undefined) return 'invalid';
  const expected = Buffer.from(signatureOf(key, pathName, user, platformId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 < now ? 'expired' : 'valid';
}
