import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export type Mail = { to: string; subject: string; text: string; html?: string; platformId?: number | null };

export type Mailer = {
  /** Writes the mail to the outbox, then sends it (or keeps it when no SMTP server is configured). */
  send(mail: Mail): Promise<number>;
};

type Logger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export function createMailer(db: Db, smtpUrl: string | null, from: string, log: Logger): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ platformId: mail.platformId ?? null, toAddress: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      if (!transport) {
        await db.update(mailOutbox).set({ status: 'kept' }).where(eq(mailOutbox.id, id));
        log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL)');
        return id;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), attempts: 1 }).where(eq(mailOutbox.id, id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.update(mailOutbox).set({ status: 'failed', attempts: 1, error: message }).where(eq(mailOutbox.id, id));
        log.error({ mailId: id, err: message }, 'mail sending failed');
      }
      return id;
    },
  };
}
