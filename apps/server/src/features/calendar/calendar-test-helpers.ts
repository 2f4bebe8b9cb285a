import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FormModel, FormPayload } from '@lea/shared';
import { triads, users } from '../../db/schema/index.js';

/** The demo triad of an apprentice (its id, crew and course). */
export async function triadOfApprentice(app: FastifyInstance, username: string) {
  const [row] = await app.ctx.db
    .select({ id: triads.id, crewId: triads.crewId, trainingCourseId: triads.trainingCourseId })
    .from(triads)
    .innerJoin(users, eq(users.id, triads.apprenticeId))
    .where(eq(users.username, username));
  if (!row) throw new Error(`triad of ${username} missing`);
  return row;
}

/** A call of the API as a bearer (or anonymous), in a locale. */
export function apiAs(app: FastifyInstance, token: string | null, locale: 'fr' | 'en' = 'fr') {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/${locale}${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The payload of a one-tab form with these values (the renderer's shape). */
export function formPayload(model: FormModel, values: Record<string, unknown>): FormPayload {
  return model.tabs.map((tab) => ({
    code: tab.code,
    form: Object.fromEntries(tab.fields.map((field) => [field.name, field.name in values ? values[field.name] : (field.value ?? null)])),
  }));
}
