import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailHistoryResponse, MailLine } from '@lea/shared';
import { historyLog, mailOutbox, users } from '../../db/schema/index.js';
import { managerClient, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { sheetRows } from '../../test/read-xlsx.js';

describe('course mail history: delivery status through a real SMTP server, resend, export', () => {
  let smtp: SMTPServer;
  /** The server refuses this recipient while `refusing` is on: the failed mail of the history. */
  const refused = 'refus.smtp@example.org';
  let refusing = true;
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      authOptional: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refusing && address.address === refused) {
          const error = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, _session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  const fixture = useManagerFixture({ env: () => ({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` }) });

  const mails = async (query = '') => (await fixture.call('GET', `/mail${query}`)).json() as MailHistoryResponse;
  let failed: MailLine;

  it('shows a welcome mail the server accepted as sent, and one it refused as failed with its answer', async () => {
    // The demo's own mails (seed/demo-history-news.ts) are not this test's.
    await fixture.test.app.ctx.db.delete(mailOutbox);
    const accepted = await userIdOf(fixture.test.app, 'apprenti3');
    const refusedId = await userIdOf(fixture.test.app, 'maitre2');
    await fixture.test.app.ctx.db.update(users).set({ email: refused }).where(eq(users.id, refusedId));
    const sent = await fixture.call('POST', '/triad/send-welcome', { users: [accepted, refusedId] });
    expect(sent.statusCode).toBe(200);

    const all = await mails('?kind=welcome');
    expect(all.count).toBe(2);
    const ok = all.data.find((line) => line.recipient !== refused)!;
    expect(ok).toMatchObject({ status: 'sent', kind: 'welcome', kindLabel: 'Bienvenue', attempts: 1 });
    expect(ok.smtpResponse).toMatch(/^250/);
    expect(ok.sentAt).not.toBeNull();
    failed = all.data.find((line) => line.recipient === refused)!;
    expect(failed).toMatchObject({ status: 'failed', sentAt: null, attempts: 1 });
    expect(failed.smtpResponse).toContain('550');
    expect(failed.smtpResponse).toContain('Mailbox unavailable');

    expect((await mails('?status=failed')).data.map((line) => line.id)).toEqual([failed.id]);
    expect((await mails(`?recipient=${encodeURIComponent('REFUS.SMTP')}`)).count).toBe(1);
    expect((await mails('?status=sent&kind=welcome&limit=1')).data).toHaveLength(1);
    expect((await mails('?from=2000-01-01&to=2000-01-31')).count).toBe(0);
  });

  it('exports the filtered mails to xlsx with their status and the server answer', async () => {
    const response = await fixture.call('GET', '/mail/export?kind=welcome');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.filename).toMatch(/^lea-emails-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await sheetRows(body.data);
    expect(rows[0]).toEqual([
      'Date',
      "Type d'e-mail",
      'Destinataire',
      'Objet',
      'Statut',
      "Date d'envoi",
      'Tentatives',
      'Réponse du serveur',
    ]);
    expect(rows).toHaveLength(3);
    const failedRow = rows.find((row) => row[2] === refused)!;
    expect(failedRow[4]).toBe('Échec');
    expect(failedRow[7]).toContain('550');
  });

  it('resends the failed mail once the server accepts it, and logs it; a sent one is refused', async () => {
    refusing = false;
    const response = await fixture.call('POST', `/mail/resend/${failed.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: "L'e-mail a été renvoyé", mail: { status: 'sent', attempts: 2 } });
    const [line] = await fixture.test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'mail.resend'));
    expect(line).toMatchObject({
      entity: 'mail_outbox',
      entityId: failed.id,
      details: { trainingCourseId: fixture.courseId, status: 'sent' },
    });
    const again = await fixture.call('POST', `/mail/resend/${failed.id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Seul un e-mail en échec peut être renvoyé');
  });

  it('answers a failed resend with the refusal, in English on /api/en', async () => {
    refusing = true;
    const [row] = await fixture.test.app.ctx.db
      .insert(mailOutbox)
      .values({
        trainingCourseId: fixture.courseId,
        kind: 'reminder',
        toAddress: refused,
        subject: 'Relance',
        text: 'x',
        status: 'failed',
        attempts: 1,
      })
      .returning();
    const call = managerClient(fixture.test.app, fixture.courseId, fixture.token, 'en');
    const response = (await call('POST', `/mail/resend/${row!.id}`)).json();
    expect(response.success).toBe(false);
    expect(response.message).toMatch(/^Sending it again failed: .*550/);
    expect(response.mail).toMatchObject({ status: 'failed', attempts: 2, kindLabel: 'Reminder' });
  });

  it('keeps mails to their course: 404 for another course’s mail, 403 outside the course, 400 on bad input', async () => {
    const [foreign] = await fixture.test.app.ctx.db
      .insert(mailOutbox)
      .values({
        trainingCourseId: fixture.other.courseId,
        kind: 'welcome',
        toAddress: 'x@example.org',
        subject: 's',
        text: 't',
        status: 'failed',
      })
      .returning();
    expect((await fixture.call('POST', `/mail/resend/${foreign!.id}`)).statusCode).toBe(404);
    expect((await mails()).data.some((line) => line.id === foreign!.id)).toBe(false);
    const otherManager = managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken);
    expect((await otherManager('GET', '/mail')).statusCode).toBe(403);
    expect((await otherManager('POST', `/mail/resend/${failed.id}`)).statusCode).toBe(403);
    const apprentice = managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'apprenti'));
    expect((await apprentice('GET', '/mail/export')).statusCode).toBe(403);
    expect((await managerClient(fixture.test.app, 99_999_999, fixture.token)('GET', '/mail')).statusCode).toBe(404);
    for (const query of ['?status=lost', '?limit=0', '?limit=1000', '?from=2026-13-01', '?offset=-1', '?recipient=' + 'a'.repeat(200)]) {
      expect((await fixture.call('GET', `/mail${query}`)).statusCode, query).toBe(400);
    }
    expect((await fixture.call('GET', '/mail?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await fixture.call('POST', '/mail/resend/0')).statusCode).toBe(400);
    expect((await fixture.call('POST', '/mail/resend/99999999999')).statusCode).toBe(400);
    const [unchanged] = await fixture.test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, foreign!.id));
    expect(unchanged).toMatchObject({ status: 'failed', attempts: 0 });
  });
});
