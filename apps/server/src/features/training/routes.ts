import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TrainingCourseIndicators, TrainingCourseIndicatorsParams, TrainingListQuery, TrainingListResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { remembered } from '../../http/remembered.js';
import { courseIndicators, courseListIndicators } from './indicators.js';
import { listTrainingCourses } from './service.js';

/** The signed-in user's training courses (spec 2 §2, training course list) and their live indicators. */
export async function trainingRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/app/training/list',
    { preHandler: requireUser, schema: { querystring: TrainingListQuery, response: { 200: TrainingListResponse } } },
    // Over several courses: any course's writes make it old.
    remembered({ answer: (request) => listTrainingCourses(db, callerOf(request), request.query), course: () => null }),
  );

  // The course list's indicators block: the caller's active courses.
  app.get(
    '/app/training-course/indicators',
    { preHandler: requireUser, schema: { response: { 200: TrainingCourseIndicators } } },
    (request) => courseListIndicators(db, callerOf(request)),
  );

  // The manager home's statistics block: one course.
  app.get(
    '/app/training-course/indicators/:trainingCourse',
    { preHandler: requireUser, schema: { params: TrainingCourseIndicatorsParams, response: { 200: TrainingCourseIndicators } } },
    (request) => courseIndicators(db, callerOf(request), request.params.trainingCourse),
  );
}
