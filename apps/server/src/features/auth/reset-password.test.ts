import { and, desc, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { loginThrottle, mailOutbox, passwordResetTokens, platforms, refreshTokens, userPlatforms, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, loginAs } from '../../test/login.js';
import { createPasswordLink } from '../../services/password-links.js';
import { hashToken } from '../../services/session-tokens.js';

describe('password reset', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const ask = (username: string, locale = 'fr') =>
    test.app.inject({ method: 'POST', url: `/api/${locale}/app/user/ask-reset-password`, payload: { username } });
  const reset = (token: string, password: string) =>
    test.app.inject({ method: 'POST', url: `/api/fr/app/user/reset-password/${token}`, payload: { password } });
  const mailsTo = (address: string) =>
    test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));
  const userRow = async (username: string) => {
    const [row] = await test.app.ctx.db.select().from(users).where(eq(users.username, username));
    return row!;
  };
  const localhostId = async () => {
    const [row] = await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    return row!.id;
  };
  /** Asks for a link and reads the token from the mail, as the user would click it. */
  const tokenFromMail = async (username: string, locale = 'fr') => {
    expect((await ask(username, locale)).json()).toEqual({ success: true });
    const [mail] = await mailsTo((await userRow(username)).email);
    const match = /\/login\/new-password\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    return { token: match![1]!, mail: mail! };
  };

  it('answers success for an unknown username and sends nothing', async () => {
    const before = await test.app.ctx.db.select().from(mailOutbox);
    expect((await ask('nobody-at-all')).json()).toEqual({ success: true });
    expect(await test.app.ctx.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('mails a link in the request language, and the link sets the new password once', async () => {
    const session = await loginAs(test.app, 'apprenti', { stayConnected: true });
    const { token, mail } = await tokenFromMail('apprenti', 'en');
    expect(mail.subject).toContain('reset your password');
    expect(mail.text).toContain(`${test.app.ctx.config.publicUrl}/login/new-password/${token}`);

    const [stored] = await test.app.ctx.db.select().from(passwordResetTokens).orderBy(desc(passwordResetTokens.id)).limit(1);
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(3500_000);

    const response = await reset(token, 'Nouveau-Mot-2-Passe');
    expect(response.json()).toEqual({ hasError: false });
    await loginAs(test.app, 'apprenti', { password: 'Nouveau-Mot-2-Passe' });
    // Every session of the user is closed.
    const refreshed = await test.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const me = await test.app.inject({ method: 'GET', url: '/api/fr/app/user/me', headers: bearer(session.token) });
    expect(me.statusCode).toBe(401);

    const again = await reset(token, 'Encore-Un-Autre-3');
    expect(again.json()).toEqual({ hasError: true, message: 'reset_link_expired' });
    await loginAs(test.app, 'apprenti', { password: 'Nouveau-Mot-2-Passe' });
  });

  it('writes the French mail by default', async () => {
    const { mail } = await tokenFromMail('tuteur2');
    expect(mail.subject).toContain('réinitialisation');
    expect(mail.text).toContain('Bonjour Isabelle');
  });

  it('refuses an expired or unknown link and changes nothing', async () => {
    const before = (await userRow('tuteur')).passwordHash;
    const { token } = await tokenFromMail('tuteur');
    await test.app.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(passwordResetTokens.usedAt));
    expect((await reset(token, 'Nouveau-Mot-2-Passe')).json()).toEqual({ hasError: true, message: 'reset_link_expired' });
    expect((await reset('unknown-token', 'Nouveau-Mot-2-Passe')).json()).toEqual({ hasError: true, message: 'reset_link_expired' });
    expect((await userRow('tuteur')).passwordHash).toBe(before);
  });

  it('refuses a weak or common password, leaving the link and the password unchanged', async () => {
    const before = (await userRow('maitre')).passwordHash;
    await loginAs(test.app, 'maitre');
    const { token } = await tokenFromMail('maitre');
    for (const [password, message] of [
      ['short1!A', MESSAGES.password],
      ['nouppercase-123', MESSAGES.password],
      ['Azerty123456!', MESSAGES.passwordCommon],
      ['pASSWORD123!', MESSAGES.passwordCommon],
    ] as const) {
      const response = await reset(token, password);
      expect(response.json()).toEqual({ hasError: true, message, errors: [{ field: 'password', message }] });
    }
    expect((await userRow('maitre')).passwordHash).toBe(before);
    const live = await test.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, (await userRow('maitre')).id), isNull(refreshTokens.revokedAt)));
    expect(live.length).toBeGreaterThan(0);

    const long = `Aa1!${'k7Pq'.repeat(15)}`;
    expect((await reset(token, long)).json()).toEqual({ hasError: false });
    await loginAs(test.app, 'maitre', { password: long });
  });

  it('refuses a link on another platform, and one issued before links named their platform, as an unknown link', async () => {
    const db = test.app.ctx.db;
    const [other] = await db.insert(platforms).values({ hostname: 'other.example.org', name: 'Autre CFA' }).returning({ id: platforms.id });
    const dirigeant = await userRow('dirigeant');
    await db.insert(userPlatforms).values({ userId: dirigeant.id, platformId: other!.id });
    const { token } = await tokenFromMail('dirigeant');
    const elsewhere = await test.app.inject({
      method: 'POST',
      url: `/api/fr/app/user/reset-password/${token}`,
      headers: { host: 'other.example.org' },
      payload: { password: 'Nouveau-Mot-2-Passe' },
    });
    expect(elsewhere.json()).toEqual({ hasError: true, message: 'reset_link_expired' });
    // Asked on the other platform's hostname, the mail's link is written on that hostname (the only one it works on).
    const asked = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/user/ask-reset-password',
      headers: { host: 'other.example.org' },
      payload: { username: 'dirigeant' },
    });
    expect(asked.json()).toEqual({ success: true });
    const [theirs] = await mailsTo(dirigeant.email);
    const theirLink = new URL(/https?:\/\/\S+\/login\/new-password\/[A-Za-z0-9_-]+/.exec(theirs!.text)![0]);
    expect(theirLink.hostname).toBe('other.example.org');
    // A welcome link of the other platform does not work here either.
    const link = await createPasswordLink(db, test.app.ctx.config.publicUrl, {
      userId: dirigeant.id,
      platformId: other!.id,
      ttlSeconds: 3600,
    });
    expect((await reset(link.split('/').pop()!, 'Nouveau-Mot-2-Passe')).json()).toEqual({ hasError: true, message: 'reset_link_expired' });
    const legacy = await createPasswordLink(db, test.app.ctx.config.publicUrl, {
      userId: dirigeant.id,
      platformId: other!.id,
      ttlSeconds: 3600,
    });
    await db
      .update(passwordResetTokens)
      .set({ platformId: null })
      .where(eq(passwordResetTokens.tokenHash, hashToken(legacy.split('/').pop()!)));
    expect((await reset(legacy.split('/').pop()!, 'Nouveau-Mot-2-Passe')).json()).toEqual({
      hasError: true,
      message: 'reset_link_expired',
    });
    expect((await userRow('dirigeant')).passwordHash).toBe(dirigeant.passwordHash);
    // On its own platform the link still works.
    expect((await reset(token, 'Nouveau-Mot-2-Passe')).json()).toEqual({ hasError: false });
  });

  it('voids the other outstanding links of the user once one is used', async () => {
    const first = await tokenFromMail('apprenti6');
    const second = await tokenFromMail('apprenti6');
    const welcome = await createPasswordLink(test.app.ctx.db, test.app.ctx.config.publicUrl, {
      userId: (await userRow('apprenti6')).id,
      platformId: await localhostId(),
      ttlSeconds: 3600,
    });
    expect((await reset(second.token, 'Nouveau-Mot-2-Passe')).json()).toEqual({ hasError: false });
    for (const token of [first.token, welcome.split('/').pop()!]) {
      expect((await reset(token, 'Encore-Un-Autre-3')).json()).toEqual({ hasError: true, message: 'reset_link_expired' });
    }
    await loginAs(test.app, 'apprenti6', { password: 'Nouveau-Mot-2-Passe' });
  });

  it('answers a known and an unknown username alike, doing the same writes', async () => {
    const known = await ask('apprenti2');
    const unknown = await ask('nobody-known-here');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const headersOf = (response: typeof known) =>
      Object.keys(response.headers)
        .filter((name) => name !== 'date')
        .sort();
    expect(headersOf(unknown)).toEqual(headersOf(known));
    const counted = await test.app.ctx.db.select({ key: loginThrottle.key }).from(loginThrottle).where(like(loginThrottle.key, 'reset:%'));
    expect(counted.map((row) => row.key)).toEqual(expect.arrayContaining(['reset:apprenti2', 'reset:nobody-known-here']));
  });

  it('sends at most three mails per username and hour, answering success every time', async () => {
    const email = (await userRow('apprenti5')).email;
    for (let i = 0; i < 5; i += 1) expect((await ask('apprenti5')).json()).toEqual({ success: true });
    expect(await mailsTo(email)).toHaveLength(3);
  });
});
