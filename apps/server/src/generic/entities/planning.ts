import { and, asc, eq, inArray } from 'drizzle-orm';
import { PlanningInput } from '@lea/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { calendarEvents, crews, triads, users } from '../../db/schema/index.js';
import { EVENT_TYPE } from '../../services/attendance.js';
import { columnDateTime, dayLabel, wireDateTime } from '../../services/calendar-events.js';
import { recordPlanningTimeline } from '../../services/timeline.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { text, textRef, type TextRef } from '../../texts/index.js';
import { buildFormModel, choicesOf } from '../form-builder.js';
import { COUNT_SLOT, localize } from '../text.js';
import { defineEntity, type ExchangeColumn, type ImportLine, type ImportProblem, type ImportResult, type ManagerScope } from '../types.js';
import {
  checkEvent,
  crewChoices,
  formDateTime,
  formQuery,
  importLookups,
  initialTimes,
  knownEventIds,
  lineTimes,
  parseId,
  triadChoices,
  typeLabel,
  type EventRecord,
  eventTimeColumns,
} from './calendar-common.js';

const PLANNING_TYPES = [EVENT_TYPE.company, EVENT_TYPE.course];

type PlanningRow = EventRecord & { crewName: string | null; apprentice: string | null; apprenticeEmail: string | null };

async function findPlannings(db: DbOrTx, courseId: number): Promise<PlanningRow[]> {
  const rows = await db
    .select({ event: calendarEvents, crewName: crews.name, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(calendarEvents)
    .leftJoin(crews, eq(crews.id, calendarEvents.crewId))
    .leftJoin(triads, eq(triads.id, calendarEvents.triadId))
    .leftJoin(users, eq(users.id, triads.apprenticeId))
    .where(and(eq(calendarEvents.trainingCourseId, courseId), inArray(calendarEvents.type, PLANNING_TYPES)))
    .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.id));
  return rows.map((row) => ({
    ...row.event,
    crewName: row.crewName,
    apprentice: row.lastName ? `${row.lastName} ${row.firstName}` : null,
    apprenticeEmail: row.email,
  }));
}

function parseType(cell: string): { value: number } | TextRef {
  const word = cell.trim().toLowerCase();
  if (['1', 'formation', 'course', 'cours'].includes(word)) return { value: EVENT_TYPE.course };
  if (['0', 'entreprise', 'company'].includes(word)) return { value: EVENT_TYPE.company };
  return textRef('calendar.badType');
}

const columns = (update: boolean): ExchangeColumn<PlanningRow>[] => [
  ...(update
    ? [
        {
          key: 'id',
          header: 'backOffice.import.id' as const,
          required: true,
          parse: parseId,
          value: (row: PlanningRow) => row.id,
          width: 10,
        },
      ]
    : []),
  {
    key: 'type',
    header: 'calendar.type',
    parse: parseType,
    value: (row) => textRef(row.type === EVENT_TYPE.company ? 'calendar.typeCompany' : 'calendar.typeCourse'),
    example: textRef('calendar.typeCourse'),
    width: 14,
  },
  {
    key: 'title',
    header: 'calendar.title',
    required: true,
    value: (row) => row.title,
    example: textRef('calendar.exampleTitle'),
    width: 30,
  },
  ...eventTimeColumns<PlanningRow>(),
  { key: 'subject', header: 'calendar.subject', value: (row) => row.subject, example: textRef('calendar.exampleSubject'), width: 20 },
  { key: 'teacher', header: 'calendar.teacher', value: (row) => row.teacher, example: textRef('calendar.exampleTeacher'), width: 20 },
  {
    key: 'classroom',
    header: 'calendar.classroom',
    value: (row) => row.classroom,
    example: textRef('calendar.exampleClassroom'),
    width: 12,
  },
  { key: 'crew', header: 'calendar.crew', value: (row) => row.crewName, example: textRef('calendar.exampleCrew'), width: 20 },
  { key: 'apprenticeEmail', header: 'calendar.apprenticeEmail', value: (row) => row.apprenticeEmail, width: 28 },
];

