import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './features/health/routes.js';
import { platformRoutes } from './features/platform/routes.js';

/** Routes at the site root: /api/login_check, /api/token/refresh, /download-file, /inline-file, /health. */
export async function rootRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}

/** Routes under /api/{locale}: every spec path P is served at /api/{locale}P. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(platformRoutes);
  void app;
}
