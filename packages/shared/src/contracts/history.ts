import { z } from 'zod';
import { Id, INT4_MAX } from './common.js';

/**
 * The kinds of history lines the screens filter on (spec 3 §2.3 history, issue 13 §7): sign-ins,
 * impersonations, signatures and their cancellation, deletions and every other back-office write.
 */
export const HISTORY_TYPES = ['connection', 'impersonation', 'signature', 'signature-cancel', 'delete', 'write'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
export const HISTORY_PAGE_SIZES = [10, 25, 50, 100] as const;

/** A real calendar day (2026-13-01 and 2026-02-30 are refused, not left to the database). */
const Day = z.iso.date();
const Paging = {
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
};

/** `GET /app/admin/history` and its `/export`: filters by person, type and period (days, Paris time). */
export const HistoryQuery = z.object({
  user: Id.optional(),
  type: z.enum(HISTORY_TYPES).optional(),
  from: Day.optional(),
  to: Day.optional(),
  ...Paging,
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryPerson = z.object({ id: z.number().int(), fullName: z.string() });
export const HistoryLine = z.object({
  id: z.string(),
  at: z.string(),
  type: z.enum(HISTORY_TYPES),
  action: z.string(),
  /** The line in words, in the request's language. */
  label: z.string(),
  user: HistoryPerson.nullable(),
  impersonator: HistoryPerson.nullable(),
  entity: z.string().nullable(),
  entityId: z.number().int().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type HistoryLine = z.infer<typeof HistoryLine>;
export const HistoryResponse = z.object({ data: z.array(HistoryLine), count: z.number().int() });
export type HistoryResponse = z.infer<typeof HistoryResponse>;

/** The people a history can be filtered on (`GET …/history/people?search=`). */
export const HistoryPeopleQuery = z.object({ search: z.string().trim().min(2).max(100) });
export const HistoryPeopleResponse = z.object({ people: z.array(HistoryPerson) });
export type HistoryPeopleResponse = z.infer<typeof HistoryPeopleResponse>;

/** Mail delivery statuses (`kept`: no SMTP server configured, the mail stays in the outbox). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** `GET /app/lea-manager/{course}/mail` and its `/export`. */
export const MailHistoryQuery = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  kind: z.string().trim().min(1).max(40).optional(),
  recipient: z.string().trim().min(1).max(180).optional(),
  from: Day.optional(),
  to: Day.optional(),
  ...Paging,
});
export type MailHistoryQuery = z.infer<typeof MailHistoryQuery>;
export const MailLine = z.object({
  id: z.number().int(),
  at: z.string(),
  sentAt: z.string().nullable(),
  kind: z.string().nullable(),
  /** The kind in words (welcome, new password, reminder…), in the request's language. */
  kindLabel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** The SMTP server's answer (its refusal for a failed mail). */
  smtpResponse: z.string().nullable(),
});
export type MailLine = z.infer<typeof MailLine>;
export const MailHistoryResponse = z.object({
  data: z.array(MailLine),
  count: z.number().int(),
  kinds: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type MailHistoryResponse = z.infer<typeof MailHistoryResponse>;
/** `POST /app/lea-manager/{course}/mail/resend/{id}`. */
export const MailResendResponse = z.object({ success: z.boolean(), message: z.string(), mail: MailLine });
export type MailResendResponse = z.infer<typeof MailResendResponse>;

/** `GET /app/lea-manager/{course}/history`: sign-ins and impersonations of the course's people. */
export const ConnectionHistoryQuery = z.object({
  user: Id.optional(),
  type: z.enum(['connection', 'impersonation']).optional(),
  from: Day.optional(),
  to: Day.optional(),
  ...Paging,
});
export type ConnectionHistoryQuery = z.infer<typeof ConnectionHistoryQuery>;
