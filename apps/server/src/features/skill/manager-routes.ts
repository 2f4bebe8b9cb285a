import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GeneratedQuestionnaireResponse,
  Id,
  RemoveRepositoryResponse,
  RncpCertificationsResponse,
  RncpFileQuery,
  RncpImportRequest,
  RncpImportResponse,
} from '@lea/shared';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { generateQuestionnaire } from './generate-questionnaire.js';
import { importRncp, listRncpCertifications, removeRepository } from './rncp-import.js';

const Course = z.object({ course: Id });
const CourseAndSession = z.object({ course: Id, session: Id });
const BASE = '/app/lea-manager/:course/skill';

/** The manager area's skill repository calls (spec 3 §7.1): France Compétences' RNCP import and its removal. */
export async function skillManagerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: requireUser };
  app.get(
    `${BASE}/france-competence`,
    { ...auth, schema: { params: Course, querystring: RncpFileQuery, response: { 200: RncpCertificationsResponse } } },
    (request) => listRncpCertifications(app.ctx, callerOf(request), request.params.course, request.query.file),
  );
  app.post(
    `${BASE}/france-competence`,
    { ...auth, schema: { params: Course, body: RncpImportRequest, response: { 200: RncpImportResponse } } },
    (request) => importRncp(app.ctx, callerOf(request), request.params.course, request.body, writeMetaOf(request)),
  );
  app.get(`${BASE}/remove-repository`, { ...auth, schema: { params: Course, response: { 200: RemoveRepositoryResponse } } }, (request) =>
    removeRepository(app.ctx, callerOf(request), request.params.course, writeMetaOf(request)),
  );
  const generated = { 200: GeneratedQuestionnaireResponse };
  app.get(`${BASE}/generate-questionnaire`, { ...auth, schema: { params: Course, response: generated } }, (request) =>
    generateQuestionnaire(app.ctx.db, callerOf(request), request.params.course, undefined, request.locale),
  );
  app.get(`${BASE}/generate-questionnaire/:session`, { ...auth, schema: { params: CourseAndSession, response: generated } }, (request) =>
    generateQuestionnaire(app.ctx.db, callerOf(request), request.params.course, request.params.session, request.locale),
  );
}
