import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALLOWED_FILE_EXTENSIONS,
  FileLinkGrant,
  FileUploadRequest,
  FileUploadResponse,
  GetFileQuery,
  GetFileResponse,
  MESSAGES,
  PictureUploadRequest,
} from '@lea/shared';
import { isAdmin, requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { currentUserId } from '../../http/context.js';
import { openLinkedFile, readFileFor } from './access.js';
import { PICTURE_EXTENSIONS, storeUpload, uploadExtensions } from './service.js';

/** A stored SVG opened directly must not run anything nor load anything. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** RFC 6266 / RFC 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const FileLinkParams = z.object({ pathName: z.string().min(1).max(255), originalName: z.string().max(255) });

type LinkRequest = { params: z.infer<typeof FileLinkParams>; query: FileLinkGrant; platform: { id: number } };

/**
 * /download-file/… and /inline-file/… at the site root, loaded by <img>, <a download> and <iframe>,
 * which send no bearer: a file of the request's platform is served when it is public there (logos,
 * login-page and help documents) or when the link carries a grant the API signed for a reader of
 * its record (decision 018). The name sent is the stored one, not the one in the link.
 */
export const fileRootRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = (kind: 'attachment' | 'inline') => async (request: LinkRequest, reply: FastifyReply) => {
    const file = await openLinkedFile(app.ctx, request.params.pathName, request.platform.id, request.query);
    reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', contentDisposition(kind, file.originalName))
      .header('X-Content-Type-Options', 'nosniff')
      // A stored file never changes under its key: a design file may be kept; nothing else may.
      .header('Cache-Control', file.caching === 'design' ? 'public, max-age=86400, immutable' : 'no-store');
    if (kind === 'inline' && file.mimeType === 'image/svg+xml') reply.header('Content-Security-Policy', SVG_CSP);
    // The site-wide policy's object-src 'none' stops Chrome's built-in PDF viewer on the file itself
    // (crbug.com/271452): other inline files only keep the framing rule.
    else if (kind === 'inline') reply.header('Content-Security-Policy', "frame-ancestors 'self'");
    return reply.send(file.bytes);
  };
  const schema = { params: FileLinkParams, querystring: FileLinkGrant };
  app.get('/download-file/path-name-:pathName/original-name-:originalName', { schema }, serve('attachment'));
  app.get('/inline-file/path-name-:pathName/original-name-:originalName', { schema }, serve('inline'));
};

/** Uploads (base64 JSON) and the base64 read, under /api/{locale}; signed-in users only. */
export const fileApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app/file/upload',
    { preHandler: requireUser, schema: { body: FileUploadRequest, response: { 200: FileUploadResponse } } },
    async (request) =>
      storeUpload(
        app.ctx,
        {
          data: request.body.data,
          originalName: request.body.originalName,
          folder: request.body.type,
          extensions: uploadExtensions(request.body.type, isAdmin(request), ALLOWED_FILE_EXTENSIONS),
          formatMessage: MESSAGES.fileFormatDefault,
        },
        { userId: currentUserId(request), platformId: request.platform.id },
      ),
  );

  app.post(
    '/post-picture',
    { preHandler: requireUser, schema: { body: PictureUploadRequest, response: { 200: FileUploadResponse } } },
    async (request) =>
      storeUpload(
        app.ctx,
        {
          data: request.body.data,
          originalName: request.body.filename,
          folder: request.body.folder,
          extensions: uploadExtensions(request.body.folder, isAdmin(request), PICTURE_EXTENSIONS),
          formatMessage: MESSAGES.fileFormat,
        },
        { userId: currentUserId(request), platformId: request.platform.id },
      ),
  );

  app.get(
    '/api/get_file',
    { preHandler: requireUser, schema: { querystring: GetFileQuery, response: { 200: GetFileResponse } } },
    async (request) => {
      const file = await readFileFor(app.ctx, callerOf(request), request.query.fileName, request.query);
      return { data: file.bytes.toString('base64'), mime_type: file.mimeType };
    },
  );
};
