import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, SwitchTokens } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { unauthorized } from '../../http/errors.js';
import { switchUser, type SwitchKind } from './service.js';

/** GET /app/user/switch/{id} (administrators) and GET /app/user/lea-manager/switch/{id} (course managers). */
export async function impersonationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const routes: [string, SwitchKind][] = [
    ['/app/user/switch/:id', 'admin'],
    ['/app/user/lea-manager/switch/:id', 'manager'],
  ];
  for (const [path, kind] of routes) {
    app.get(path, { preHandler: requireUser, schema: { params: IdParams, response: { 200: SwitchTokens } } }, (request) => {
      if (!request.auth) throw unauthorized('JWT Token not found');
      return switchUser(app.ctx, request.auth, request.params.id, kind, { ip: request.ip, userAgent: request.headers['user-agent'] });
    });
  }
}
