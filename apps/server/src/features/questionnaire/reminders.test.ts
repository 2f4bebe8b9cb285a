import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { mailOutbox, questionnaires } from '../../db/schema/index.js';
import { createMailer } from '../../services/mailer.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { runQuestionnaireReminders } from './reminders.js';
import { callAs, createQuestionnaireFixture, dayFromToday } from './test-fixtures.js';
import { recentMail } from '../../test/recent-mail.js';

const silent = { info: () => {}, error: () => {} };

describe('questionnaire reminders job', () => {
  let test: TestApp;
  /** A second connection pool on the same database: another server process (PostgreSQL only). */
  let second: Database | null = null;

  beforeAll(async () => {
    test = await createTestApp();
    const url = test.app.ctx.config.databaseUrl;
    if (test.engine === 'postgres' && url) second = await openDatabase(url, test.app.ctx.config.dataDir);
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
  });

  const reminderMails = async (courseId: number) =>
    test.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'reminder'), eq(mailOutbox.trainingCourseId, courseId), recentMail()));
  const deps = (db = test.app.ctx.db) => ({
    db,
    mailer: createMailer(db, null, 'lea <test@lea.local>', silent),
    publicUrl: 'http://lea.test',
    secret: test.app.ctx.config.jwtSecret,
  });

  it("gives the demo's open questionnaires reminders to come, so a fresh demo sends none", async () => {
    const rows = await test.app.ctx.db.select().from(questionnaires);
    const planned = rows.filter((row) => row.firstReminder !== null).map((row) => [row.title, row.firstReminder, row.secondReminder]);
    // The seed plans them from its own day: the suite's database template may have been seeded before midnight (Paris).
    const seededOn = (offset: number) => (planned[0]?.[1] === dayFromToday(3) ? dayFromToday(offset) : dayFromToday(offset - 1));
    expect(planned).toEqual([
      ['Accueil en entreprise', seededOn(3), seededOn(17)],
      ['Visite en entreprise', seededOn(7), seededOn(21)],
    ]);
    expect(await runQuestionnaireReminders(deps())).toEqual({ questionnaires: 0, mails: 0 });
  });

  it('sends a reminder due in the past exactly once, even with two processes running the job together', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [1, 2], useComments: false });
    const { db } = test.app.ctx;
    await db
      .update(questionnaires)
      .set({ firstReminder: dayFromToday(-1), secondReminder: dayFromToday(10) })
      .where(eq(questionnaires.id, fixture.questionnaireId));

    const runs = second
      ? await Promise.all([
          runQuestionnaireReminders(deps()),
          runQuestionnaireReminders(deps(second.db)),
          runQuestionnaireReminders(deps()),
        ])
      : [await runQuestionnaireReminders(deps()), await runQuestionnaireReminders(deps())];
    // Apprentice, both tutors and the master of the triad still have to complete (and 1, 2 to sign).
    expect(runs.reduce((sum, run) => sum + run.mails, 0)).toBe(4);
    expect(runs.reduce((sum, run) => sum + run.questionnaires, 0)).toBe(1);
    const mails = await reminderMails(fixture.courseId);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
      'isabelle.fournier@example.com',
      'julien.bernard@example.com',
      'lucas.martin@example.com',
      'nathalie.dubois@example.com',
    ]);
    expect(mails.every((mail) => mail.status === 'kept' && mail.platformId !== null)).toBe(true);
    expect(mails.find((mail) => mail.toAddress === 'lucas.martin@example.com')?.text).toContain(
      '- Bilan de période en entreprise (Lucas Martin) : à compléter et signer avant le',
    );
    const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, fixture.questionnaireId));
    expect(row?.firstReminderSentAt).toBeInstanceOf(Date);
    expect(row?.secondReminderSentAt).toBeNull();

    // The master may sign in by e-mail (the default for masters): their reminder's link signs them in
    // and lands on the questionnaire (issue 20 §1); the apprentice, kept to passwords, gets none.
    const masterMail = mails.find((mail) => mail.toAddress === 'nathalie.dubois@example.com')!;
    const token = /http:\/\/lea\.test\/login\/email\/([A-Za-z0-9_-]+)/.exec(masterMail.text)?.[1];
    expect(token).toBeDefined();
    expect(mails.find((mail) => mail.toAddress === 'lucas.martin@example.com')?.text).not.toContain('/login/email/');
    const landed = await test.app.inject({
      method: 'POST',
      url: `/api/fr/app/user/email-sign-in/link/${token}`,
      headers: { host: 'localhost' },
    });
    expect(landed.json()).toMatchObject({
      success: true,
      target: `/dashboard/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`,
    });

    // Restarted later: nothing left to send until the second reminder is due.
    expect(await runQuestionnaireReminders(deps())).toEqual({ questionnaires: 0, mails: 0 });
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    await runQuestionnaireReminders(deps(), inTenDays);
    const [later] = await db.select().from(questionnaires).where(eq(questionnaires.id, fixture.questionnaireId));
    expect(later?.secondReminderSentAt).toBeInstanceOf(Date);
    const aboutFixture = (await reminderMails(fixture.courseId)).filter((mail) => mail.text.includes('Bilan de période en entreprise'));
    expect(aboutFixture).toHaveLength(8);
  });

  it('sends one mail when both reminders are overdue, nothing for an inactive questionnaire, and again once the editor changes the date', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [1], useComments: false, title: 'Relances en retard' });
    const { db } = test.app.ctx;
    const before = (await reminderMails(fixture.courseId)).length;
    await db
      .update(questionnaires)
      .set({ firstReminder: dayFromToday(-9), secondReminder: dayFromToday(-2), active: false })
      .where(eq(questionnaires.id, fixture.questionnaireId));
    expect((await runQuestionnaireReminders(deps())).mails).toBe(0);
    await db.update(questionnaires).set({ active: true }).where(eq(questionnaires.id, fixture.questionnaireId));
    const run = await runQuestionnaireReminders(deps());
    expect(run).toEqual({ questionnaires: 1, mails: 4 });
    const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, fixture.questionnaireId));
    expect([row?.firstReminderSentAt, row?.secondReminderSentAt].every((value) => value instanceof Date)).toBe(true);

    const token = await tokenFor(test.app, 'manager');
    const path = `/app/lea-manager/${fixture.courseId}/questionnaire/${fixture.questionnaireId}`;
    const model = (await callAs(test.app, token, 'GET', path)).json();
    const saved = await callAs(test.app, token, 'PUT', path, { ...model, secondReminder: dayFromToday(0) });
    expect(saved.json().hasError, saved.body).toBe(false);
    expect(saved.json().responses[0].object).toMatchObject({ firstReminderSentAt: expect.any(String), secondReminderSentAt: null });
    expect((await runQuestionnaireReminders(deps())).mails).toBe(4);
    expect(await reminderMails(fixture.courseId)).toHaveLength(before + 8);
  });
});
