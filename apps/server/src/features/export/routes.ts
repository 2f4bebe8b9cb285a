import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ExportChoicesResponse, ExportParams, ExportYearQuery, Id, type ExportType } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { managerSectionScope } from '../../generic/section-scope.js';
import { adminScope } from '../../generic/scope.js';
import { sendStreamedWorkbook } from '../../generic/xlsx-reply.js';
import { exportChoices, prepareExport } from './service.js';
import type { ExportScope } from './scope.js';

const courseScope = (request: FastifyRequest, courseId: number) => managerSectionScope(request, courseId, 'MODULE_LEA_GENERAL');
const Course = z.object({ course: Id });

const yearOf = (query: ExportYearQuery) => (query.year === 'all' ? null : query.year);

/** Spec 3 §2.3 `export` (admin, seven types) and the course's exports page (manager, issue 17 §6). */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const auth = { preHandler: requireUser };

  app.get('/app/admin/export', { ...auth, schema: { response: { 200: ExportChoicesResponse } } }, async (request) => {
    const scope = adminScope(request);
    return exportChoices(db, { platformId: scope.platformId, courseId: null }, scope.locale);
  });
  app.get(
    '/app/admin/export/:type',
    { ...auth, schema: { params: ExportParams, querystring: ExportYearQuery } },
    async (request, reply) => {
      const scope = adminScope(request);
      const target: ExportScope = { platformId: scope.platformId, courseId: null, year: yearOf(request.query) };
      const file = await prepareExport(app.ctx.database, request.params.type as ExportType, target, scope.locale);
      return sendStreamedWorkbook(reply, file.filename, file.write);
    },
  );

  app.get(
    '/app/lea-manager/:course/export',
    { ...auth, schema: { params: Course, response: { 200: ExportChoicesResponse } } },
    async (request) => {
      const scope = await courseScope(request, request.params.course);
      return exportChoices(db, { platformId: scope.course.platformId, courseId: scope.course.id }, scope.locale);
    },
  );
  app.get(
    '/app/lea-manager/:course/export/:type',
    { ...auth, schema: { params: Course.extend(ExportParams.shape), querystring: ExportYearQuery } },
    async (request, reply) => {
      const scope = await courseScope(request, request.params.course);
      const target: ExportScope = { platformId: scope.course.platformId, courseId: scope.course.id, year: yearOf(request.query) };
      const file = await prepareExport(app.ctx.database, request.params.type as ExportType, target, scope.locale);
      return sendStreamedWorkbook(reply, file.filename, file.write);
    },
  );
};
