import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FileDownloadResponse,
  FormModel,
  SkillExportQuery,
  SkillHistoryQuery,
  SkillHistoryResponse,
  SkillIdParams,
  SkillJustificativeInput,
  SkillJustificativeQuery,
  SkillJustificativeResponse,
  SkillListResponse,
  SkillParams,
  SkillSaveRequest,
  SkillSaveResponse,
  SkillSessionParams,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { fileLinksOf } from '../../services/file-links.js';
import { resolveSkillAccess } from './access.js';
import { exportSessionPdf, exportSkillsXlsx } from './export.js';
import { buildSkillList } from './grid.js';
import { skillHistory } from './history.js';
import { justificativeForm, saveJustificative } from './justificative.js';
import { saveSkills } from './save.js';
import { skillManagerRoutes } from './manager-routes.js';

const BASE = '/app/skill/:trainingCourse/:triad';

/** The triad's skills (spec 2 §7, MODULE_LEA_SKILL): grid, ratings, history, justification files, exports. */
export async function skillRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const auth = { preHandler: requireUser };
  await app.register(skillManagerRoutes);

  app.get(`${BASE}/list`, { ...auth, schema: { params: SkillParams, response: { 200: SkillListResponse } } }, async (request) => {
    const { trainingCourse, triad } = request.params;
    const access = await resolveSkillAccess(db, callerOf(request), trainingCourse, triad);
    return buildSkillList(db, access, request.locale, fileLinksOf(request));
  });

  app.post(
    `${BASE}/save/:session`,
    { ...auth, schema: { params: SkillSessionParams, body: SkillSaveRequest, response: { 200: SkillSaveResponse } } },
    (request) =>
      saveSkills(db, callerOf(request), {
        courseId: request.params.trainingCourse,
        triadId: request.params.triad,
        sessionId: request.params.session,
        request: request.body,
        meta: writeMetaOf(request),
      }),
  );

  app.get(
    `${BASE}/historic/:id`,
    { ...auth, schema: { params: SkillIdParams, querystring: SkillHistoryQuery, response: { 200: SkillHistoryResponse } } },
    (request) =>
      skillHistory(db, callerOf(request), {
        courseId: request.params.trainingCourse,
        triadId: request.params.triad,
        skillId: request.params.id,
        sessionId: request.query.session,
      }),
  );

  const justificativeTarget = (params: SkillIdParams, query: SkillJustificativeQuery) => ({
    courseId: params.trainingCourse,
    triadId: params.triad,
    skillId: params.id,
    sessionId: query.session,
  });
  app.get(
    `${BASE}/justificative-form/:id`,
    { ...auth, schema: { params: SkillIdParams, querystring: SkillJustificativeQuery, response: { 200: FormModel } } },
    (request) => justificativeForm(db, callerOf(request), justificativeTarget(request.params, request.query), request.locale),
  );
  app.put(
    `${BASE}/justificative-post/:id`,
    {
      ...auth,
      schema: {
        params: SkillIdParams,
        querystring: SkillJustificativeQuery,
        body: SkillJustificativeInput,
        response: { 200: SkillJustificativeResponse },
      },
    },
    (request) =>
      saveJustificative(db, callerOf(request), justificativeTarget(request.params, request.query), request.body, writeMetaOf(request)),
  );

  app.get(
    `${BASE}/export/:session`,
    { ...auth, schema: { params: SkillSessionParams, response: { 200: FileDownloadResponse } } },
    (request) =>
      exportSessionPdf(
        db,
        callerOf(request),
        { courseId: request.params.trainingCourse, triadId: request.params.triad, sessionId: request.params.session },
        request.locale,
        fileLinksOf(request),
      ),
  );
  app.get(
    `${BASE}/export`,
    { ...auth, schema: { params: SkillParams, querystring: SkillExportQuery, response: { 200: FileDownloadResponse } } },
    (request) =>
      exportSkillsXlsx(
        db,
        callerOf(request),
        {
          courseId: request.params.trainingCourse,
          triadId: request.params.triad,
          sessionId: request.query.session,
          finalEval: request.query.finalEval === '1',
        },
        request.locale,
        fileLinksOf(request),
      ),
  );
}
