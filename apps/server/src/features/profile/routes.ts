import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmEmailResponse,
  IdParams,
  ProfileFieldsUpdate,
  ProfilePhotoUpdate,
  ProfileUpdateResponse,
  User,
  UserInfo,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { badRequest, forbidden, unauthorized } from '../../http/errors.js';
import { confirmEmailChange } from '../../services/email-change.js';
import { fileLinksOf } from '../../services/file-links.js';
import { textRef } from '../../texts/index.js';
import { getMe, updateProfile, type ProfileChange } from './service.js';
import { getUserInfo } from './user-info.js';

/** Zod issues as the `{field, message}` list the web form puts back on its fields (first message per field). */
function fieldErrors(error: z.ZodError): { field: string; message: string }[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/** A photo change comes alone as `{photo: fileId}`; anything else is the profile form. */
function parseProfileChange(body: unknown): ProfileChange {
  const isPhoto = typeof body === 'object' && body !== null && 'photo' in body;
  const parsed = isPhoto ? ProfilePhotoUpdate.safeParse(body) : ProfileFieldsUpdate.safeParse(body);
  if (!parsed.success) throw badRequest(textRef('common.invalidRequest'), fieldErrors(parsed.error));
  return parsed.data;
}

/** /app/user/me, /app/user/info/{id}, /app/user/put/{id} and /app/user/confirm-email/{token}, under /api/{locale}. */
export const profileApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/app/user/me', { preHandler: requireUser, schema: { response: { 200: User } } }, async (request) => {
    if (!request.auth) throw unauthorized('JWT Token not found');
    return getMe(app.ctx, request.auth);
  });

  app.get('/app/user/info/:id', { preHandler: requireUser, schema: { params: IdParams, response: { 200: UserInfo } } }, async (request) =>
    getUserInfo(app.ctx.db, callerOf(request), request.params.id, fileLinksOf(request)),
  );

  app.put(
    '/app/user/put/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: ProfileUpdateResponse } } },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized('JWT Token not found');
      // Refuse another user's profile before looking at the body: nothing about it is processed.
      if (request.params.id !== Number(auth.sub)) throw forbidden();
      const change = parseProfileChange(request.body);
      return updateProfile(app.ctx, auth, request.params.id, change, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        locale: request.locale,
      });
    },
  );

  // Opened from the mailbox, maybe on another device: the link itself is the proof, no sign-in.
  app.post(
    '/app/user/confirm-email/:token',
    { schema: { params: z.object({ token: z.string().min(1).max(128) }), response: { 200: ConfirmEmailResponse } } },
    async (request) => ({
      success: true as const,
      ...(await confirmEmailChange(app.ctx, request.params.token, { platformId: request.platform.id, ip: request.ip })),
    }),
  );
};