/** Creates (or, from an update file, changes) the lines' plannings; an unknown crew, apprentice or id is a line error. */
async function applyPlannings(tx: Tx, scope: ManagerScope, lines: ImportLine[], update: boolean): Promise<ImportResult> {
  const lookups = await importLookups(tx, scope);
  const errors: ImportProblem[] = [];
  const ids = update ? lines.map((line) => Number(line.values.id)) : [];
  const existing = await knownEventIds(tx, scope.course.id, ids, PLANNING_TYPES);
  const rows: (typeof calendarEvents.$inferInsert & { id?: number })[] = [];
  for (const { line, values } of lines) {
    const times = lineTimes(values);
    if (!times) {
      errors.push({ line, column: 'endTime', message: textRef('calendar.endBeforeStart') });
      continue;
    }
    const crewName = values.crew ? String(values.crew) : null;
    const crewId = crewName ? lookups.crew.get(lookups.norm(crewName)) : null;
    if (crewName && !crewId) errors.push({ line, column: 'crew', message: textRef('calendar.unknownCrew') });
    const email = values.apprenticeEmail ? String(values.apprenticeEmail) : null;
    const triadId = email ? lookups.triadByEmail.get(lookups.norm(email)) : null;
    if (email && !triadId)
      errors.push({ line, column: 'apprenticeEmail', message: textRef('calendar.unknownApprentice', { name: email }) });
    if (crewId && triadId) errors.push({ line, column: 'apprenticeEmail', message: textRef('calendar.crewOrTriad') });
    if (update && !existing.has(Number(values.id))) errors.push({ line, column: 'id', message: textRef('calendar.eventNotFound') });
    rows.push({
      ...(update ? { id: Number(values.id) } : {}),
      trainingCourseId: scope.course.id,
      crewId: crewId ?? null,
      triadId: triadId ?? null,
      type: values.type === null || values.type === undefined ? EVENT_TYPE.course : Number(values.type),
      title: String(values.title),
      ...times,
      subject: (values.subject as string | null) ?? null,
      teacher: (values.teacher as string | null) ?? null,
      classroom: (values.classroom as string | null) ?? null,
      createdBy: scope.caller.userId,
    });
  }
  if (errors.length > 0) return { created: 0, updated: 0, errors };
  await recordPlanningTimeline(tx, {
    courseId: scope.course.id,
    userId: scope.caller.userId,
    reach: rows.map((row) => ({ crewId: row.crewId ?? null, triadId: row.triadId ?? null })),
    titlePart2: (count) => text(RECIPIENT_LOCALE, 'calendar.timelinePlanningImport', { count }),
  });
  if (!update) {
    for (let at = 0; at < rows.length; at += 500) await tx.insert(calendarEvents).values(rows.slice(at, at + 500));
    return { created: rows.length, updated: 0, errors };
  }
  for (const { id, createdBy: _createdBy, ...row } of rows) await tx.update(calendarEvents).set(row).where(eq(calendarEvents.id, id!));
  return { created: 0, updated: rows.length, errors };
}

