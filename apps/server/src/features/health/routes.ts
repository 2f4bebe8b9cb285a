import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** Liveness for load balancers, and the trivial route the benchmark compares against. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/health/ready', async () => {
    await app.ctx.db.execute(sql`select 1`);
    return { status: 'ready' };
  });
}
