import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, KeyDatesResponse, Triad, TriadListParams, TriadListQuery, TriadListResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { courseOfTriad, remembered } from '../../http/remembered.js';
import { fileLinksOf } from '../../services/file-links.js';
import { exportKeyDates } from './key-dates.js';
import { getTriad, listCourseTriads } from './service.js';

/** Triads of a course, one triad and its key dates (spec 2 §7): signed-in users; access is checked by the services. */
export async function triadRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/app/triad/list/:trainingCourse',
    { preHandler: requireUser, schema: { params: TriadListParams, querystring: TriadListQuery, response: { 200: TriadListResponse } } },
    remembered({
      answer: (request) => listCourseTriads(db, callerOf(request), { courseId: request.params.trainingCourse, ...request.query }),
      course: (request) => request.params.trainingCourse,
    }),
  );

  app.get(
    '/app/triad/key-dates/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: KeyDatesResponse } } },
    (request) => exportKeyDates(db, callerOf(request), request.params.id, request.locale),
  );

  app.get(
    '/app/triad/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: Triad } } },
    remembered({
      answer: (request) =>
        getTriad(db, callerOf(request), request.params.id, fileLinksOf(request), request.locale, undefined, app.ctx.cache),
      course: (request) => courseOfTriad(db, request.params.id),
    }),
  );
}
