import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DataAgreementAcceptRequest,
  DataAgreementStatus,
  DuplicateQuery,
  GenericActionResponse,
  IdParams,
  ProfileTitlesResponse,
} from '@lea/shared';
import { adminScope } from '../../generic/scope.js';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { acceptAgreement, agreementStatus, duplicateTrainingCourse, profileTitlesOf } from './service.js';

/**
 * The admin setup's calls beside the generic ones (spec 3 §7.2 `duplicate/{id}?nextYear=1`), the
 * signed-in user's data-agreement acceptance (issue 13 §5) and the platform's profile titles.
 */
export const adminSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: requireUser };

  app.get(
    '/app/admin/training-course/duplicate/:id',
    { ...auth, schema: { params: IdParams, querystring: DuplicateQuery, response: { 200: GenericActionResponse } } },
    async (request) => duplicateTrainingCourse(ctx.db, adminScope(request), request.params.id, request.query.nextYear !== '0'),
  );
  app.get('/app/data-agreement/status', { ...auth, schema: { response: { 200: DataAgreementStatus } } }, async (request) =>
    agreementStatus(ctx.db, callerOf(request), writeMetaOf(request)),
  );
  app.post(
    '/app/data-agreement/accept',
    { ...auth, schema: { body: DataAgreementAcceptRequest, response: { 200: DataAgreementStatus } } },
    async (request) => acceptAgreement(ctx.db, callerOf(request), writeMetaOf(request), request.body.version),
  );
  app.get('/app/profile-titles', { schema: { response: { 200: ProfileTitlesResponse } } }, async (request) =>
    profileTitlesOf(ctx.db, request.platform.id, request.locale),
  );
};
