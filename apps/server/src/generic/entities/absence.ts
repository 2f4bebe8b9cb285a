import { and, asc, eq } from 'drizzle-orm';
import { AbsenceInput } from '@lea/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { absenceReasons, calendarEvents, triads, users } from '../../db/schema/index.js';
import { checkAbsenceAlerts } from '../../services/absence-alerts.js';
import { EVENT_TYPE } from '../../services/attendance.js';
import { columnDateTime, dayLabel, latestJustificationStatus, wireDateTime } from '../../services/calendar-events.js';
import { recordUserTimeline } from '../../services/timeline.js';
import { text, textRef } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { buildFormModel } from '../form-builder.js';
import { COUNT_SLOT } from '../text.js';
import { defineEntity, type ExchangeColumn, type ImportLine, type ImportProblem, type ImportResult, type ManagerScope } from '../types.js';
import {
  checkEvent,
  formDateTime,
  formQuery,
  importLookups,
  initialTimes,
  lineTimes,
  parseYesNo,
  reasonChoices,
  triadChoices,
  yesNo,
  type EventRecord,
  eventTimeColumns,
} from './calendar-common.js';

type AbsenceRow = EventRecord & {
  apprentice: string | null;
  apprenticeEmail: string | null;
  reasonLabel: string | null;
  justificationStatus: number | null;
};

async function findAbsences(db: DbOrTx, courseId: number): Promise<AbsenceRow[]> {
  const rows = await db
    .select({
      event: calendarEvents,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      reasonLabel: absenceReasons.label,
      justificationStatus: latestJustificationStatus,
    })
    .from(calendarEvents)
    .innerJoin(triads, eq(triads.id, calendarEvents.triadId))
    .leftJoin(users, eq(users.id, triads.apprenticeId))
    .leftJoin(absenceReasons, eq(absenceReasons.id, calendarEvents.reasonId))
    .where(and(eq(calendarEvents.trainingCourseId, courseId), eq(calendarEvents.type, EVENT_TYPE.absence)))
    .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.id));
  return rows.map((row) => ({
    ...row.event,
    apprentice: row.lastName ? `${row.lastName} ${row.firstName}` : null,
    apprenticeEmail: row.email,
    reasonLabel: row.reasonLabel,
    justificationStatus: row.justificationStatus === null ? null : Number(row.justificationStatus),
  }));
}

const STATUS_KEYS = ['calendar.statusSent', 'calendar.statusAccepted', 'calendar.statusRefused'] as const;

const columns = (): ExchangeColumn<AbsenceRow>[] => [
  {
    key: 'apprenticeEmail',
    header: 'calendar.apprenticeEmail',
    required: true,
    value: (row) => row.apprenticeEmail,
    example: textRef('calendar.exampleEmail'),
    width: 28,
  },
  { key: 'apprentice', header: 'calendar.apprentice', value: (row) => row.apprentice, width: 24 },
  ...eventTimeColumns<AbsenceRow>(),
  { key: 'reason', header: 'calendar.reason', value: (row) => row.reasonLabel, example: textRef('calendar.exampleReason'), width: 24 },
  {
    key: 'justified',
    header: 'calendar.justified',
    parse: parseYesNo,
    value: (row) => yesNo(row.justified),
    example: textRef('calendar.no'),
    width: 12,
  },
  { key: 'title', header: 'calendar.title', value: (row) => row.title, width: 24 },
];

/** Creates the lines' absences; an unknown apprentice or reason is a line error and nothing is written. */
async function applyAbsences(tx: Tx, scope: ManagerScope, lines: ImportLine[]): Promise<ImportResult> {
  const lookups = await importLookups(tx, scope);
  const errors: ImportProblem[] = [];
  const rows: (typeof calendarEvents.$inferInsert)[] = [];
  for (const { line, values } of lines) {
    const times = lineTimes(values);
    if (!times) errors.push({ line, column: 'endTime', message: textRef('calendar.endBeforeStart') });
    const email = String(values.apprenticeEmail);
    const triadId = lookups.triadByEmail.get(lookups.norm(email));
    if (!triadId) errors.push({ line, column: 'apprenticeEmail', message: textRef('calendar.unknownApprentice', { name: email }) });
    const reason = values.reason ? String(values.reason) : null;
    const reasonId = reason ? lookups.reason.get(lookups.norm(reason)) : null;
    if (reason && !reasonId) errors.push({ line, column: 'reason', message: textRef('calendar.unknownReason') });
    if (!times || !triadId) continue;
    rows.push({
      trainingCourseId: scope.course.id,
      triadId,
      type: EVENT_TYPE.absence,
      title: values.title ? String(values.title) : text(scope.locale, 'calendar.absenceTitle'),
      ...times,
      reasonId: reasonId ?? null,
      justified: values.justified === true,
      createdBy: scope.caller.userId,
    });
  }
  if (errors.length > 0) return { created: 0, updated: 0, errors };
  for (let at = 0; at < rows.length; at += 500) await tx.insert(calendarEvents).values(rows.slice(at, at + 500));
  await checkAbsenceAlerts(
    tx,
    rows.map((row) => row.triadId ?? null),
  );
  return { created: rows.length, updated: 0, errors };
}

