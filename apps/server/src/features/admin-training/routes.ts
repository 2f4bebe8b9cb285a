import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminTestTriadQuery, ChoiceSearchResponse, GenericSaveResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { adminScope } from '../../generic/scope.js';
import { sendWorkbook } from '../../generic/xlsx-reply.js';
import { registrationsWorkbook } from './registrations.js';
import { courseChoices, generateAdminTestTriad, generateTestTraining } from './service.js';

/**
 * The trainings list's page actions (spec 3 §2.3 "add test, export registrations, generate test
 * triads", §7.2 `training/generate-triad-test` and `generate-training-test`), declared on the
 * training entity (generic/entities/training.ts pageActions) and served here: administrators of
 * the request's platform only (403 otherwise), another platform's course is a 404.
 */
export const adminTrainingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: requireUser };

  app.get('/app/admin/training/generate-training-test', { ...auth, schema: { response: { 200: GenericSaveResponse } } }, async (request) =>
    generateTestTraining(ctx, adminScope(request)),
  );
  app.get(
    '/app/admin/training/generate-triad-test',
    { ...auth, schema: { querystring: AdminTestTriadQuery, response: { 200: GenericSaveResponse } } },
    async (request) => generateAdminTestTriad(ctx.db, adminScope(request), request.query.trainingCourse),
  );
  app.get('/app/admin/training/course-choices', { ...auth, schema: { response: { 200: ChoiceSearchResponse } } }, async (request) =>
    courseChoices(ctx.db, adminScope(request)),
  );
  app.get('/app/admin/training/export-registrations', auth, async (request, reply) => {
    const scope = adminScope(request);
    return sendWorkbook(reply, await registrationsWorkbook(ctx.db, scope));
  });
};
