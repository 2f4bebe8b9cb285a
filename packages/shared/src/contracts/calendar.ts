import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { BodyId, Id, StoredFile } from './common.js';
import { FormCheckbox, FormId, FormOptionalId, FormOptionalText, FormText } from './manager.js';

/**
 * Absences and planning (spec 2 §2 Absence and planning calendar, §3 Calendar event, spec 3 §2.1–2.2, §7.1).
 * Times are the training organisation's wall-clock times, `YYYY-MM-DD HH:mm` on the wire.
 */

/** Event types (spec 2 §9): 0 company, 1 course, 3 absence. */
export const EVENT_TYPES = { company: 0, course: 1, absence: 3 } as const;
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];
/** Removal, copy and move kind codes (spec 2 §9): 1 planning, 2 absence. */
export const EVENT_KINDS = { planning: 1, absence: 2 } as const;
/** Justification statuses: sent, accepted, refused (with the manager's reason). */
export const JUSTIFICATION_STATUS = { sent: 0, accepted: 1, refused: 2 } as const;
export type JustificationStatus = (typeof JUSTIFICATION_STATUS)[keyof typeof JUSTIFICATION_STATUS];
/** Files a justification may carry. */
export const JUSTIFICATION_MAX_FILES = 3;
/** The longest period one event-list call may cover (a year of planning and a margin). */
export const EVENT_LIST_MAX_DAYS = 400;
/** Plannings one bulk delete may name. */
export const PLANNING_BULK_MAX = 1000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export const CalendarDate = z
  .string()
  .regex(DATE, MESSAGES.date)
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    MESSAGES.date,
  );

/** A wall-clock time `YYYY-MM-DD HH:mm` (a `T`, and seconds, accepted), normalised to `YYYY-MM-DD HH:mm`. */
export const CalendarDateTime = z
  .string(MESSAGES.required)
  .trim()
  .regex(DATE_TIME, MESSAGES.date)
  .transform((value) => `${value.slice(0, 10)} ${value.slice(11, 16)}`)
  .refine((value) => {
    const [hour, minute] = value.slice(11).split(':').map(Number);
    return CalendarDate.safeParse(value.slice(0, 10)).success && hour! < 24 && minute! < 60;
  }, MESSAGES.date);

/** Hours of an event: 0 to 999.99, two decimals, a comma accepted. */
export const EventHours = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().replace(',', '.') : value),
  z.coerce.number(MESSAGES.number).min(0, MESSAGES.number).max(999.99, MESSAGES.number),
);

/** GET /app/event/list/{triadId}: the period (both days included) and whether the planning comes with the absences. */
export const EventListQuery = z
  .object({ startDate: CalendarDate, endDate: CalendarDate, includePlanning: z.enum(['0', '1']).default('1') })
  .refine((query) => query.endDate >= query.startDate, { message: MESSAGES.date, path: ['endDate'] })
  .refine((query) => Date.parse(query.endDate) - Date.parse(query.startDate) <= EVENT_LIST_MAX_DAYS * 86_400_000, {
    message: MESSAGES.date,
    path: ['endDate'],
  });
export type EventListQuery = z.infer<typeof EventListQuery>;
export const EventTriadParams = z.object({ triadId: Id });

/** A calendar event (spec 2 §3), with what the calendar and the absence list show about it. */
export const CalendarEvent = z.object({
  id: z.number().int(),
  type: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  hours: z.number(),
  subject: z.string().nullable(),
  teacher: z.string().nullable(),
  classroom: z.string().nullable(),
  justified: z.boolean(),
  reason: z.string().nullable(),
  /** Announced by the apprentice before the day. */
  announced: z.boolean(),
  /** The latest justification's status, null when none was sent. */
  justificationStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  /** A planning entry of the crew (shared by its triads) or of the course, or of the triad itself. */
  crewId: z.number().int().nullable(),
  triadId: z.number().int().nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;
export const EventListResponse = z.array(CalendarEvent);
export type EventListResponse = z.infer<typeof EventListResponse>;

/** GET /app/{trainingCourseId}/absence/justify/form/{type}/{id}: `absence` (id of the absence) or `announce` (id of the triad). */
export const JustifyType = z.enum(['absence', 'announce']);
export type JustifyType = z.infer<typeof JustifyType>;
export const JustifyFormParams = z.object({ trainingCourseId: Id, type: JustifyType, id: Id });
export const JustifyPutParams = z.object({ trainingCourseId: Id, id: Id });
export const JustifyPutQuery = z.object({ type: JustifyType.default('absence') });

/** The justification form's values (comment and files), and for an announcement the absence itself. */
export const JustificationInput = z.object({
  comment: FormOptionalText(2000),
  files: z
    .array(z.object({ id: BodyId, originalName: z.string().max(255) }))
    .max(JUSTIFICATION_MAX_FILES)
    .nullable()
    .transform((value) => value ?? []),
});
export type JustificationInput = z.infer<typeof JustificationInput>;
export const AnnouncementInput = JustificationInput.extend({
  title: FormText(255),
  startDate: CalendarDateTime,
  endDate: CalendarDateTime,
  hours: EventHours,
  reason: FormOptionalId,
});
export type AnnouncementInput = z.infer<typeof AnnouncementInput>;

/** A justification as the manager and the absence's triad read it. */
export const AbsenceJustification = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  comment: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  refusalReason: z.string().nullable(),
  author: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  files: z.array(StoredFile.extend({ url: z.string() })),
});
export type AbsenceJustification = z.infer<typeof AbsenceJustification>;
export const AbsenceJustificationList = z.array(AbsenceJustification);

