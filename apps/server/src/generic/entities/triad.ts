import { and, eq, exists } from 'drizzle-orm';
import { MESSAGES, TRIAD_ROLES, TriadInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { crews, replies, triads } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import { textRef } from '../../texts/index.js';
import { auditWrite } from '../audit.js';
import { TRIAD_ALREADY_SIGNED } from '../envelopes.js';
import { buildFormModel } from '../form-builder.js';
import { emailKey, resolvePeople } from '../people.js';
import { FieldErrors } from '../service.js';
import { defineEntity } from '../types.js';
import { ROLE_COLUMN, checkPeople, crewChoices, peopleOf, triadTabs, triadValues, type TriadRecord } from './triad-form.js';
import { triadExchange } from './triad-exchange.js';

/** The triad, only when it belongs to the course. */
export async function findCourseTriad(db: DbOrTx, courseId: number, id: number): Promise<TriadRecord | null> {
  const [row] = await db
    .select()
    .from(triads)
    .where(and(eq(triads.id, id), eq(triads.trainingCourseId, courseId)))
    .limit(1);
  return row ?? null;
}

async function crewOfCourse(db: DbOrTx, courseId: number, crewId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: crews.id })
    .from(crews)
    .where(and(eq(crews.id, crewId), eq(crews.trainingCourseId, courseId)))
    .limit(1);
  return row !== undefined;
}

/** A reply of the triad is signed: deleting it destroys signed records (spec 3 §5 warning). */
export function hasSignedReply(db: DbOrTx, triadId: number) {
  return db
    .select({
      signed: exists(
        db
          .select({ one: replies.id })
          .from(replies)
          .where(and(eq(replies.triadId, triadId), eq(replies.status, 3))),
      ),
    })
    .from(triads)
    .where(eq(triads.id, triadId));
}

/**
 * triad (spec 3 §2.2, §3): its crew, its state and its people. People are matched by e-mail on
 * the platform or created without a password; the list of the course is the crew widgets of
 * features/manager (GET triad/list), so this declaration serves the forms, delete, move and the
 * xlsx import and update.
 */
export const triadEntity = defineEntity<TriadRecord, TriadInput, 'manager'>({
  alias: 'triad',
  table: triads,
  area: 'manager',
  access: 'MODULE_LEA_TRIAD',
  screen: { path: 'triad/triad', back: 'triad' },
  titles: {
    list: 'backOffice.word.triads',
    add: 'backOffice.triad.add',
    edit: 'backOffice.triad.edit',
    back: 'backOffice.backToTriads',
    import: 'backOffice.triad.import',
    update: 'backOffice.triad.update',
  },
  find: (db, scope, id) => findCourseTriad(db, scope.course.id, id),
  async form(db, scope, { record, query }) {
    const choices = await crewChoices(db, scope.course.id);
    const values = record ? await triadValues(db, record) : null;
    const model = buildFormModel('triad', scope, triadTabs(choices), values);
    if (!record) {
      // A new triad goes to the crew it was added from (?crew=), else the first crew.
      const asked = choices.find((choice) => choice.value === query.crew) ?? choices[0];
      const crewField = model.tabs[0]!.fields[0]!;
      crewField.value = asked?.value ?? null;
    }
    return model;
  },
  input: TriadInput,
  async check(_db, _scope, input) {
    return checkPeople(input);
  },
  async save(tx, scope, input, { record }) {
    const course = scope.course;
    if (!(await crewOfCourse(tx, course.id, input.crew))) throw new FieldErrors([{ field: 'crew', message: MESSAGES.choice }]);
    const named = peopleOf(input);
    const kept = new Set(record ? TRIAD_ROLES.flatMap((role) => record[ROLE_COLUMN[role]] ?? []) : []);
    const { ids, refused } = await resolvePeople(
      tx,
      scope,
      named.flatMap(({ person }) => (person ? [person] : [])),
      { kept, rename: true },
    );
    if (refused.size > 0) {
      throw new FieldErrors(
        named.flatMap(({ role, person }) =>
          person && refused.has(emailKey(person.email)) ? [{ field: `${role}Email`, message: MESSAGES.personElsewhere }] : [],
        ),
      );
    }
    const members = Object.fromEntries(
      named.map(({ role, person }) => [ROLE_COLUMN[role], person ? ids.get(emailKey(person.email))! : null]),
    );
    const values = { crewId: input.crew, active: input.active, ...members };
    if (record) {
      await tx.update(triads).set(values).where(eq(triads.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(triads)
      .values({ trainingCourseId: course.id, ...values })
      .returning({ id: triads.id });
    return row!.id;
  },
  /**
   * Deletes the triad and everything hanging on it in one transaction. Its replies go first: their
   * answers may point at rows of open clusters that belong to the triad (answers → questions is
   * RESTRICT), which the cascade from the triad would otherwise reach in no fixed order.
   */
  async remove(tx, scope, record) {
    const [row] = await hasSignedReply(tx, record.id);
    const signed = row?.signed ?? false;
    await tx.delete(replies).where(eq(replies.triadId, record.id));
    await tx.delete(triads).where(eq(triads.id, record.id));
    if (signed) await auditWrite(tx, scope, { action: 'triad.delete-signed', entity: 'triad', entityId: record.id });
    return { warnings: signed ? [TRIAD_ALREADY_SIGNED] : [] };
  },
  /** PUT triad/move/{id} {target: crewId}: into another crew of the course. */
  async move(tx, scope, record, targetId) {
    if (targetId === null) throw badRequest(textRef('backOffice.triad.crewRequired'));
    if (!(await crewOfCourse(tx, scope.course.id, targetId))) throw notFound(textRef('common.crewNotFound'));
    await tx.update(triads).set({ crewId: targetId }).where(eq(triads.id, record.id));
  },
  exchange: triadExchange,
  messages: { saved: 'backOffice.triad.saved', removed: 'backOffice.triad.removed' },
});
