import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConnectionHistoryQuery,
  FileDownloadResponse,
  HistoryPeopleQuery,
  HistoryPeopleResponse,
  HistoryQuery,
  HistoryResponse,
  Id,
  MailHistoryQuery,
  MailHistoryResponse,
  MailResendResponse,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import type { SectionNeed } from '../../services/manager-permissions.js';
import { managerSectionScope } from '../../generic/section-scope.js';
import { adminScope } from '../../generic/scope.js';
import { courseMails, courseMailsExport, resendCourseMail } from './mails.js';
import { adminHistory, adminHistoryExport, courseConnections, courseConnectionsExport, historyPeople } from './service.js';

const courseScope = (request: FastifyRequest, courseId: number, need: SectionNeed = 'view') =>
  managerSectionScope(request, courseId, 'MODULE_LEA_GENERAL', need);
const Course = z.object({ course: Id });
const CourseMail = z.object({ course: Id, id: Id });

/**
 * The admin area's history (spec 3 §2.3 `history`) and the course's mail and connection histories
 * (spec 3 §2.1 `mail`, `history`; issue 17 §5). Static paths, so they win over the generic `{alias}/…` ones.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const auth = { preHandler: requireUser };

  app.get('/app/admin/history', { ...auth, schema: { querystring: HistoryQuery, response: { 200: HistoryResponse } } }, async (request) => {
    const scope = adminScope(request);
    return adminHistory(db, scope.platformId, request.query, scope.locale);
  });
  app.get(
    '/app/admin/history/export',
    { ...auth, schema: { querystring: HistoryQuery, response: { 200: FileDownloadResponse } } },
    async (request) => {
      const scope = adminScope(request);
      return adminHistoryExport(db, scope.platformId, request.query, scope.locale);
    },
  );
  app.get(
    '/app/admin/history/people',
    { ...auth, schema: { querystring: HistoryPeopleQuery, response: { 200: HistoryPeopleResponse } } },
    async (request) => historyPeople(db, adminScope(request).platformId, request.query.search),
  );

  app.get(
    '/app/lea-manager/:course/mail',
    { ...auth, schema: { params: Course, querystring: MailHistoryQuery, response: { 200: MailHistoryResponse } } },
    async (request) => courseMails(db, await courseScope(request, request.params.course), request.query),
  );
  app.get(
    '/app/lea-manager/:course/mail/export',
    { ...auth, schema: { params: Course, querystring: MailHistoryQuery, response: { 200: FileDownloadResponse } } },
    async (request) => courseMailsExport(db, await courseScope(request, request.params.course), request.query),
  );
  app.post(
    '/app/lea-manager/:course/mail/resend/:id',
    { ...auth, schema: { params: CourseMail, response: { 200: MailResendResponse } } },
    async (request) => resendCourseMail(db, app.ctx.mailer, await courseScope(request, request.params.course, 'edit'), request.params.id),
  );

  app.get(
    '/app/lea-manager/:course/history',
    { ...auth, schema: { params: Course, querystring: ConnectionHistoryQuery, response: { 200: HistoryResponse } } },
    async (request) => {
      const scope = await courseScope(request, request.params.course);
      return courseConnections(db, scope.course, request.query, scope.locale);
    },
  );
  app.get(
    '/app/lea-manager/:course/history/export',
    { ...auth, schema: { params: Course, querystring: ConnectionHistoryQuery, response: { 200: FileDownloadResponse } } },
    async (request) => {
      const scope = await courseScope(request, request.params.course);
      return courseConnectionsExport(db, scope.course, request.query, scope.locale);
    },
  );
};
