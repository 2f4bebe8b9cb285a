import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AbsenceJustificationList,
  CalendarFeedParams,
  CalendarFeedResponse,
  EventCopyBody,
  EventListQuery,
  EventListResponse,
  EventMoveBody,
  EventTriadParams,
  FileDownloadResponse,
  FormModel,
  FormPayload,
  GenericActionResponse,
  GenericSaveResponse,
  Id,
  IdParams,
  JustificationDecision,
  JustifyFormParams,
  JustifyPutParams,
  JustifyPutQuery,
  PlanningBulkDeleteBody,
} from '@lea/shared';
import { managerSectionScope } from '../../generic/section-scope.js';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { fileLinksOf } from '../../services/file-links.js';
import { copyEvent, deletePlannings, moveEvent, type EventKind } from './event-actions.js';
import { listEvents } from './event-list.js';
import { exportCourseAbsences, exportTriadPlanning } from './exports.js';
import { feedCalendar, readFeed, renewFeed, revokeFeed } from './feed.js';
import { decideJustification, listJustifications } from './justifications.js';
import { justificationForm, putJustification } from './justify.js';

const CourseParams = z.object({ course: Id });
const CourseRecordParams = z.object({ course: Id, id: Id });
const YearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
const KINDS: readonly EventKind[] = ['planning', 'absence'];
/** The manager-area section of these calls (decision 027). */
const ABSENCE = 'MODULE_LEA_ABSENCE';

/**
 * Absences and planning (issue 15; spec 2 §2, §7; spec 3 §7.1): the triad's calendar, justifications, the manager's
 * copy, move and bulk delete beside the generic `planning` and `absence` entities, exports and the calendar feed.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const auth = { preHandler: requireUser };

  app.get(
    '/app/event/list/:triadId',
    { ...auth, schema: { params: EventTriadParams, querystring: EventListQuery, response: { 200: EventListResponse } } },
    (request) => listEvents(db, callerOf(request), request.params.triadId, request.query),
  );
  app.get(
    '/app/event/export/:triadId',
    { ...auth, schema: { params: EventTriadParams, querystring: EventListQuery, response: { 200: FileDownloadResponse } } },
    (request) => exportTriadPlanning(db, callerOf(request), request.locale, request.params.triadId, request.query),
  );
  app.get(
    '/app/event/justifications/:id',
    { ...auth, schema: { params: IdParams, response: { 200: AbsenceJustificationList } } },
    (request) => listJustifications(db, callerOf(request), request.params.id, fileLinksOf(request)),
  );

  app.get(
    '/app/:trainingCourseId/absence/justify/form/:type/:id',
    { ...auth, schema: { params: JustifyFormParams, response: { 200: FormModel } } },
    (request) =>
      justificationForm(db, callerOf(request), request.locale, request.params.trainingCourseId, request.params.type, request.params.id),
  );
  app.put(
    '/app/:trainingCourseId/absence/justify/put/:id',
    {
      ...auth,
      schema: { params: JustifyPutParams, querystring: JustifyPutQuery, body: FormPayload, response: { 200: GenericSaveResponse } },
    },
    (request) =>
      putJustification(
        ctx,
        callerOf(request),
        writeMetaOf(request),
        { courseId: request.params.trainingCourseId, id: request.params.id, type: request.query.type },
        request.body,
      ),
  );

  app.put(
    '/app/lea-manager/:course/absence/justification/:id',
    { ...auth, schema: { params: CourseRecordParams, body: JustificationDecision, response: { 200: GenericActionResponse } } },
    async (request) =>
      decideJustification(ctx, await managerSectionScope(request, request.params.course, ABSENCE, 'edit'), request.params.id, request.body),
  );
  app.delete(
    '/app/lea-manager/:course/planning/delete',
    { ...auth, schema: { params: CourseParams, body: PlanningBulkDeleteBody, response: { 200: GenericActionResponse } } },
    async (request) => deletePlannings(ctx, await managerSectionScope(request, request.params.course, ABSENCE, 'delete'), request.body),
  );
  app.get(
    '/app/lea-manager/:course/absence/export-apprentices',
    { ...auth, schema: { params: CourseParams, querystring: YearQuery, response: { 200: FileDownloadResponse } } },
    async (request) =>
      exportCourseAbsences(db, await managerSectionScope(request, request.params.course, ABSENCE), request.query.year ?? null),
  );
  for (const kind of KINDS) {
    for (const base of [`/app/lea-manager/:course/${kind}`, `/app/lea-manager/:course/generic/${kind}`]) {
      app.post(
        `${base}/copy/:id`,
        { ...auth, schema: { params: CourseRecordParams, body: EventCopyBody, response: { 200: GenericActionResponse } } },
        async (request) =>
          copyEvent(ctx, await managerSectionScope(request, request.params.course, ABSENCE, 'edit'), kind, request.params.id, request.body),
      );
      app.put(
        `${base}/move/:id`,
        { ...auth, schema: { params: CourseRecordParams, body: EventMoveBody, response: { 200: GenericActionResponse } } },
        async (request) =>
          moveEvent(ctx, await managerSectionScope(request, request.params.course, ABSENCE, 'edit'), kind, request.params.id, request.body),
      );
    }
  }

  app.get('/app/event/feed', { ...auth, schema: { response: { 200: CalendarFeedResponse } } }, (request) =>
    readFeed(ctx, callerOf(request)),
  );
  app.post('/app/event/feed', { ...auth, schema: { response: { 200: CalendarFeedResponse } } }, (request) =>
    renewFeed(ctx, callerOf(request)),
  );
  app.delete('/app/event/feed', { ...auth, schema: { response: { 200: CalendarFeedResponse } } }, (request) =>
    revokeFeed(ctx, callerOf(request)),
  );
  // The feed itself: no bearer (a phone's calendar subscribes to it), the token in the address is the key.
  app.get('/calendar/feed/:token', { schema: { params: CalendarFeedParams } }, async (request, reply) => {
    const body = await feedCalendar(ctx, request.params.token, request.platform.id, request.locale);
    return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', 'inline; filename="lea.ics"').send(body);
  });
};
