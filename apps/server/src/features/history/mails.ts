import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type {
  FileDownloadResponse,
  Locale,
  MailHistoryQuery,
  MailHistoryResponse,
  MailLine,
  MailResendResponse,
  MailStatus,
} from '@lea/shared';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { writeWorkbook, XLSX_MIME } from '../../generic/xlsx.js';
import type { ManagerScope } from '../../generic/types.js';
import { auditWrite } from '../../generic/audit.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Mailer } from '../../services/mailer.js';
import { text, textRef, type PlainTextKey } from '../../texts/index.js';
import { parisDateTime } from './lines.js';
import { checkPeriod, EXPORT_MAX_LINES, periodOf } from './service.js';

/** The mail kinds the history names (services and features pass them to the mailer). */
const KINDS = [
  'welcome',
  'new-password',
  'reset',
  'reminder',
  'email-change',
  'email-change-notice',
  'absence-alert',
  'message',
  'digest',
  'sign-in',
] as const;
type KnownKind = (typeof KINDS)[number];
const isKnown = (kind: string | null): kind is KnownKind => kind !== null && (KINDS as readonly string[]).includes(kind);
const kindLabel = (kind: string | null, locale: Locale) => text(locale, isKnown(kind) ? `history.kind.${kind}` : 'history.kind.other');

type MailRow = typeof mailOutbox.$inferSelect;

function lineOf(row: MailRow, locale: Locale): MailLine {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    kind: row.kind,
    kindLabel: kindLabel(row.kind, locale),
    recipient: row.toAddress,
    subject: row.subject,
    status: row.status as MailStatus,
    attempts: row.attempts,
    smtpResponse: row.smtpResponse ?? row.error,
  };
}

function mailFilter(courseId: number, query: Omit<MailHistoryQuery, 'limit' | 'offset'>): SQL {
  const escaped = query.recipient?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    eq(mailOutbox.trainingCourseId, courseId),
    query.status === undefined ? undefined : eq(mailOutbox.status, query.status),
    query.kind === undefined ? undefined : eq(mailOutbox.kind, query.kind),
    escaped === undefined ? undefined : ilike(mailOutbox.toAddress, `%${escaped}%`),
    ...periodOf(mailOutbox.createdAt, query),
  ) as SQL;
}

/** Every mail sent for the course (manager area `mail`, issue 17 §5): one page, newest first, with its delivery status. */
export async function courseMails(db: Db, scope: ManagerScope, query: MailHistoryQuery): Promise<MailHistoryResponse> {
  checkPeriod(query);
  const where = mailFilter(scope.course.id, query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return {
    data: rows.map((row) => lineOf(row, scope.locale)),
    count: total?.n ?? 0,
    kinds: KINDS.map((kind) => ({ value: kind, label: kindLabel(kind, scope.locale) })),
  };
}

const MAIL_COLUMNS: PlainTextKey[] = [
  'history.column.date',
  'history.column.kind',
  'history.column.recipient',
  'history.column.subject',
  'history.column.status',
  'history.column.sentAt',
  'history.column.attempts',
  'history.column.smtpResponse',
];

export async function courseMailsExport(db: Db, scope: ManagerScope, query: MailHistoryQuery): Promise<FileDownloadResponse> {
  checkPeriod(query);
  const { locale } = scope;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(mailFilter(scope.course.id, query))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(EXPORT_MAX_LINES);
  const bytes = await writeWorkbook(
    text(locale, 'history.sheetMails'),
    MAIL_COLUMNS.map((key) => text(locale, key)),
    rows.map((row) => {
      const line = lineOf(row, locale);
      return [
        parisDateTime(line.at),
        line.kindLabel,
        line.recipient,
        line.subject,
        text(locale, `history.status.${line.status}`),
        line.sentAt === null ? null : parisDateTime(line.sentAt),
        line.attempts,
        line.smtpResponse,
      ];
    }),
    [18, 22, 32, 40, 16, 18, 10, 50],
  );
  const filename = `lea-emails-${scope.course.id}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return { filename, data: bytes.toString('base64'), type: XLSX_MIME };
}

/**
 * `POST …/mail/resend/{id}`: sends a failed mail of the course again, as it was (same recipient,
 * subject and text), and logs it. Another course's mail is a 404; a mail that did not fail is refused.
 */
export async function resendCourseMail(db: Db, mailer: Mailer, scope: ManagerScope, id: number): Promise<MailResendResponse> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.trainingCourseId, scope.course.id)));
  if (!mail) throw notFound(textRef('history.mailNotFound'));
  if (mail.status !== 'failed') throw badRequest(textRef('history.notFailed'));
  const status = await mailer.resend(id);
  if (status === null) throw badRequest(textRef('history.notFailed'));
  const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  await auditWrite(db, scope, { action: 'mail.resend', entity: 'mail_outbox', entityId: id, details: { status } });
  const line = lineOf(after!, scope.locale);
  const message =
    status === 'sent'
      ? text(scope.locale, 'history.resent')
      : status === 'kept'
        ? text(scope.locale, 'history.resendKept')
        : text(scope.locale, 'history.resendFailed', { answer: line.smtpResponse ?? '' });
  return { success: status === 'sent', message, mail: line };
}
