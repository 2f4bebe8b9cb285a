import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LessonTriadParams, WebLinkListResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { fileLinksOf } from '../../services/file-links.js';
import { listWebLinks } from './service.js';

/** Useful links of a triad's course (spec 2 §2, MODULE_LEA_WEBLINKS). */
export async function webLinkRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/app/web-link/list/:triad',
    { preHandler: requireUser, schema: { params: LessonTriadParams, response: { 200: WebLinkListResponse } } },
    (request) => listWebLinks(db, callerOf(request), request.params.triad, fileLinksOf(request)),
  );
}
