import { and, asc, count, eq, max } from 'drizzle-orm';
import { AbsenceReasonInput } from '@lea/shared';
import { absenceReasons, calendarEvents } from '../../db/schema/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';

type ReasonRecord = typeof absenceReasons.$inferSelect;

/** absence-reason (admin area, spec 3 §2.3 `absence-reason` add and edit/{id}): why an apprentice was absent, per platform. */
export const absenceReasonEntity = defineEntity<ReasonRecord, AbsenceReasonInput, 'admin'>({
  alias: 'absence-reason',
  table: absenceReasons,
  area: 'admin',
  screen: { path: 'absence-reason' },
  titles: { list: 'calendar.reasonList', add: 'calendar.reasonAdd', edit: 'calendar.reasonEdit', back: 'calendar.backToModules' },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(absenceReasons)
      .where(and(eq(absenceReasons.id, id), eq(absenceReasons.platformId, scope.platformId)))
      .limit(1);
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'label', label: 'calendar.reasonLabel', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'justifying', label: 'calendar.reasonJustifying', filterable: false, sortable: true, format: 'boolean', hidden: false },
      { key: 'uses', label: 'calendar.absenceList', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({ reason: absenceReasons, uses: count(calendarEvents.id) })
        .from(absenceReasons)
        .leftJoin(calendarEvents, eq(calendarEvents.reasonId, absenceReasons.id))
        .where(eq(absenceReasons.platformId, scope.platformId))
        .groupBy(absenceReasons.id)
        .orderBy(asc(absenceReasons.position), asc(absenceReasons.id));
      return rows.map(({ reason, uses }) => ({
        id: reason.id,
        label: reason.label,
        justifying: reason.justifying,
        uses: Number(uses),
        position: reason.position,
      }));
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'absence-reason',
      scope.locale,
      [
        {
          code: 'absenceReason',
          label: 'calendar.reason',
          fields: [
            { name: 'label', kind: 'text', label: 'calendar.reasonLabel', required: true },
            { name: 'justifying', kind: 'checkbox', label: 'calendar.reasonJustifying', initial: false },
          ],
        },
      ],
      record,
    );
  },
  input: AbsenceReasonInput,
  async save(tx, scope, input, { record }) {
    if (record) {
      await tx.update(absenceReasons).set(input).where(eq(absenceReasons.id, record.id));
      return record.id;
    }
    const [last] = await tx
      .select({ last: max(absenceReasons.position) })
      .from(absenceReasons)
      .where(eq(absenceReasons.platformId, scope.platformId));
    const [row] = await tx
      .insert(absenceReasons)
      .values({ ...input, platformId: scope.platformId, position: (last?.last ?? -1) + 1 })
      .returning({ id: absenceReasons.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    // Absences keep their hours; their reason is emptied (ON DELETE SET NULL).
    await tx.delete(absenceReasons).where(eq(absenceReasons.id, record.id));
    return { warnings: [] };
  },
  position: {
    column: absenceReasons.position,
    id: absenceReasons.id,
    siblings: (record) => eq(absenceReasons.platformId, record.platformId),
  },
  messages: { saved: 'calendar.reasonSaved', removed: 'calendar.reasonRemoved' },
});
