import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddCommentRequest,
  AnswerComment,
  ExportQuery,
  ExportResponse,
  Id,
  ManagerActionResponse,
  PaperSignatureRequest,
  QuestionItem,
  QuestionnaireList,
  QuestionnaireProfileQuery,
  QuestionnaireTodoResponse,
  QuestionnaireView,
  SaveReplyRequest,
  SaveReplyResponse,
  UnlockQuery,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { courseOfTriad, remembered } from '../../http/remembered.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { fileLinksOf } from '../../services/file-links.js';
import { exportBookletPdf } from './booklet.js';
import { questionnaireDashboardRoutes } from './dashboard-routes.js';
import { addAnswerComment, addClusterRow } from './comments-rows.js';
import { exportQuestionnairePdf } from './export.js';
import { listTriadQuestionnaires } from './list.js';
import { cancelSignature, unlockAllReplies, unlockReply } from './manager-actions.js';
import { recordPaperSignature } from './paper-signature.js';
import { saveReply } from './save-reply.js';
import { listQuestionnaireTodo } from './todo.js';
import { getQuestionnaireView } from './view.js';

const TriadParams = z.object({ triad: Id });
const QuestionnaireParams = z.object({ triad: Id, questionnaire: Id });
const ReplyParams = z.object({ triadId: Id, questionnaireId: Id });

/** The questionnaire calls of spec 1 §7.3 and the manager actions of spec 3 §7.1; access is checked by the services. */
export async function questionnaireRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, files, cache } = app.ctx;
  const auth = { preHandler: requireUser };

  app.get(
    '/app/questionnaire/list/:triad',
    { ...auth, schema: { params: TriadParams, querystring: QuestionnaireProfileQuery, response: { 200: QuestionnaireList } } },
    remembered({
      answer: (request) =>
        listTriadQuestionnaires(db, callerOf(request), {
          triadId: request.params.triad,
          profile: request.query.profile,
          locale: request.locale,
        }),
      course: (request) => courseOfTriad(db, request.params.triad),
    }),
  );

  app.get('/app/questionnaire/todo', { ...auth, schema: { response: { 200: QuestionnaireTodoResponse } } }, (request) =>
    listQuestionnaireTodo(db, callerOf(request), request.locale),
  );

  app.get(
    '/app/questionnaire/:triad/:questionnaire',
    { ...auth, schema: { params: QuestionnaireParams, querystring: QuestionnaireProfileQuery, response: { 200: QuestionnaireView } } },
    remembered({
      answer: (request) =>
        getQuestionnaireView(
          db,
          callerOf(request),
          { triadId: request.params.triad, questionnaireId: request.params.questionnaire, profile: request.query.profile },
          fileLinksOf(request),
          undefined,
          cache,
        ),
      course: (request) => courseOfTriad(db, request.params.triad),
    }),
  );

  app.put(
    '/app/questionnaire/save/:triad/:questionnaire',
    { ...auth, schema: { params: QuestionnaireParams, body: SaveReplyRequest, response: { 200: SaveReplyResponse } } },
    (request) =>
      saveReply(
        db,
        callerOf(request),
        writeMetaOf(request),
        { triadId: request.params.triad, questionnaireId: request.params.questionnaire },
        request.body,
        undefined,
        cache,
      ),
  );

  app.get(
    '/app/questionnaire/export/:triad/:questionnaire',
    {
      ...auth,
      schema: {
        params: QuestionnaireParams,
        querystring: ExportQuery.extend(QuestionnaireProfileQuery.shape),
        response: { 200: ExportResponse },
      },
    },
    (request) =>
      exportQuestionnairePdf({ db, files }, callerOf(request), {
        triadId: request.params.triad,
        questionnaireId: request.params.questionnaire,
        model: request.query.model === 0 ? 0 : 1,
        profile: request.query.profile,
        locale: request.locale,
      }),
  );

  app.get('/app/triad/pdf/:triad', { ...auth, schema: { params: TriadParams, response: { 200: ExportResponse } } }, (request) =>
    exportBookletPdf({ db, files }, callerOf(request), { triadId: request.params.triad, locale: request.locale }),
  );

  app.post(
    '/app/questionnaire/add-row/:triad/:questionnaire/:cluster',
    {
      ...auth,
      schema: {
        params: QuestionnaireParams.extend({ cluster: Id }),
        querystring: QuestionnaireProfileQuery,
        response: { 200: QuestionItem },
      },
    },
    (request) =>
      addClusterRow(db, callerOf(request), writeMetaOf(request), {
        triadId: request.params.triad,
        questionnaireId: request.params.questionnaire,
        clusterId: request.params.cluster,
        profile: request.query.profile,
      }),
  );

  app.post(
    '/app/questionnaire/add-comment/:triad/:questionnaire/:answer',
    {
      ...auth,
      schema: {
        params: QuestionnaireParams.extend({ answer: Id }),
        querystring: QuestionnaireProfileQuery,
        body: AddCommentRequest,
        response: { 200: AnswerComment },
      },
    },
    (request) =>
      addAnswerComment(
        db,
        callerOf(request),
        writeMetaOf(request),
        {
          triadId: request.params.triad,
          questionnaireId: request.params.questionnaire,
          answerId: request.params.answer,
          profile: request.query.profile,
        },
        request.body.comment,
      ),
  );

  app.get(
    '/app/questionnaire/unlock/:triadId/:questionnaireId',
    { ...auth, schema: { params: ReplyParams, querystring: UnlockQuery, response: { 200: ManagerActionResponse } } },
    (request) => unlockReply(db, callerOf(request), writeMetaOf(request), { ...request.params, profile: request.query.profile }),
  );

  app.put(
    '/app/questionnaire/cancel-signature/:triadId/:questionnaireId',
    { ...auth, schema: { params: ReplyParams, querystring: UnlockQuery, response: { 200: ManagerActionResponse } } },
    (request) => cancelSignature(db, callerOf(request), writeMetaOf(request), { ...request.params, profile: request.query.profile }),
  );

  app.post(
    '/app/questionnaire/paper-signature/:triadId/:questionnaireId',
    {
      ...auth,
      schema: { params: ReplyParams, querystring: UnlockQuery, body: PaperSignatureRequest, response: { 200: ManagerActionResponse } },
    },
    (request) =>
      recordPaperSignature(
        db,
        callerOf(request),
        writeMetaOf(request),
        { ...request.params, profile: request.query.profile },
        request.body,
      ),
  );

  app.get(
    '/app/lea-manager/:course/unlock-all/:questionnaireId',
    { ...auth, schema: { params: z.object({ course: Id, questionnaireId: Id }), response: { 200: ManagerActionResponse } } },
    (request) =>
      unlockAllReplies(db, callerOf(request), writeMetaOf(request), {
        courseId: request.params.course,
        questionnaireId: request.params.questionnaireId,
      }),
  );

  await instance.register(questionnaireDashboardRoutes);
}
