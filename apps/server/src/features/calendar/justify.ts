import { and, eq, inArray } from 'drizzle-orm';
import {
  AnnouncementInput,
  JUSTIFICATION_MAX_FILES,
  JUSTIFICATION_STATUS,
  JustificationInput,
  MESSAGES,
  type FormModel,
  type FormPayload,
  type GenericSaveResponse,
  type JustifyType,
  type ValidationError,
} from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  absenceConfigs,
  absenceJustificationFiles,
  absenceJustifications,
  calendarEvents,
  files,
  trainings,
  trainingCourses,
} from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { checkAbsenceAlerts } from '../../services/absence-alerts.js';
import { EVENT_TYPE } from '../../services/attendance.js';
import { columnDateTime, dayLabel } from '../../services/calendar-events.js';
import { logImpersonatedWrite } from '../../services/history.js';
import { recordUserTimeline } from '../../services/timeline.js';
import { resolveTriadAccess } from '../../services/triad-access.js';
import { buildFormModel, type FieldSpec } from '../../generic/form-builder.js';
import { reasonChoices } from '../../generic/entities/calendar-common.js';
import { readPayload } from '../../generic/payload.js';
import { invalid, saved } from '../../generic/envelopes.js';
import { frenchTexts, text, textRef } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';

const FIELD = frenchTexts('calendar');

const JUSTIFICATION_FIELDS: FieldSpec[] = [
  { name: 'comment', kind: 'textarea', label: 'calendar.comment' },
  {
    name: 'files',
    kind: 'file',
    label: 'calendar.files',
    attributes: { maxFiles: JUSTIFICATION_MAX_FILES, allowedExtensions: ['pdf', 'png', 'jpg', 'jpeg'], uploadType: 'justification' },
  },
];

/** The absence of the path's course, with the caller's access to its triad: members only justify (spec 2 §6). */
async function absenceForMember(db: DbOrTx, caller: Caller, courseId: number, eventId: number) {
  const [event] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.trainingCourseId, courseId), eq(calendarEvents.type, EVENT_TYPE.absence)))
    .limit(1);
  if (!event?.triadId) throw notFound(textRef('calendar.eventNotFound'));
  const access = await resolveTriadAccess(db, caller, event.triadId, { module: 'MODULE_LEA_ABSENCE' });
  if (!access.isMember) throw forbidden(textRef('calendar.notApprenticeAbsence'));
  return { event, access };
}

/** The triad of the path's course, for an announcement: its members, when the platform allows announcements. */
async function triadForAnnouncement(db: DbOrTx, caller: Caller, courseId: number, triadId: number) {
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_ABSENCE' });
  if (access.triad.trainingCourseId !== courseId) throw notFound(textRef('common.triadNotFound'));
  if (!access.isMember) throw forbidden(textRef('calendar.notApprenticeAbsence'));
  const [config] = await db
    .select({ allow: absenceConfigs.allowAdvanceNotice })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .leftJoin(absenceConfigs, eq(absenceConfigs.platformId, trainings.platformId))
    .where(eq(trainingCourses.id, courseId));
  if (config?.allow === false) throw forbidden(textRef('calendar.advanceNoticeClosed'));
  return access;
}

function justificationModel(locale: 'fr' | 'en', extra: FieldSpec[]): FormModel {
  return buildFormModel(
    'justification',
    locale,
    [{ code: 'justification', label: 'calendar.justificationTab', fields: [...extra, ...JUSTIFICATION_FIELDS] }],
    null,
  );
}

async function announcementFields(db: DbOrTx, caller: Caller, locale: 'fr' | 'en'): Promise<FieldSpec[]> {
  return [
    { name: 'title', kind: 'text', label: 'calendar.title', required: true, initial: text(locale, 'calendar.announcedTitle') },
    { name: 'startDate', kind: 'datetime', label: 'calendar.start', required: true },
    {
      name: 'endDate',
      kind: 'datetime',
      label: 'calendar.end',
      required: true,
      attributes: { dateReference: { field: 'startDate', kind: 'datehour' } },
    },
    { name: 'hours', kind: 'number', label: 'calendar.hours', required: true },
    { name: 'reason', kind: 'select', label: 'calendar.reason', choices: await reasonChoices(db, caller.platformId) },
  ];
}

/** GET /app/{trainingCourseId}/absence/justify/form/{type}/{id}: for an absence (`absence`, its id) or a new one (`announce`, the triad's id). */
export async function justificationForm(db: DbOrTx, caller: Caller, locale: 'fr' | 'en', courseId: number, type: JustifyType, id: number) {
  if (type === 'absence') {
    await absenceForMember(db, caller, courseId, id);
    return justificationModel(locale, []);
  }
  await triadForAnnouncement(db, caller, courseId, id);
  return justificationModel(locale, await announcementFields(db, caller, locale));
}

