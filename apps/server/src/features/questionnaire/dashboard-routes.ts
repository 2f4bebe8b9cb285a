import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DashboardFilter,
  DashboardPdfRequest,
  DashboardQuery,
  DashboardReminderResponse,
  FileDownloadResponse,
  FormModel,
  GradebookDashboardResponse,
  Id,
  type CompactDashboardResponse,
  type QuestionnaireDashboardResponse,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { remembered } from '../../http/remembered.js';
import { exportInterviewDates, exportSignatureDashboard } from './dashboard-export.js';
import { dashboardFilterForm } from './dashboard-filter-form.js';
import { exportDashboardPdf } from './dashboard-pdf.js';
import { sendDashboardReminder } from './dashboard-reminder.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { getQuestionnaireDashboard } from './dashboard.js';
import { getCompactDashboard } from './dashboard-compact.js';
import { exportGradebookDashboard, getGradebookDashboard, markedQuestionnaireIds } from './gradebook-dashboard.js';

const Course = z.object({ course: Id });
const DASHBOARD = '/app/lea-manager/:course/dashboard';
const GRADEBOOK = '/app/lea-manager/:course/gradebook-dashboard';

/** The signature and grades dashboards of the manager area (spec 3 §2.2, §7.1) with their actions; access is checked by the services. */
export async function questionnaireDashboardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, files } = app.ctx;
  const auth = { preHandler: requireUser };
  const read = { params: Course, querystring: DashboardFilter };

  // The answer of a large course runs to megabytes: it is typed by QuestionnaireDashboardResponse
  // (the web app parses it, the tests too) but has no response schema, so it is written with
  // JSON.stringify, without a second walk over 80,000 cells; it is remembered as written (decision 042).
  // `compact=1` (decision 035): the columns once, one character per cell, a page of triads.
  app.get(
    DASHBOARD,
    { ...auth, schema: { params: Course, querystring: DashboardQuery } },
    remembered({
      answer: async (request): Promise<CompactDashboardResponse | QuestionnaireDashboardResponse> =>
        request.query.compact === '1'
          ? getCompactDashboard(db, callerOf(request), request.params.course, request.query, request.locale)
          : getQuestionnaireDashboard(db, callerOf(request), request.params.course, request.query, request.locale),
      course: (request) => request.params.course,
    }),
  );
  app.get(`${DASHBOARD}/filter-form`, { ...auth, schema: { ...read, response: { 200: FormModel } } }, (request) =>
    dashboardFilterForm(db, callerOf(request), { courseId: request.params.course, locale: request.locale, filter: request.query }),
  );
  app.post(
    `${DASHBOARD}/reminder`,
    { ...auth, schema: { params: Course, body: DashboardFilter, response: { 200: DashboardReminderResponse } } },
    (request) =>
      sendDashboardReminder(app.ctx, callerOf(request), writeMetaOf(request), { courseId: request.params.course, filter: request.body }),
  );
  app.get(`${DASHBOARD}/export`, { ...auth, schema: { ...read, response: { 200: FileDownloadResponse } } }, (request) =>
    exportSignatureDashboard(db, callerOf(request), { courseId: request.params.course, filter: request.query, locale: request.locale }),
  );
  app.get(`${DASHBOARD}/export-interview-dates`, { ...auth, schema: { ...read, response: { 200: FileDownloadResponse } } }, (request) =>
    exportInterviewDates(db, callerOf(request), { courseId: request.params.course, filter: request.query, locale: request.locale }),
  );
  app.post(
    `${DASHBOARD}/export-pdf`,
    { ...auth, schema: { params: Course, body: DashboardPdfRequest, response: { 200: FileDownloadResponse } } },
    (request) =>
      exportDashboardPdf({ db, files }, callerOf(request), { courseId: request.params.course, body: request.body, locale: request.locale }),
  );

  app.get(GRADEBOOK, { ...auth, schema: { ...read, response: { 200: GradebookDashboardResponse } } }, (request) =>
    getGradebookDashboard(db, callerOf(request), request.params.course, request.query, request.locale),
  );
  app.get(`${GRADEBOOK}/filter-form`, { ...auth, schema: { ...read, response: { 200: FormModel } } }, (request) =>
    dashboardFilterForm(db, callerOf(request), {
      courseId: request.params.course,
      locale: request.locale,
      filter: request.query,
      questionnaireIds: (ids) => markedQuestionnaireIds(db, ids),
    }),
  );
  app.get(`${GRADEBOOK}/export`, { ...auth, schema: { ...read, response: { 200: FileDownloadResponse } } }, (request) =>
    exportGradebookDashboard(db, callerOf(request), { courseId: request.params.course, filter: request.query, locale: request.locale }),
  );
}
