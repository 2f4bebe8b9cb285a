import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { emailChanges, historyLog, loginThrottle, mailOutbox, platforms, userPlatforms, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, loginAs, type LoginTokens } from '../../test/login.js';
import { requestEmailChange } from '../../services/email-change.js';

const PASSWORD = 'Demo-Lea-2026!';

describe('e-mail change confirmed by a link', () => {
  let test: TestApp;
  let localhostId: number;
  beforeAll(async () => {
    test = await createTestApp();
    localhostId = (await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost')))[0]!.id;
  });
  afterAll(async () => {
    await test.close();
  });

  const userRow = async (username: string) => (await test.app.ctx.db.select().from(users).where(eq(users.username, username)))[0]!;
  const mailsTo = (address: string) =>
    test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));
  const pendingOf = (userId: number) => test.app.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, userId));
  const fieldsOf = (user: typeof users.$inferSelect, changes: object) => ({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    ...changes,
  });
  const put = (user: { id: number }, session: LoginTokens, payload: object, locale = 'fr') =>
    test.app.inject({
      method: 'PUT',
      url: `/api/${locale}/app/user/put/${user.id}`,
      headers: bearer(session.token),
      payload,
      remoteAddress: '10.20.0.1',
    });
  const confirm = (token: string, host = 'localhost') =>
    test.app.inject({ method: 'POST', url: `/api/fr/app/user/confirm-email/${token}`, headers: { host } });
  const tokenOf = (mail: { text: string }) => /\/login\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

  it('asks for the current password before an own e-mail change, and changes nothing without it', async () => {
    const session = await loginAs(test.app, 'apprenti');
    const user = await userRow('apprenti');
    for (const [payload, message] of [
      [fieldsOf(user, { email: 'lucas@new.example.org', firstName: 'Luc' }), MESSAGES.required],
      [
        fieldsOf(user, { email: 'lucas@new.example.org', firstName: 'Luc', currentPassword: 'Not-The-Password-1' }),
        MESSAGES.currentPasswordWrong,
      ],
    ] as const) {
      const response = await put(user, session, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'currentPassword', message }]);
    }
    expect(await userRow('apprenti')).toEqual(user);
    expect(await pendingOf(user.id)).toEqual([]);
    expect(await mailsTo('lucas@new.example.org')).toEqual([]);
    // A wrong password counts like a failed sign-in of that username from that address.
    const counted = await test.app.ctx.db.select().from(loginThrottle).where(like(loginThrottle.key, 'pair:10.20.0.1|apprenti'));
    expect(counted).toEqual([expect.objectContaining({ failures: 1 })]);
  });

  it('keeps the address until the link sent to the new one is opened, and tells the old one', async () => {
    const session = await loginAs(test.app, 'tuteur');
    const user = await userRow('tuteur');
    const response = await put(
      user,
      session,
      fieldsOf(user, { email: 'julien@new.example.org', lastName: 'Bernard-Roy', currentPassword: PASSWORD }),
      'en',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      pendingEmail: 'julien@new.example.org',
    });
    const after = await userRow('tuteur');
    expect(after).toMatchObject({ email: user.email, lastName: 'Bernard-Roy' });

    const [pending] = await pendingOf(user.id);
    expect(pending).toMatchObject({
      platformId: localhostId,
      requestedBy: user.id,
      oldEmail: user.email,
      newEmail: 'julien@new.example.org',
      usedAt: null,
    });
    expect(pending!.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
    const [link] = await mailsTo('julien@new.example.org');
    expect(link).toMatchObject({ kind: 'email-change', platformId: localhostId });
    expect(link!.subject).toContain('confirm your new e-mail address');
    expect(link!.text).toContain(`${test.app.ctx.config.publicUrl}/login/confirm-email/`);
    const [notice] = await mailsTo(user.email);
    expect(notice).toMatchObject({ kind: 'email-change-notice' });
    expect(notice!.text).toContain('julien@new.example.org');
    expect(notice!.text).not.toContain('/login/confirm-email/');

    // Opening the link sets the address once, ends every session of the user and is logged.
    const confirmed = await confirm(tokenOf(link!));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, email: 'julien@new.example.org' });
    expect((await userRow('tuteur')).email).toBe('julien@new.example.org');
    const me = await test.app.inject({ method: 'GET', url: '/api/fr/app/user/me', headers: bearer(response.json().token) });
    expect(me.statusCode).toBe(401);
    const refreshed = await test.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const logged = await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'user.email-confirmed'));
    expect(logged).toEqual([
      expect.objectContaining({ userId: user.id, entityId: user.id, details: { from: user.email, to: 'julien@new.example.org' } }),
    ]);

    const again = await confirm(tokenOf(link!));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 404, message: MESSAGES.emailLinkExpired });
  });

  it('needs no password when the address stays the same', async () => {
    const session = await loginAs(test.app, 'maitre');
    const user = await userRow('maitre');
    const response = await put(user, session, fieldsOf(user, { email: user.email.toUpperCase(), firstName: 'Nath' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().pendingEmail).toBeUndefined();
    expect(await userRow('maitre')).toMatchObject({ email: user.email, firstName: 'Nath' });
    expect(await pendingOf(user.id)).toEqual([]);
  });

  it('refuses an expired link, a replaced one, one of another platform and an unknown one, changing nothing', async () => {
    const db = test.app.ctx.db;
    const user = await userRow('apprenti2');
    const ask = async (newEmail: string) => {
      await db.transaction((tx) =>
        requestEmailChange(tx, test.app.ctx, { userId: user.id, platformId: localhostId, newEmail, requestedBy: user.id, locale: 'fr' }),
      );
      return tokenOf((await mailsTo(newEmail))[0]!);
    };
    const replaced = await ask('emma@first.example.org');
    const latest = await ask('emma@second.example.org');
    expect((await confirm(replaced)).statusCode).toBe(404);

    const [other] = await db.insert(platforms).values({ hostname: 'other.example.org', name: 'Autre CFA' }).returning({ id: platforms.id });
    await db.insert(userPlatforms).values({ userId: user.id, platformId: other!.id });
    expect((await confirm(latest, 'other.example.org')).statusCode).toBe(404);

    await db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.newEmail, 'emma@second.example.org'));
    expect((await confirm(latest)).statusCode).toBe(404);
    expect((await confirm('not-a-token-we-issued')).statusCode).toBe(404);
    expect((await userRow('apprenti2')).email).toBe(user.email);
  });

  it('refuses a malformed link (NUL 400, longer than the router takes 414) and a bad bearer (401), changing nothing', async () => {
    const user = await userRow('apprenti2');
    for (const [token, status] of [
      ['abc%00def', 400],
      ['x'.repeat(129), 414],
    ] as const) {
      const response = await confirm(token);
      expect(response.statusCode, token).toBe(status);
      expect(response.json()).toMatchObject({ code: status });
    }
    const forged = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/user/confirm-email/abc',
      headers: { authorization: 'Bearer forged.token.here' },
    });
    expect(forged.statusCode).toBe(401);
    expect((await userRow('apprenti2')).email).toBe(user.email);
  });

  it('records nothing and queues no mail when the caller rolls back', async () => {
    const user = await userRow('apprenti3');
    const rollback = new Error('rolled back');
    await expect(
      test.app.ctx.db.transaction(async (tx) => {
        await requestEmailChange(tx, test.app.ctx, {
          userId: user.id,
          platformId: localhostId,
          newEmail: 'hugo@new.example.org',
          requestedBy: user.id,
          locale: 'fr',
        });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await pendingOf(user.id)).toEqual([]);
    expect(await mailsTo('hugo@new.example.org')).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });
});
