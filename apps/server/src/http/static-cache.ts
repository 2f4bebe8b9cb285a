import type { SetHeadersResponse } from '@fastify/static';
import { sep } from 'node:path';

/** Vite's content-hashed build files: their name changes with their content, so they never need asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else of the web app (index.html, sw.js, offline-shell.json, color-scheme.js…): checked on each use. */
export const REVALIDATE = 'no-cache';

/**
 * Caching of the built web app (decision 034): the hashed files under `assets/` are cached for a year,
 * the files with fixed names (the HTML, the service worker and its file list) are revalidated, so a
 * deployment is seen at the next load. `Vary` because the same URL may be answered pre-compressed.
 */
export function staticCacheHeaders(root: string) {
  const assets = `${root.endsWith(sep) ? root : root + sep}assets${sep}`;
  return (response: SetHeadersResponse, path: string): void => {
    response.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    response.setHeader('Vary', 'Accept-Encoding');
  };
}
