import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { platforms, questionnaires, triads, users } from '../db/schema/index.js';
import { DEMO_PASSWORD, emailOf } from '../seed/demo-content.js';
import { seedDemoCourseCopy } from '../seed/demo.js';
import { insertDemoMessages } from '../seed/demo-messages.js';
import { accessDatesOf } from '../seed/demo-questionnaires.js';
import { unauthorized } from '../http/errors.js';
import { runWeeklyDigest } from '../features/digest/weekly-digest.js';

/**
 * The end-to-end fixtures' way to data of their own (decision 023): each call seeds the demo's
 * active and archived courses again, with their triads, questionnaires, replies, documents and
 * activity, for people whose usernames and addresses carry a fresh tag. A journey that signs,
 * saves or imports then works on its own course and may run beside the others.
 *
 * Registered by app.ts only when LEA_E2E_SEED_TOKEN is set (playwright.config.ts sets it for the
 * server it starts), and then only for the bearer of that token.
 */

export const E2E_SEED_PATH = '/e2e/seed';
/** Runs the weekly digest now for the given users only (the server of the run has the job off: WEEKLY_DIGEST=off). */
export const E2E_DIGEST_PATH = '/e2e/weekly-digest';
const DigestOptions = z.object({ userIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(50) });

export type SeededPerson = { id: number; username: string; email: string; firstName: string; lastName: string };

/**
 * What a journey may change in its copy: the questionnaires (by title) whose window has already ended,
 * and whether the demo's conversations are written in it too (the messaging journeys start from an empty inbox).
 */
const SeedOptions = z
  .object({ closedWindows: z.array(z.string().min(1).max(255)).max(20).default([]), messages: z.boolean().default(false) })
  .default({ closedWindows: [], messages: false });

/** Hashes of the token: compared in constant time whatever the length of what the caller sent. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

function seededNaming(tag: string) {
  return {
    username: (base: string) => `${base}-${tag}`,
    email: (firstName: string, lastName: string) => emailOf(firstName, lastName).replace('@', `.${tag}@`),
  };
}

export function e2eSeedRoutes(token: string) {
  const expected = digest(`Bearer ${token}`);
  // argon2id is slow on purpose: one hash serves every seeded account, like the demo's.
  let passwordHash: Promise<string> | null = null;

  const headers = z.object({ authorization: z.string().max(200).optional() });
  /** Both routes answer the bearer of the run's token only. */
  const bearerOnly = async (request: FastifyRequest<{ Headers: z.infer<typeof headers> }>) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) throw unauthorized();
  };

  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.post(E2E_DIGEST_PATH, { schema: { headers, body: DigestOptions }, preHandler: bearerOnly }, async (request) => {
      const { db, mailer, config } = app.ctx;
      // Noon (UTC) of the day: a run on Monday before 07:00 in Paris would find no week due.
      const noon = new Date(`${new Date().toISOString().slice(0, 10)}T11:00:00Z`);
      return runWeeklyDigest({ db, mailer, publicUrl: config.publicUrl }, noon, request.body.userIds);
    });
    app.post(E2E_SEED_PATH, { schema: { headers, body: SeedOptions.nullish() }, preHandler: bearerOnly }, async (request) => {
      const { db, files } = app.ctx;
      const [platform] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.isDefault, true)).limit(1);
      if (!platform) throw new Error('e2e seed: no default platform (the demo seed makes one)');
      passwordHash ??= hash(DEMO_PASSWORD);
      const tag = randomBytes(4).toString('hex');
      const naming = seededNaming(tag);
      const { closedWindows, messages } = SeedOptions.parse(request.body ?? undefined);
      const seeded = await db.transaction(async (tx) => {
        const copy = await seedDemoCourseCopy(tx, files, { platformId: platform.id, passwordHash: await passwordHash!, naming });
        if (closedWindows.length > 0) {
          await tx
            .update(questionnaires)
            .set({ accessDates: accessDatesOf('closed', new Date()) })
            .where(and(inArray(questionnaires.trainingCourseId, copy.courseIds), inArray(questionnaires.title, closedWindows)));
        }
        if (messages) await insertDemoMessages(tx, { platformId: platform.id, courseId: copy.courseIds[0]!, people: copy.people });
        return copy;
      });
      const rows = await db
        .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, [...seeded.people.values()]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const people = Object.fromEntries([...seeded.people].map(([base, id]) => [base, byId.get(id) as SeededPerson]));
      const baseOf = new Map([...seeded.people].map(([base, id]) => [id, base]));
      const triadRows = await db
        .select({ id: triads.id, apprenticeId: triads.apprenticeId })
        .from(triads)
        .where(inArray(triads.trainingCourseId, seeded.courseIds));
      // Each triad by its apprentice's demo username ("apprenti" is the demo's main triad).
      const triadIds = Object.fromEntries(triadRows.map((row) => [baseOf.get(row.apprenticeId ?? 0), row.id]));
      return { tag, password: DEMO_PASSWORD, courseIds: seeded.courseIds, people, triadIds };
    });
  };
}
