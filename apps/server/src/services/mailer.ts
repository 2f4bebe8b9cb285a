import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  platformId?: number | null;
  /** The course whose manager (or whose questionnaire) sent it: the course's mail history. */
  trainingCourseId?: number | null;
  /** What the mail is: welcome, new-password, reset, reminder… */
  kind?: string | null;
};

export type Mailer = {
  /** Writes the mail to the outbox, then sends it (or keeps it when no SMTP server is configured). */
  send(mail: Mail): Promise<number>;
  /**
   * Writes the mail to the outbox as `queued`, in the caller's transaction, without sending it:
   * the mail exists exactly when the transaction commits. `deliverQueued` sends it afterwards.
   */
  queue(db: DbOrTx, mail: Mail): Promise<number>;
  /** Sends queued mails (any process may run it: each row is claimed once); answers how many. */
  deliverQueued(limit?: number): Promise<number>;
  /**
   * Sends a failed mail of the outbox again (the course's mail history): claimed once, so two
   * clicks never send it twice; answers the new status, or null when the row was not failed.
   */
  resend(id: number): Promise<MailStatus | null>;
};

/** queued, sending (claimed by a sender), sent, failed, or kept (no SMTP server configured). */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';

/** What the SMTP server answered: nodemailer's `response` (`250 2.0.0 OK`, `550 5.1.1 …`), else the error's text. */
function smtpAnswer(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && 'response' in value && typeof value.response === 'string') return value.response;
  return null;
}

type Logger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

const rowOf = (mail: Mail) => ({
  platformId: mail.platformId ?? null,
  trainingCourseId: mail.trainingCourseId ?? null,
  kind: mail.kind ?? null,
  toAddress: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? null,
});

export function createMailer(db: Db, smtpUrl: string | null, from: string, log: Logger): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  const attempt = { attempts: sql`${mailOutbox.attempts} + 1` };
  const deliver = async (id: number, mail: Pick<Mail, 'to' | 'subject' | 'text' | 'html'>): Promise<MailStatus> => {
    if (!transport) {
      await db.update(mailOutbox).set({ status: 'kept' }).where(eq(mailOutbox.id, id));
      log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL)');
      return 'kept';
    }
    try {
      const info: unknown = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), ...attempt, error: null, smtpResponse: smtpAnswer(info) })
        .where(eq(mailOutbox.id, id));
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({ status: 'failed', ...attempt, error: message, smtpResponse: smtpAnswer(error) ?? message })
        .where(eq(mailOutbox.id, id));
      log.error({ mailId: id, err: message }, 'mail sending failed');
      return 'failed';
    }
  };

  return {
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(rowOf(mail)).returning({ id: mailOutbox.id });
      const id = row!.id;
      await deliver(id, mail);
      return id;
    },
    async queue(target, mail) {
      const [row] = await target
        .insert(mailOutbox)
        .values({ ...rowOf(mail), status: 'queued' })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    async deliverQueued(limit = 200) {
      // Claimed with SKIP LOCKED and marked `sending` in one transaction: two processes never send one row.
      const claimed = await db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: mailOutbox.id,
            to: mailOutbox.toAddress,
            subject: mailOutbox.subject,
            text: mailOutbox.text,
            html: mailOutbox.html,
          })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'queued'))
          .orderBy(asc(mailOutbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (rows.length > 0)
          await tx
            .update(mailOutbox)
            .set({ status: 'sending' })
            .where(
              inArray(
                mailOutbox.id,
                rows.map((row) => row.id),
              ),
            );
        return rows;
      });
      for (const row of claimed) await deliver(row.id, { ...row, html: row.html ?? undefined });
      return claimed.length;
    },
    async resend(id) {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: 'sending' })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
        .returning({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html });
      if (!row) return null;
      return deliver(id, { ...row, html: row.html ?? undefined });
    },
  };
}
