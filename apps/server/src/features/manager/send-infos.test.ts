import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendInfosResponse } from '@lea/shared';
import { mailOutbox, passwordResetTokens, users } from '../../db/schema/index.js';
import { managerClient, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { loginAs } from '../../test/login.js';
import { recentMail } from '../../test/recent-mail.js';
import { startSmtpCapture, type ReceivedMail } from '../../test/smtp-capture.js';

describe('send user infos: welcome and new-password mails through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture(received);
  });
  afterAll(async () => {
    await smtp.close();
  });
  // Registered after the SMTP server's hooks: the app starts once the port is known.
  const fixture = useManagerFixture({ env: () => ({ SMTP_URL: smtp.url }) });

  const userRow = async (username: string) => (await fixture.test.app.ctx.db.select().from(users).where(eq(users.username, username)))[0]!;

  it('lists the people of the course per crew with their counters', async () => {
    await loginAs(fixture.test.app, 'apprenti');
    const body: SendInfosResponse = (await fixture.call('GET', '/triad/send-user-infos')).json();
    expect(body.crews.map((crew) => [crew.title, crew.users.length])).toEqual([
      ['Promotion 2025 - groupe A', 9],
      ['Promotion 2025 - groupe B', 6],
      ['Promotion 2026 - auditeurs libres', 0],
    ]);
    const crewA = body.crews[0]!.users;
    expect(crewA.map((user) => [user.fullName, user.profile])).toEqual([
      ['Julien Bernard', 2],
      ['Nathalie Dubois', 3],
      ['Isabelle Fournier', 2],
      ['Philippe Garnier', 0],
      ['Marc Girard', 3],
      ['Sandrine Lemaire', 0],
      ['Catherine Martin', 0],
      ['Lucas Martin', 1],
      ['Emma Petit', 1],
    ]);
    expect(crewA.find((user) => user.fullName === 'Lucas Martin')).toMatchObject({
      email: 'lucas.martin@example.com',
      mail: 'lucas.martin@example.com',
      alreadyConnectedOnce: true,
      welcomeNumber: 0,
      resetNumber: 0,
    });
    expect(crewA.find((user) => user.fullName === 'Emma Petit')!.alreadyConnectedOnce).toBe(false);
    expect(body.crews[1]!.users.map((user) => user.fullName)).toContain('Chloé Lefebvre');
  });

  it('sends the welcome mail by SMTP; its link sets the password of a new user, once, who then signs in', async () => {
    const model = (await fixture.call('GET', '/lea-user/form')).json();
    const created = await fixture.call('POST', '/lea-user/post', [
      { code: model.tabs[0].code, form: { lastName: 'Roche', firstName: 'Camille', email: 'camille.roche@example.org' } },
    ]);
    const camilleId = created.json().responses[0].object.id;
    const triad = (await fixture.call('GET', '/triad/list')).json().crews[0].triads[0];
    const added = await fixture.call('PUT', `/generic/triad-user/post/${triad.id}`, [
      { code: 'triadUser', form: { user: [String(camilleId)], userType: '1' } },
    ]);
    expect(added.json().hasError).toBe(false);

    const response = await fixture.call('POST', '/triad/send-welcome', { users: [camilleId] });
    expect(response.json()).toEqual({ hasError: false, message: 'Les e-mails de bienvenue ont été envoyés', sent: 1 });
    const mail = received.find((entry) => entry.to.includes('camille.roche@example.org'))!;
    expect(mail).toBeDefined();
    const text = mail.text;
    expect(text).toContain('Bonjour Camille');
    expect(text).toContain('Votre identifiant : camille.roche@example.org');
    const token = /\/login\/new-password\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

    const [stored] = await fixture.test.app.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, camilleId));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const [outbox] = await fixture.test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'camille.roche@example.org'));
    expect(outbox).toMatchObject({ status: 'sent', kind: 'welcome', trainingCourseId: fixture.courseId });
    expect((await userRow('camille.roche@example.org')).welcomeCount).toBe(1);

    const set = (password: string) =>
      fixture.test.app.inject({ method: 'POST', url: `/api/fr/app/user/reset-password/${token}`, payload: { password } });
    expect((await set('Bienvenue-Camille-2026')).json()).toEqual({ hasError: false });
    await loginAs(fixture.test.app, 'camille.roche@example.org', { password: 'Bienvenue-Camille-2026' });
    expect((await set('Encore-Une-Fois-2026')).json()).toEqual({ hasError: true, message: 'reset_link_expired' });
  });

  it('sends new-password links to several people and counts them', async () => {
    const ids = [
      await userIdOf(fixture.test.app, 'apprenti3'),
      await userIdOf(fixture.test.app, 'maitre2'),
      await userIdOf(fixture.test.app, 'apprenti3'),
    ];
    const response = await managerClient(
      fixture.test.app,
      fixture.courseId,
      await tokenFor(fixture.test.app, 'manager'),
      'en',
    )('POST', '/triad/send-new-password', { users: ids });
    expect(response.json()).toEqual({ hasError: false, message: 'The new-password e-mails have been sent', sent: 2 });
    expect((await userRow('apprenti3')).resetCount).toBe(1);
    expect((await userRow('maitre2')).resetCount).toBe(1);
    const mail = received.find((entry) => entry.to.includes('hugo.durand@example.com'))!;
    // The answer is in the manager's language, the mail in the recipient's (users have none yet: the platform's default).
    expect(mail.text).toContain('Votre identifiant : apprenti3');
    const rows = await fixture.test.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'new-password'), eq(mailOutbox.trainingCourseId, fixture.courseId), recentMail()));
    expect(rows).toHaveLength(2);
    const list: SendInfosResponse = (await fixture.call('GET', '/triad/send-user-infos')).json();
    expect(list.crews[1]!.users.find((user) => user.id === ids[0])!.resetNumber).toBe(1);
  });

  it('refuses people outside the course (403) and sends nothing to anybody', async () => {
    const before = received.length;
    const outsider = await userIdOf(fixture.test.app, 'apprenti6');
    const refused = await fixture.call('POST', '/triad/send-welcome', { users: [await userIdOf(fixture.test.app, 'apprenti'), outsider] });
    expect(refused.statusCode).toBe(403);
    expect((await fixture.call('POST', '/triad/send-welcome', { users: [await userIdOf(fixture.test.app, 'admin')] })).statusCode).toBe(
      403,
    );
    expect((await fixture.call('POST', '/triad/send-welcome', { users: [] })).statusCode).toBe(400);
    expect(
      (
        await managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken)('POST', '/triad/send-welcome', {
          users: [await userIdOf(fixture.test.app, 'apprenti')],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await managerClient(
          fixture.test.app,
          fixture.courseId,
          await tokenFor(fixture.test.app, 'apprenti'),
        )('GET', '/triad/send-user-infos')
      ).statusCode,
    ).toBe(403);
    expect(
      (await managerClient(fixture.test.app, fixture.courseId, null)('POST', '/triad/send-new-password', { users: [1] })).statusCode,
    ).toBe(401);
    expect(received.length).toBe(before);
    expect((await userRow('apprenti')).welcomeCount).toBe(0);
    const [queued] = await fixture.test.app.ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'queued'));
    expect(queued!.n).toBe(0);
  });
});