/** The files of a justification: uploaded by the caller on this platform. */
async function checkFiles(db: DbOrTx, caller: Caller, fileIds: number[]): Promise<ValidationError[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, fileIds), eq(files.platformId, caller.platformId), eq(files.uploadedBy, caller.userId)));
  return rows.length === new Set(fileIds).size ? [] : [{ field: 'files', message: MESSAGES.fileUnavailable }];
}

async function insertJustification(tx: DbOrTx, caller: Caller, eventId: number, input: JustificationInput) {
  const [row] = await tx
    .insert(absenceJustifications)
    .values({ eventId, authorId: caller.userId, comment: input.comment, status: JUSTIFICATION_STATUS.sent })
    .returning({ id: absenceJustifications.id });
  const fileIds = [...new Set(input.files.map((file) => file.id))];
  if (fileIds.length > 0)
    await tx.insert(absenceJustificationFiles).values(fileIds.map((fileId) => ({ justificationId: row!.id, fileId })));
  return row!.id;
}

/**
 * PUT /app/{trainingCourseId}/absence/justify/put/{id}: a triad member sends a justification (comment and files) for
 * an absence (`type=absence`, default), or announces an absence before the day (`type=announce`, the id is the
 * triad's): the absence is created as announced, its justification pending the manager's decision.
 */
export async function putJustification(
  ctx: AppContext,
  caller: Caller,
  meta: WriteMeta,
  params: { courseId: number; id: number; type: JustifyType },
  payload: FormPayload,
): Promise<GenericSaveResponse> {
  const { db } = ctx;
  if (params.type === 'absence') {
    const { event } = await absenceForMember(db, caller, params.courseId, params.id);
    const read = readPayload(justificationModel(meta.locale, []), payload, JustificationInput);
    if (!read.ok) return invalid(read.errors, meta.locale);
    const fileErrors = await checkFiles(
      db,
      caller,
      read.input.files.map((file) => file.id),
    );
    if (fileErrors.length > 0) return invalid(fileErrors, meta.locale);
    const justificationId = await db.transaction(async (tx) => {
      const newId = await insertJustification(tx, caller, event.id, read.input);
      await recordUserTimeline(tx, {
        triadId: event.triadId!,
        className: 'absence',
        titlePart2: text(RECIPIENT_LOCALE, 'calendar.timelineJustified', { date: dayLabel(event.startDate, RECIPIENT_LOCALE) }),
        userId: caller.userId,
      });
      await logImpersonatedWrite(tx, caller, meta, { action: 'absence.justify', entity: 'absence', entityId: event.id });
      return newId;
    });
    return saved(justificationId, text(meta.locale, 'calendar.justificationSent'));
  }

  const access = await triadForAnnouncement(db, caller, params.courseId, params.id);
  const read = readPayload(justificationModel(meta.locale, await announcementFields(db, caller, meta.locale)), payload, AnnouncementInput);
  if (!read.ok) return invalid(read.errors, meta.locale);
  const input = read.input;
  const errors: ValidationError[] = [];
  if (input.endDate < input.startDate) errors.push({ field: 'endDate', message: FIELD.endBeforeStart });
  if (input.startDate <= nowWallClock()) errors.push({ field: 'startDate', message: FIELD.announceInPast });
  if (input.reason !== null && !(await reasonChoices(db, caller.platformId)).some((choice) => choice.value === String(input.reason)))
    errors.push({ field: 'reason', message: FIELD.unknownReason });
  errors.push(
    ...(await checkFiles(
      db,
      caller,
      input.files.map((file) => file.id),
    )),
  );
  if (errors.length > 0) return invalid(errors, meta.locale);
  const eventId = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(calendarEvents)
      .values({
        trainingCourseId: params.courseId,
        triadId: access.triad.id,
        type: EVENT_TYPE.absence,
        title: input.title,
        startDate: columnDateTime(input.startDate),
        endDate: columnDateTime(input.endDate),
        hours: input.hours,
        reasonId: input.reason,
        announced: true,
        createdBy: caller.userId,
      })
      .returning({ id: calendarEvents.id });
    await insertJustification(tx, caller, event!.id, input);
    await recordUserTimeline(tx, {
      triadId: access.triad.id,
      className: 'absence',
      titlePart2: text(RECIPIENT_LOCALE, 'calendar.timelineAnnounced', { date: dayLabel(input.startDate, RECIPIENT_LOCALE) }),
      userId: caller.userId,
    });
    await checkAbsenceAlerts(tx, [access.triad.id]);
    await logImpersonatedWrite(tx, caller, meta, { action: 'absence.announce', entity: 'absence', entityId: event!.id });
    return event!.id;
  });
  await ctx.mailer.deliverQueued();
  return saved(eventId, text(meta.locale, 'calendar.announced'));
}

/** Now on the organisation's wall clock (Europe/Paris), `YYYY-MM-DD HH:mm`. */
export function nowWallClock(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return parts.replace('T', ' ').slice(0, 16);
}