/** absence: an absence of a triad's apprentice, entered by the manager (or announced by the apprentice). */
export const absenceEntity = defineEntity<EventRecord, AbsenceInput, 'manager'>({
  alias: 'absence',
  table: calendarEvents,
  area: 'manager',
  access: 'MODULE_LEA_ABSENCE',
  screen: { path: 'absence/absence', back: 'absence' },
  titles: {
    list: 'calendar.absenceList',
    add: 'calendar.absenceAdd',
    edit: 'calendar.absenceEdit',
    back: 'calendar.backToCalendar',
    import: 'calendar.absenceImport',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(calendarEvents)
      .where(
        and(eq(calendarEvents.id, id), eq(calendarEvents.trainingCourseId, scope.course.id), eq(calendarEvents.type, EVENT_TYPE.absence)),
      );
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'apprentice', label: 'calendar.apprentice', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'start_date', label: 'calendar.start', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'end_date', label: 'calendar.end', filterable: false, sortable: true, format: 'text', hidden: false },
      { key: 'hours', label: 'calendar.hours', filterable: false, sortable: true, format: 'text', hidden: false },
      { key: 'justified', label: 'calendar.justified', filterable: false, sortable: true, format: 'boolean', hidden: false },
      { key: 'reason', label: 'calendar.reason', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'status', label: 'calendar.status', filterable: true, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db: Db, scope) {
      return (await findAbsences(db, scope.course.id)).map((row) => ({
        id: row.id,
        triadId: row.triadId,
        apprentice: row.apprentice,
        start_date: wireDateTime(row.startDate),
        end_date: wireDateTime(row.endDate),
        hours: Number(row.hours),
        justified: row.justified,
        reason: row.reasonLabel,
        status: row.justificationStatus === null ? '' : text(scope.locale, STATUS_KEYS[row.justificationStatus]!),
      }));
    },
  },
  async form(db, scope, target) {
    const { record } = target;
    const query = formQuery(target.query);
    const initial = initialTimes(query);
    return buildFormModel(
      'absence',
      scope.locale,
      [
        {
          code: 'absence',
          label: 'calendar.absenceTab',
          fields: [
            {
              name: 'triad',
              kind: 'select',
              label: 'calendar.apprentice',
              required: true,
              choices: await triadChoices(db, scope.course.id),
              initial: query.triad ?? null,
            },
            { name: 'title', kind: 'text', label: 'calendar.title', required: true, initial: text(scope.locale, 'calendar.absenceTitle') },
            { name: 'startDate', kind: 'datetime', label: 'calendar.start', required: true, initial: initial?.startDate ?? null },
            {
              name: 'endDate',
              kind: 'datetime',
              label: 'calendar.end',
              required: true,
              initial: initial?.endDate ?? null,
              attributes: { dateReference: { field: 'startDate', kind: 'datehour' } },
            },
            { name: 'hours', kind: 'number', label: 'calendar.hours', required: true, initial: initial?.hours ?? null },
            { name: 'reason', kind: 'select', label: 'calendar.reason', choices: await reasonChoices(db, scope.course.platformId) },
            { name: 'justified', kind: 'checkbox', label: 'calendar.justified', initial: false },
          ],
        },
      ],
      record
        ? {
            triad: String(record.triadId),
            title: record.title,
            startDate: formDateTime(record.startDate),
            endDate: formDateTime(record.endDate),
            hours: Number(record.hours),
            reason: record.reasonId === null ? null : String(record.reasonId),
            justified: record.justified,
          }
        : null,
    );
  },
  input: AbsenceInput,
  check: (db, scope, input) => checkEvent(db, scope, input),
  async save(tx, scope, input, { record }) {
    const values = {
      triadId: input.triad,
      title: input.title,
      startDate: columnDateTime(input.startDate),
      endDate: columnDateTime(input.endDate),
      hours: input.hours,
      reasonId: input.reason,
      justified: input.justified,
    };
    let id: number;
    if (record) {
      await tx.update(calendarEvents).set(values).where(eq(calendarEvents.id, record.id));
      id = record.id;
    } else {
      const [row] = await tx
        .insert(calendarEvents)
        .values({ ...values, type: EVENT_TYPE.absence, trainingCourseId: scope.course.id, createdBy: scope.caller.userId })
        .returning({ id: calendarEvents.id });
      id = row!.id;
      await recordUserTimeline(tx, {
        triadId: input.triad,
        className: 'absence',
        titlePart2: text(RECIPIENT_LOCALE, 'calendar.timelineAbsence', { date: dayLabel(values.startDate, RECIPIENT_LOCALE) }),
        userId: scope.caller.userId,
      });
    }
    await checkAbsenceAlerts(tx, [input.triad, record?.triadId ?? null]);
    return id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(calendarEvents).where(eq(calendarEvents.id, record.id));
    await checkAbsenceAlerts(tx, [record.triadId]);
    return { warnings: [] };
  },
  exchange: {
    fileName: 'lea-absences',
    sheetName: 'calendar.absenceList',
    texts: {
      import: 'calendar.importText',
      update: 'calendar.importText',
      created: { one: textRef('calendar.absenceCreatedOne', COUNT_SLOT), other: textRef('calendar.absenceCreatedOther', COUNT_SLOT) },
      updated: { one: textRef('calendar.absenceCreatedOne', COUNT_SLOT), other: textRef('calendar.absenceCreatedOther', COUNT_SLOT) },
      thanks: 'calendar.thanks',
    },
    legacy: true,
    columns,
    exportRecords: (db, scope) => findAbsences(db, scope.course.id),
    async apply(tx, scope, lines, update) {
      if (update)
        return { created: 0, updated: 0, errors: [{ line: 1, column: 'apprenticeEmail', message: textRef('calendar.eventNotFound') }] };
      return applyAbsences(tx, scope, lines);
    },
  },
  messages: { saved: 'calendar.absenceSaved', removed: 'calendar.absenceRemoved' },
});
