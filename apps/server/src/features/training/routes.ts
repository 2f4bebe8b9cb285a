import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TrainingListQuery, TrainingListResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { listTrainingCourses } from './service.js';

/** The signed-in user's training courses (spec 2 §2, training course list). */
export async function trainingRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/app/training/list',
    { preHandler: requireUser, schema: { querystring: TrainingListQuery, response: { 200: TrainingListResponse } } },
    (request) => listTrainingCourses(db, callerOf(request), request.query),
  );
}
