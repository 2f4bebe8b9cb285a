import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LessonListResponse, LessonParams, LessonTriadParams, LessonView } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { fileLinksOf } from '../../services/file-links.js';
import { listLessons, showLesson } from './service.js';

/** Lessons of a triad's course (spec 2 §2, MODULE_LEA_COURSE): the list grouped by subject and one lesson. */
export async function lessonRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/app/lesson/list/:triad',
    { preHandler: requireUser, schema: { params: LessonTriadParams, response: { 200: LessonListResponse } } },
    (request) => listLessons(db, callerOf(request), request.params.triad),
  );

  app.get(
    '/app/lesson/show/:triad/:id',
    { preHandler: requireUser, schema: { params: LessonParams, response: { 200: LessonView } } },
    (request) => showLesson(db, callerOf(request), request.params.triad, request.params.id, fileLinksOf(request)),
  );
}
