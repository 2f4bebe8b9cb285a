import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { historyLog, mailOutbox, triads, users, weeklyDigests } from '../../db/schema/index.js';
import { createMailer } from '../../services/mailer.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { startSmtpCapture, type ReceivedMail } from '../../test/smtp-capture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callAs } from '../questionnaire/test-fixtures.js';
import { dueWeek, isoWeekOf, runWeeklyDigest } from './weekly-digest.js';

const silent = { info: () => {}, error: () => {} };
/** Noon in Paris on the given day: never "Monday before 7". */
const noonOf = (day: Date) => new Date(`${day.toISOString().slice(0, 10)}T11:00:00Z`);
const weeksLater = (date: Date, weeks: number) => new Date(date.getTime() + weeks * 7 * 86_400_000);

describe('the weekly to-do digest (issue 20 §4)', () => {
  let test: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  /** A second connection pool on the same database: another server process (PostgreSQL only). */
  let second: Database | null = null;
  const now = noonOf(new Date());

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    test = await createTestApp();
    const url = test.app.ctx.config.databaseUrl;
    if (test.engine === 'postgres' && url) second = await openDatabase(url, test.app.ctx.config.dataDir);
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
    await smtp.close();
  });

  const deps = (db = test.app.ctx.db) => ({
    db,
    mailer: createMailer(db, smtp.url, 'lea <test@lea.local>', silent),
    publicUrl: 'http://lea.test',
  });
  const emailOf = async (username: string) =>
    (await test.app.ctx.db.select({ email: users.email }).from(users).where(eq(users.username, username)))[0]!.email;
  const mailsTo = async (username: string): Promise<ReceivedMail[]> => {
    const email = await emailOf(username);
    return smtp.received.filter((mail) => mail.to.includes(email));
  };

  it('numbers the weeks as ISO does and waits for Monday 07:00 in Paris', () => {
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2026-11-25')).toBe('2026-W48');
    // Monday 23 November 2026: 05:59 UTC is 06:59 in Paris, 06:00 UTC is 07:00.
    expect(dueWeek(new Date('2026-11-23T05:59:00Z'))).toBeNull();
    expect(dueWeek(new Date('2026-11-23T06:00:00Z'))).toBe('2026-W48');
    expect(dueWeek(new Date('2026-11-29T22:59:00Z'))).toBe('2026-W48');
    expect(dueWeek(new Date('2026-11-29T23:00:00Z'))).toBeNull();
  });

  it('mails each person once with their items and links, nobody with nothing to do, through SMTP', async () => {
    const outcomes = second
      ? await Promise.all([runWeeklyDigest(deps(), now), runWeeklyDigest(deps(second.db), now), runWeeklyDigest(deps(), now)])
      : [await runWeeklyDigest(deps(), now), await runWeeklyDigest(deps(), now)];
    const mailed = outcomes.reduce((sum, outcome) => sum + outcome.mailed, 0);
    expect(mailed).toBeGreaterThan(0);

    // The demo apprentice: the questionnaires of the course list's to-do block, each with its link, and the rest.
    const [apprenticeMail, ...more] = await mailsTo('apprenti');
    expect(more).toEqual([]);
    expect(apprenticeMail!.subject).toBe('CFA Campus Demo : ce qui vous attend cette semaine');
    const apprentice = await userIdOf(test.app, 'apprenti');
    const [triad] = await test.app.ctx.db.select({ id: triads.id }).from(triads).where(eq(triads.apprenticeId, apprentice));
    const todo = (await callAs(test.app, await tokenFor(test.app, 'apprenti'), 'GET', '/app/questionnaire/todo')).json<{
      items: { triad: { id: number }; questionnaire: { id: number; title: string } }[];
    }>().items;
    expect(todo.length).toBeGreaterThan(0);
    for (const item of todo) {
      expect(apprenticeMail!.text).toContain(item.questionnaire.title);
      expect(apprenticeMail!.text).toContain(`http://lea.test/dashboard/questionnaire/${item.triad.id}/${item.questionnaire.id}`);
    }
    expect(todo[0]!.triad.id).toBe(triad!.id);
    expect(apprenticeMail!.text).toContain(`http://lea.test/profile/${apprentice}`);

    // Every mail of the run went to a distinct person; the claims say who got nothing.
    const week = dueWeek(now)!;
    const claims = await test.app.ctx.db.select().from(weeklyDigests).where(eq(weeklyDigests.week, week));
    expect(smtp.received.length).toBe(mailed);
    expect(new Set(smtp.received.map((mail) => mail.to.join())).size).toBe(mailed);
    expect(claims.filter((claim) => claim.mailed)).toHaveLength(mailed);
    const idle = claims.filter((claim) => !claim.mailed).map((claim) => claim.userId);
    expect(idle.length).toBeGreaterThan(0);
    const idleEmails = (await test.app.ctx.db.select({ email: users.email }).from(users).where(inArray(users.id, idle))).map(
      (row) => row.email,
    );
    expect(smtp.received.filter((mail) => mail.to.some((address) => idleEmails.includes(address)))).toEqual([]);

    // Filed in the course's mail history as a digest, sent.
    const rows = await test.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'digest'), eq(mailOutbox.toAddress, await emailOf('apprenti'))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', trainingCourseId: expect.any(Number) });

    // The same week again: nothing more.
    expect(await runWeeklyDigest(deps(), now)).toMatchObject({ week, mailed: 0, nothing: 0 });
    expect(smtp.received.length).toBe(mailed);
  });

  it('sends nothing to someone who turned it off, and again the next week to the others', async () => {
    const token = await tokenFor(test.app, 'tuteur');
    const off = await callAs(test.app, token, 'PUT', '/app/user/weekly-digest', { weeklyDigest: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ weeklyDigest: false });
    const before = smtp.received.length;
    const nextWeek = weeksLater(now, 1);
    const outcome = await runWeeklyDigest(deps(), nextWeek);
    expect(outcome.week).toBe(dueWeek(nextWeek));
    expect(smtp.received.length - before).toBe(outcome.mailed);
    expect(outcome.mailed).toBeGreaterThan(0);
    expect((await mailsTo('tuteur')).length).toBe(1);
    expect((await mailsTo('apprenti')).length).toBe(2);
  });

  it('reads and sets the caller’s own preference; refuses a bad body and an anonymous caller', async () => {
    const token = await tokenFor(test.app, 'maitre');
    expect((await callAs(test.app, token, 'GET', '/app/user/weekly-digest')).json()).toEqual({ weeklyDigest: true });
    for (const body of [{ weeklyDigest: 'no' }, {}, { weeklyDigest: false, userId: 1 }, { weeklyDigest: null }]) {
      const refused = await callAs(test.app, token, 'PUT', '/app/user/weekly-digest', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await callAs(test.app, token, 'PUT', '/app/user/weekly-digest', { weeklyDigest: false })).statusCode).toBe(200);
    expect((await callAs(test.app, token, 'GET', '/app/user/weekly-digest')).json()).toEqual({ weeklyDigest: false });
    const [row] = await test.app.ctx.db.select({ weeklyDigest: users.weeklyDigest }).from(users).where(eq(users.username, 'maitre'));
    expect(row).toEqual({ weeklyDigest: false });
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/fr/app/user/weekly-digest', headers: { host: 'localhost' } });
    expect(anonymous.statusCode).toBe(401);
    // Not impersonated: no history line for one's own preference.
    expect(await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'user.weekly-digest'))).toEqual([]);
  });
});
