import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMenuResponse,
  AdminUserProfileResponse,
  FileDownloadResponse,
  GeneratePasswordResponse,
  GenericActionResponse,
  IdParams,
  LastPasswordMail,
  UserActiveBody,
  UserMergeBody,
} from '@lea/shared';
import { adminScope } from '../../generic/scope.js';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { generatePassword, lastPasswordMail, setActive } from './account-actions.js';
import { eraseUser } from './erase.js';
import { adminMenu } from './menu.js';
import { mergeUsers } from './merge.js';
import { personalDataArchive } from './personal-data.js';
import { adminUserProfile } from './user-profile.js';

/**
 * The admin area's calls beside the generic ones (spec 3 §7.2), under /api/{locale}: the menu and
 * the users' row and page actions, administrators of the request's platform only (403 otherwise,
 * 404 for another platform's account); and the signed-in person's own data export.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: requireUser };

  app.get('/app/admin/menu', { ...auth, schema: { response: { 200: AdminMenuResponse } } }, async (request) =>
    adminMenu(adminScope(request)),
  );
  app.get('/app/admin/user/user-profile', { ...auth, schema: { response: { 200: AdminUserProfileResponse } } }, async (request) =>
    adminUserProfile(ctx.db, adminScope(request)),
  );
  app.get(
    '/app/admin/user/last-password-link/:id',
    { ...auth, schema: { params: IdParams, response: { 200: LastPasswordMail } } },
    async (request) => lastPasswordMail(ctx, adminScope(request), request.params.id),
  );
  app.get(
    '/app/admin/user/generate-password/:id',
    { ...auth, schema: { params: IdParams, response: { 200: GeneratePasswordResponse } } },
    async (request) => generatePassword(ctx, adminScope(request), request.params.id),
  );
  app.put(
    '/app/admin/user/active/:id',
    { ...auth, schema: { params: IdParams, body: UserActiveBody, response: { 200: GenericActionResponse } } },
    async (request) => setActive(ctx, adminScope(request), request.params.id, request.body.active),
  );
  app.post(
    '/app/admin/user/merge',
    { ...auth, schema: { body: UserMergeBody, response: { 200: GenericActionResponse } } },
    async (request) => mergeUsers(ctx, adminScope(request), request.body.keptId, request.body.mergedId),
  );
  app.post(
    '/app/admin/user/erase/:id',
    { ...auth, schema: { params: IdParams, response: { 200: GenericActionResponse } } },
    async (request) => eraseUser(ctx, adminScope(request), request.params.id),
  );
  app.get('/app/user/personal-data', { ...auth, schema: { response: { 200: FileDownloadResponse } } }, async (request) =>
    personalDataArchive(ctx, callerOf(request), request.locale, writeMetaOf(request)),
  );
};
