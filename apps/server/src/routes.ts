import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './features/health/routes.js';
import { authApiRoutes, authRootRoutes } from './features/auth/routes.js';
import { fileApiRoutes, fileRootRoutes } from './features/file/routes.js';
import { profileApiRoutes } from './features/profile/routes.js';
import { platformRoutes } from './features/platform/routes.js';
import { trainingRoutes } from './features/training/routes.js';
import { triadRoutes } from './features/triad/routes.js';
import { questionnaireRoutes } from './features/questionnaire/routes.js';
import { impersonationRoutes } from './features/impersonation/routes.js';
import { notepadRoutes } from './features/notepad/routes.js';
import { questionnaireEditorRoutes } from './features/questionnaire-editor/routes.js';
import { genericEntityRoutes } from './generic/routes.js';
import { ADMIN_MOUNT, MANAGER_MOUNT } from './generic/mounts.js';
import { managerRoutes } from './features/manager/routes.js';
import { documentRoutes } from './features/document/routes.js';

/** Routes at the site root: /api/login_check, /api/token/refresh, /download-file, /inline-file, /health. */
export async function rootRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRootRoutes);
  await app.register(fileRootRoutes);
}

/** Routes under /api/{locale}: every spec path P is served at /api/{locale}P. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authApiRoutes);
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
  await app.register(genericEntityRoutes(MANAGER_MOUNT));
  await app.register(genericEntityRoutes(ADMIN_MOUNT));
  await app.register(documentRoutes);
}