/** planning: the course's company (0) and course (1) events, of a crew, of one triad, or of the whole course. */
export const planningEntity = defineEntity<EventRecord, PlanningInput, 'manager'>({
  alias: 'planning',
  table: calendarEvents,
  area: 'manager',
  access: 'MODULE_LEA_ABSENCE',
  screen: { path: 'absence/planning', back: 'absence' },
  // The manager's multi-select: DELETE /app/lea-manager/{course}/planning/delete (features/calendar/event-actions.ts).
  bulkRemove: { path: 'planning/delete', field: 'plannings' },
  titles: {
    list: 'calendar.planningList',
    add: 'calendar.planningAdd',
    edit: 'calendar.planningEdit',
    back: 'calendar.backToCalendar',
    import: 'calendar.planningImport',
    update: 'calendar.planningUpdate',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(calendarEvents)
      .where(
        and(eq(calendarEvents.id, id), eq(calendarEvents.trainingCourseId, scope.course.id), inArray(calendarEvents.type, PLANNING_TYPES)),
      );
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'start_date', label: 'calendar.start', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'end_date', label: 'calendar.end', filterable: false, sortable: true, format: 'text', hidden: false },
      { key: 'type', label: 'calendar.type', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'title', label: 'calendar.title', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'hours', label: 'calendar.hours', filterable: false, sortable: true, format: 'text', hidden: false },
      { key: 'target', label: 'calendar.crew', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'subject', label: 'calendar.subject', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'teacher', label: 'calendar.teacher', filterable: true, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db: Db, scope) {
      return (await findPlannings(db, scope.course.id)).map((row) => ({
        id: row.id,
        start_date: wireDateTime(row.startDate),
        end_date: wireDateTime(row.endDate),
        type: typeLabel(row.type, scope.locale),
        title: row.title,
        hours: Number(row.hours),
        target: row.crewName ?? row.apprentice ?? localize('calendar.wholeCourse', scope.locale),
        subject: row.subject,
        teacher: row.teacher,
      }));
    },
  },
  async form(db, scope, target) {
    const { record } = target;
    const query = formQuery(target.query);
    const initial = initialTimes(query);
    const crewsOf = await crewChoices(db, scope.course.id);
    const triadsOf = await triadChoices(db, scope.course.id);
    const typeChoices = choicesOf(scope.locale, [
      { value: '1', label: 'calendar.typeCourse' },
      { value: '0', label: 'calendar.typeCompany' },
    ]);
    return buildFormModel(
      'planning',
      scope.locale,
      [
        {
          code: 'planning',
          label: 'calendar.tab',
          fields: [
            { name: 'type', kind: 'select', label: 'calendar.type', required: true, choices: typeChoices, initial: '1' },
            { name: 'title', kind: 'text', label: 'calendar.title', required: true },
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
            { name: 'subject', kind: 'text', label: 'calendar.subject' },
            { name: 'teacher', kind: 'text', label: 'calendar.teacher' },
            { name: 'classroom', kind: 'text', label: 'calendar.classroom' },
            { name: 'crew', kind: 'select', label: 'calendar.crew', choices: crewsOf, initial: query.crew ?? null },
            { name: 'triad', kind: 'select', label: 'calendar.triad', choices: triadsOf, initial: query.triad ?? null },
          ],
        },
      ],
      record
        ? {
            type: String(record.type),
            title: record.title,
            startDate: formDateTime(record.startDate),
            endDate: formDateTime(record.endDate),
            hours: Number(record.hours),
            subject: record.subject,
            teacher: record.teacher,
            classroom: record.classroom,
            crew: record.crewId === null ? null : String(record.crewId),
            triad: record.triadId === null ? null : String(record.triadId),
          }
        : null,
    );
  },
  input: PlanningInput,
  check: (db, scope, input) => checkEvent(db, scope, input),
  async save(tx, scope, input, { record }) {
    const values = {
      type: input.type,
      title: input.title,
      startDate: columnDateTime(input.startDate),
      endDate: columnDateTime(input.endDate),
      hours: input.hours,
      subject: input.subject,
      teacher: input.teacher,
      classroom: input.classroom,
      crewId: input.crew,
      triadId: input.triad,
    };
    if (record) {
      await tx.update(calendarEvents).set(values).where(eq(calendarEvents.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(calendarEvents)
      .values({ ...values, trainingCourseId: scope.course.id, createdBy: scope.caller.userId })
      .returning({ id: calendarEvents.id });
    await recordPlanningTimeline(tx, {
      courseId: scope.course.id,
      userId: scope.caller.userId,
      reach: [{ crewId: values.crewId ?? null, triadId: values.triadId ?? null }],
      titlePart2: () =>
        text(RECIPIENT_LOCALE, 'calendar.timelinePlanning', { title: values.title, date: dayLabel(values.startDate, RECIPIENT_LOCALE) }),
    });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(calendarEvents).where(eq(calendarEvents.id, record.id));
    return { warnings: [] };
  },
  exchange: {
    fileName: 'lea-planning',
    sheetName: 'calendar.planningList',
    texts: {
      import: 'calendar.importText',
      update: 'calendar.updateText',
      created: { one: textRef('calendar.planningCreatedOne', COUNT_SLOT), other: textRef('calendar.planningCreatedOther', COUNT_SLOT) },
      updated: { one: textRef('calendar.planningUpdatedOne', COUNT_SLOT), other: textRef('calendar.planningUpdatedOther', COUNT_SLOT) },
      thanks: 'calendar.thanks',
    },
    legacy: true,
    columns,
    exportRecords: (db, scope) => findPlannings(db, scope.course.id),
    apply: (tx, scope, lines, update) => applyPlannings(tx, scope, lines, update),
  },
  messages: { saved: 'calendar.planningSaved', removed: 'calendar.planningRemoved' },
});
