import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WeeklyDigestSetting } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { readOwnPreference, writeOwnPreference } from '../../services/own-preferences.js';

/** The caller's own weekly digest preference (issue 20 §4), shown on the profile page. */
export async function digestRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/app/user/weekly-digest', { preHandler: requireUser, schema: { response: { 200: WeeklyDigestSetting } } }, async (request) => ({
    weeklyDigest: await readOwnPreference(db, callerOf(request), 'weeklyDigest'),
  }));

  app.put(
    '/app/user/weekly-digest',
    { preValidation: requireUser, schema: { body: WeeklyDigestSetting, response: { 200: WeeklyDigestSetting } } },
    async (request) => ({
      weeklyDigest: await writeOwnPreference(db, callerOf(request), writeMetaOf(request), {
        preference: 'weeklyDigest',
        value: request.body.weeklyDigest,
        action: 'user.weekly-digest',
      }),
    }),
  );
}