/** PUT /app/lea-manager/{course}/absence/justification/{id}: the manager accepts or refuses (with a reason). */
export const JustificationDecision = z
  .object({
    status: z.union([z.literal(JUSTIFICATION_STATUS.accepted), z.literal(JUSTIFICATION_STATUS.refused)]),
    refusalReason: z.string().trim().max(1000).nullable().optional(),
  })
  .refine((body) => body.status !== JUSTIFICATION_STATUS.refused || (body.refusalReason ?? '') !== '', {
    message: MESSAGES.required,
    path: ['refusalReason'],
  });
export type JustificationDecision = z.infer<typeof JustificationDecision>;

/** POST …/{planning|absence}/copy/{id}: the day it goes to, copied or cut (spec 2 §4). */
export const EventCopyBody = z.object({ startDate: CalendarDate, action: z.enum(['copy', 'cut']) });
export type EventCopyBody = z.infer<typeof EventCopyBody>;
/** PUT …/{planning|absence}/move/{id}: the new start (a day keeps the time of day, a date-time sets it). */
export const EventMoveBody = z.object({ startDate: z.union([CalendarDate, CalendarDateTime]) });
export type EventMoveBody = z.infer<typeof EventMoveBody>;
/** DELETE /app/lea-manager/{course}/planning/delete: the selected plannings. */
export const PlanningBulkDeleteBody = z.object({ plannings: z.array(BodyId).min(1).max(PLANNING_BULK_MAX) });
export type PlanningBulkDeleteBody = z.infer<typeof PlanningBulkDeleteBody>;

/** The private calendar feed of the caller: its address, or null when none is issued. */
export const CalendarFeedResponse = z.object({ url: z.string().nullable() });
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponse>;
export const CalendarFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/) });

/** planning (manager area): a course or company event of a crew, of one triad, or of the whole course. */
export const PlanningInput = z.object({
  type: z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    z.coerce.number(MESSAGES.required).pipe(z.union([z.literal(0), z.literal(1)], MESSAGES.required)),
  ),
  title: FormText(255),
  startDate: CalendarDateTime,
  endDate: CalendarDateTime,
  hours: EventHours,
  subject: FormOptionalText(255),
  teacher: FormOptionalText(255),
  classroom: FormOptionalText(255),
  crew: FormOptionalId,
  triad: FormOptionalId,
});
export type PlanningInput = z.infer<typeof PlanningInput>;

/** absence (manager area): an absence of one triad's apprentice. */
export const AbsenceInput = z.object({
  triad: FormId,
  title: FormText(255),
  startDate: CalendarDateTime,
  endDate: CalendarDateTime,
  hours: EventHours,
  reason: FormOptionalId,
  justified: FormCheckbox,
});
export type AbsenceInput = z.infer<typeof AbsenceInput>;

/** absence-config (admin area): the platform's alert threshold, day length and advance notice. */
export const AbsenceConfigInput = z.object({
  alertThresholdHours: z.preprocess((value) => (value === '' || value === undefined ? null : value), EventHours.nullable()),
  dayHours: EventHours.refine((value) => value > 0, MESSAGES.number),
  allowAdvanceNotice: FormCheckbox,
});
export type AbsenceConfigInput = z.infer<typeof AbsenceConfigInput>;

/** The course's own threshold (manager area), over the platform's. */
export const CourseAbsenceConfigInput = AbsenceConfigInput.pick({ alertThresholdHours: true });
export type CourseAbsenceConfigInput = z.infer<typeof CourseAbsenceConfigInput>;

/** absence-reason (admin area). */
export const AbsenceReasonInput = z.object({ label: FormText(255), justifying: FormCheckbox });
export type AbsenceReasonInput = z.infer<typeof AbsenceReasonInput>;
