import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DashboardReminderResponse, FileDownloadResponse, FormModel, Id, SkillDashboardFilter, SkillDashboardResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { sendSkillDashboardReminder } from './skill-dashboard-reminder.js';
import { exportSkillDashboard, getSkillDashboard, skillDashboardFilterForm } from './skill-dashboard.js';

const Course = z.object({ course: Id });
const SKILL_DASHBOARD = '/app/lea-manager/:course/skill-dashboard';

/** The manager's skill dashboard (spec 3 §2.2, MODULE_LEA_SKILL at view): data, filter form, xlsx export; access is checked by the service. */
export async function skillDashboardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const auth = { preHandler: requireUser };
  const read = { params: Course, querystring: SkillDashboardFilter };

  app.get(SKILL_DASHBOARD, { ...auth, schema: { ...read, response: { 200: SkillDashboardResponse } } }, (request) =>
    getSkillDashboard(db, callerOf(request), request.params.course, request.query, request.locale),
  );
  app.get(`${SKILL_DASHBOARD}/filter-form`, { ...auth, schema: { ...read, response: { 200: FormModel } } }, (request) =>
    skillDashboardFilterForm(db, callerOf(request), { courseId: request.params.course, locale: request.locale, filter: request.query }),
  );
  app.post(
    `${SKILL_DASHBOARD}/reminder`,
    { ...auth, schema: { params: Course, body: SkillDashboardFilter, response: { 200: DashboardReminderResponse } } },
    (request) =>
      sendSkillDashboardReminder(app.ctx, callerOf(request), writeMetaOf(request), {
        courseId: request.params.course,
        filter: request.body,
      }),
  );
  app.get(`${SKILL_DASHBOARD}/export`, { ...auth, schema: { ...read, response: { 200: FileDownloadResponse } } }, (request) =>
    exportSkillDashboard(db, callerOf(request), { courseId: request.params.course, filter: request.query, locale: request.locale }),
  );
}
