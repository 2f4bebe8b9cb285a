import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './features/health/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { authApiRoutes, authRootRoutes } from './features/auth/routes.js';
import { emailSignInRoutes } from './features/auth/email-sign-in-routes.js';
import { fileApiRoutes, fileRootRoutes } from './features/file/routes.js';
import { profileApiRoutes } from './features/profile/routes.js';
import { platformRoutes } from './features/platform/routes.js';
import { manifestRoutes } from './features/platform/manifest-routes.js';
import { trainingRoutes } from './features/training/routes.js';
import { triadRoutes } from './features/triad/routes.js';
import { questionnaireRoutes } from './features/questionnaire/routes.js';
import { impersonationRoutes } from './features/impersonation/routes.js';
import { notepadRoutes } from './features/notepad/routes.js';
import { questionnaireEditorRoutes } from './features/questionnaire-editor/routes.js';
import { genericEntityRoutes } from './generic/routes.js';
import { ADMIN_MOUNT, MANAGER_MOUNT } from './generic/mounts.js';
import { sharedEntityRoutes } from './generic/shared-routes.js';
import { managerRoutes } from './features/manager/routes.js';
import { courseModuleRoutes } from './features/course-modules/routes.js';
import { documentRoutes } from './features/document/routes.js';
import { lessonRoutes } from './features/lesson/routes.js';
import { webLinkRoutes } from './features/weblink/routes.js';
import { triadDocumentRoutes } from './features/questionnaire/triad-documents-routes.js';
import { historyRoutes } from './features/history/routes.js';
import { newsRoutes } from './features/news/routes.js';
import { statisticsRoutes } from './features/statistics/routes.js';
import { exportRoutes } from './features/export/routes.js';
import { adminSetupRoutes } from './features/admin-setup/routes.js';
import { calendarRoutes } from './features/calendar/routes.js';
import { messageRoutes } from './features/message/routes.js';
import { digestRoutes } from './features/digest/routes.js';
import { skillRoutes } from './features/skill/routes.js';
import { skillDashboardRoutes } from './features/questionnaire/skill-dashboard-routes.js';
import { adminTrainingRoutes } from './features/admin-training/routes.js';
import { ssoApiRoutes, ssoRootRoutes } from './features/sso/routes.js';
import { qualiopiRoutes } from './features/qualiopi/routes.js';

/** Routes at the site root: /api/login_check, /api/token/refresh, /download-file, /inline-file, /health. */
export async function rootRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRootRoutes);
  await app.register(fileRootRoutes);
  await app.register(manifestRoutes);
  await app.register(ssoRootRoutes);
}

/** Routes under /api/{locale}: every spec path P is served at /api/{locale}P. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authApiRoutes);
  await app.register(emailSignInRoutes);
  await app.register(profileApiRoutes);
  await app.register(fileApiRoutes);
  await app.register(platformRoutes);
  await app.register(trainingRoutes);
  await app.register(triadRoutes);
  await app.register(questionnaireRoutes);
  await app.register(impersonationRoutes);
  await app.register(notepadRoutes);
  await app.register(questionnaireEditorRoutes);
  await app.register(managerRoutes);
  await app.register(courseModuleRoutes);
  await app.register(sharedEntityRoutes);
  await app.register(genericEntityRoutes(MANAGER_MOUNT));
  await app.register(genericEntityRoutes(ADMIN_MOUNT));
  await app.register(adminRoutes);
  await app.register(documentRoutes);
  await app.register(lessonRoutes);
  await app.register(webLinkRoutes);
  await app.register(triadDocumentRoutes);
  await app.register(historyRoutes);
  await app.register(newsRoutes);
  await app.register(statisticsRoutes);
  await app.register(exportRoutes);
  await app.register(adminSetupRoutes);
  await app.register(calendarRoutes);
  await app.register(messageRoutes);
  await app.register(digestRoutes);
  await app.register(skillRoutes);
  await app.register(skillDashboardRoutes);
  await app.register(adminTrainingRoutes);
  await app.register(ssoApiRoutes);
  await app.register(qualiopiRoutes);
}
