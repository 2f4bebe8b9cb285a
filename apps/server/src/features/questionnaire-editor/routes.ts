import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GenericActionResponse,
  Id,
  QuestionnaireActiveResponse,
  QuestionnaireEditorBody,
  QuestionnaireEditorList,
  QuestionnaireEditorModel,
  QuestionnaireEditorOptions,
  QuestionnaireSaveQuery,
  QuestionnaireSaveResponse,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { copyQuestionnaire, deleteQuestionnaire, toggleQuestionnaireActive } from './actions.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { editorOptions, listEditorQuestionnaires } from './list.js';
import { loadEditorModel } from './model.js';
import { saveQuestionnaire } from './save.js';

const Course = z.object({ course: Id });
const CourseAndId = z.object({ course: Id, id: Id });
const BASE = '/app/lea-manager/:course/questionnaire';

/** The manager area's questionnaire editor (spec 3 §7.1; its categories are the registry entity questionnaire-category); access is checked by the services. */
export async function questionnaireEditorRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = app.ctx;
  const auth = { preHandler: requireUser };

  app.get(
    '/app/lea-manager/:course/questionnaires',
    { ...auth, schema: { params: Course, response: { 200: QuestionnaireEditorList } } },
    (request) => listEditorQuestionnaires(db, callerOf(request), request.params.course, request.locale),
  );

  app.get(`${BASE}/form`, { ...auth, schema: { params: Course, response: { 200: QuestionnaireEditorOptions } } }, (request) =>
    editorOptions(db, callerOf(request), request.params.course, request.locale),
  );
  app.get(`${BASE}/form/:id`, { ...auth, schema: { params: CourseAndId, response: { 200: QuestionnaireEditorOptions } } }, (request) =>
    editorOptions(db, callerOf(request), request.params.course, request.locale, request.params.id),
  );

  app.get(`${BASE}/:id`, { ...auth, schema: { params: CourseAndId, response: { 200: QuestionnaireEditorModel } } }, async (request) => {
    const course = await resolveManagedCourse(db, callerOf(request), request.params.course, {
      access: 'MODULE_LEA_QUESTIONNAIRE',
      need: 'view',
    });
    return loadEditorModel(db, course.id, request.params.id, request.locale);
  });

  app.post(
    BASE,
    {
      ...auth,
      schema: {
        params: Course,
        querystring: QuestionnaireSaveQuery,
        body: QuestionnaireEditorBody,
        response: { 200: QuestionnaireSaveResponse },
      },
    },
    (request) =>
      saveQuestionnaire(
        db,
        callerOf(request),
        writeMetaOf(request),
        { courseId: request.params.course, questionnaireId: null, skillSession: request.query.skillSession ?? null },
        request.body,
        cache,
      ),
  );
  app.put(
    `${BASE}/:id`,
    {
      ...auth,
      schema: {
        params: CourseAndId,
        querystring: QuestionnaireSaveQuery,
        body: QuestionnaireEditorBody,
        response: { 200: QuestionnaireSaveResponse },
      },
    },
    (request) =>
      saveQuestionnaire(
        db,
        callerOf(request),
        writeMetaOf(request),
        { courseId: request.params.course, questionnaireId: request.params.id, skillSession: request.query.skillSession ?? null },
        request.body,
        cache,
      ),
  );

  const ids = (params: { course: number; id: number }) => ({ courseId: params.course, questionnaireId: params.id });
  app.post(`${BASE}/copy/:id`, { ...auth, schema: { params: CourseAndId, response: { 200: GenericActionResponse } } }, (request) =>
    copyQuestionnaire(db, callerOf(request), writeMetaOf(request), ids(request.params)),
  );
  app.delete(`${BASE}/delete/:id`, { ...auth, schema: { params: CourseAndId, response: { 200: GenericActionResponse } } }, (request) =>
    deleteQuestionnaire(db, callerOf(request), writeMetaOf(request), ids(request.params), cache),
  );
  app.put(`${BASE}/active/:id`, { ...auth, schema: { params: CourseAndId, response: { 200: QuestionnaireActiveResponse } } }, (request) =>
    toggleQuestionnaireActive(db, callerOf(request), writeMetaOf(request), ids(request.params)),
  );
}
