import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_CODE_MAX_FAILURES } from '@lea/shared';
import { historyLog, loginThrottle, mailOutbox, platforms, signInCodes, userPlatforms, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer } from '../../test/login.js';
import { SIGN_IN_MAILS_PER_HOUR } from './email-sign-in.js';
import { createSignInCode } from '../../services/sign-in-codes.js';

describe('sign-in by e-mail (issue 20 §1)', () => {
  let test: TestApp;
  let platformId: number;
  beforeAll(async () => {
    test = await createTestApp();
    const [row] = await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    platformId = row!.id;
  });
  afterAll(async () => {
    await test.close();
  });

  const db = () => test.app.ctx.db;
  const post = (url: string, payload?: Record<string, unknown>, host = 'localhost') =>
    test.app.inject({ method: 'POST', url: `/api/fr${url}`, headers: { host }, ...(payload ? { payload } : {}) });
  const ask = (username: string, target?: string, host?: string) =>
    post('/app/user/email-sign-in', { username, ...(target ? { target } : {}) }, host);
  const withCode = (username: string, code: string, host?: string) => post('/app/user/email-sign-in/code', { username, code }, host);
  const userOf = async (username: string) => (await db().select().from(users).where(eq(users.username, username)))[0]!;
  const mailsTo = async (username: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, (await userOf(username)).email), eq(mailOutbox.kind, 'sign-in')))
      .orderBy(desc(mailOutbox.id));
  /** Asks for a code and reads it and the link's token from the mail, as the person would. */
  const codeFromMail = async (username: string, target?: string) => {
    expect((await ask(username, target)).json()).toEqual({ success: true });
    const [mail] = await mailsTo(username);
    const code = /(\d{3}) (\d{3})/.exec(mail!.text)!;
    const token = /\/login\/email\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    return { code: `${code[1]}${code[2]}`, token, mail: mail! };
  };
  const clearThrottle = () => db().delete(loginThrottle);
  const setChoices = (choices: Record<string, string>) =>
    db()
      .update(platforms)
      .set({ signInMethods: choices as Record<string, 'password' | 'email' | 'both'> })
      .where(eq(platforms.id, platformId));

  it('mails a master a code and a link; the code opens a session marked as opened by e-mail, once', async () => {
    await clearThrottle();
    const { code, token, mail } = await codeFromMail('maitre');
    expect(mail.subject).toMatch(/code de connexion \d{3} \d{3}/);
    expect(mail.text).toContain(`${test.app.ctx.config.publicUrl}/login/email/${token}`);
    expect(mail.text).toContain('15 minutes');
    const [stored] = await db().select().from(signInCodes).orderBy(desc(signInCodes.id)).limit(1);
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const response = await withCode('maitre', code);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; refresh_token: string };
    expect(decodeJwt(body.token).amr).toBe('email-code');
    const me = await test.app.inject({ method: 'GET', url: '/api/fr/app/user/me', headers: { host: 'localhost', ...bearer(body.token) } });
    expect(me.statusCode).toBe(200);
    // A rotation keeps how the session was opened.
    const refreshed = await test.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: body.refresh_token } });
    expect(decodeJwt((refreshed.json() as { token: string }).token).amr).toBe('email-code');
    const [line] = await db().select().from(historyLog).where(eq(historyLog.action, 'user.login')).orderBy(desc(historyLog.id)).limit(1);
    expect(line!.details).toEqual({ method: 'email-code' });

    // Single use: the code and its link are spent.
    expect((await withCode('maitre', code)).statusCode).toBe(401);
    expect((await post(`/app/user/email-sign-in/link/${token}`)).json()).toEqual({ success: false, reason: 'expired' });
  });

  it('refuses a wrong code with the same answer as an unknown name, and kills the code after too many wrong tries', async () => {
    await clearThrottle();
    const { code } = await codeFromMail('maitre');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await withCode('maitre', wrong);
    expect(refused.statusCode).toBe(401);
    const unknown = await withCode('nobody-here', wrong);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(refused.json());
    for (let attempt = 1; attempt < SIGN_IN_CODE_MAX_FAILURES; attempt += 1) {
      await clearThrottle();
      expect((await withCode('maitre', wrong)).statusCode).toBe(401);
    }
    await clearThrottle();
    expect((await withCode('maitre', code)).statusCode).toBe(401);
  });

  it('holds back a guesser like a password guesser (429 with Retry-After)', async () => {
    await clearThrottle();
    let last = 0;
    for (let attempt = 0; attempt < 8 && last !== 429; attempt += 1) last = (await withCode('maitre', '123456')).statusCode;
    expect(last).toBe(429);
    await clearThrottle();
  });

  it('refuses an expired code', async () => {
    await clearThrottle();
    const { code } = await codeFromMail('maitre');
    const [latest] = await db().select().from(signInCodes).orderBy(desc(signInCodes.id)).limit(1);
    await db()
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.id, latest!.id));
    expect((await withCode('maitre', code)).statusCode).toBe(401);
  });

  it('a new request replaces the earlier code', async () => {
    await clearThrottle();
    const first = await codeFromMail('maitre');
    const second = await codeFromMail('maitre');
    if (first.code !== second.code) expect((await withCode('maitre', first.code)).statusCode).toBe(401);
    expect((await withCode('maitre', second.code)).statusCode).toBe(200);
  });

  it('answers alike and sends nothing to an unknown name or to a profile kept to passwords', async () => {
    await clearThrottle();
    const before = (await db().select().from(mailOutbox)).length;
    expect((await ask('personne-inconnue')).json()).toEqual({ success: true });
    // The apprentice signs in by password unless the platform chooses otherwise.
    expect((await ask('apprenti')).json()).toEqual({ success: true });
    expect((await db().select().from(mailOutbox)).length).toBe(before);
  });

  it('finds the person by a unique e-mail address', async () => {
    await clearThrottle();
    const master = await userOf('maitre');
    expect((await ask(master.email.toUpperCase())).json()).toEqual({ success: true });
    const [mail] = await mailsTo('maitre');
    expect(Date.now() - mail!.createdAt.getTime()).toBeLessThan(10_000);
  });

  it('mails at most SIGN_IN_MAILS_PER_HOUR codes per account and hour, answering alike', async () => {
    await clearThrottle();
    const countBefore = (await mailsTo('maitre2')).length;
    for (let request = 0; request < SIGN_IN_MAILS_PER_HOUR + 2; request += 1)
      expect((await ask('maitre2')).json()).toEqual({ success: true });
    const sent = (await mailsTo('maitre2')).length - countBefore;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(SIGN_IN_MAILS_PER_HOUR);
  });

  it('a link signs in once, lands on its target, and an expired link can be renewed by mail', async () => {
    await clearThrottle();
    const target = '/dashboard/questionnaire/1/2';
    const { token } = await codeFromMail('maitre', target);
    const used = await post(`/app/user/email-sign-in/link/${token}`);
    const body = used.json() as { success: boolean; token: string; target: string };
    expect(body).toMatchObject({ success: true, target });
    expect(decodeJwt(body.token).amr).toBe('email-link');
    expect((await post(`/app/user/email-sign-in/link/${token}`)).json()).toEqual({ success: false, reason: 'expired' });

    const before = (await mailsTo('maitre')).length;
    expect((await post(`/app/user/email-sign-in/renew/${token}`)).json()).toEqual({ success: true });
    const [renewed] = await mailsTo('maitre');
    expect((await mailsTo('maitre')).length).toBe(before + 1);
    const fresh = /\/login\/email\/([A-Za-z0-9_-]+)/.exec(renewed!.text)![1]!;
    expect((await post(`/app/user/email-sign-in/link/${fresh}`)).json()).toMatchObject({ success: true, target });
  });

  it('a link or code is tied to its platform', async () => {
    await clearThrottle();
    await db().insert(platforms).values({ hostname: 'autre-cfa.example.org', name: 'Autre CFA' }).onConflictDoNothing();
    const { code, token } = await codeFromMail('maitre');
    expect((await post(`/app/user/email-sign-in/link/${token}`, undefined, 'autre-cfa.example.org')).json()).toEqual({
      success: false,
      reason: 'invalid',
    });
    expect((await withCode('maitre', code, 'autre-cfa.example.org')).statusCode).toBe(401);
    // Asking on the other platform mails nothing: maitre is not its member.
    const before = (await mailsTo('maitre')).length;
    await ask('maitre', undefined, 'autre-cfa.example.org');
    expect((await mailsTo('maitre')).length).toBe(before);
    expect((await withCode('maitre', code)).statusCode).toBe(200);

    // A link made for that platform is written on its own hostname, and is worthless here.
    const [other] = await db().select().from(platforms).where(eq(platforms.hostname, 'autre-cfa.example.org'));
    const master = await userOf('maitre');
    const made = await db().transaction((tx) =>
      createSignInCode(
        tx,
        { secret: test.app.ctx.config.jwtSecret, publicUrl: 'https://lea.example.org' },
        { userId: master.id, platformId: other!.id, hostname: 'autre-cfa.example.org', target: null, replace: false },
      ),
    );
    const link = new URL(made.link);
    expect(link.origin).toBe('https://autre-cfa.example.org');
    expect((await post(`/app/user/email-sign-in/link/${link.pathname.split('/').pop()}`)).json()).toMatchObject({
      success: false,
      reason: 'invalid',
    });
  });

  it('an unknown link is invalid, and renewing it sends nothing', async () => {
    const before = (await db().select().from(mailOutbox)).length;
    const unknown = 'x'.repeat(43);
    expect((await post(`/app/user/email-sign-in/link/${unknown}`)).json()).toEqual({ success: false, reason: 'invalid' });
    expect((await post(`/app/user/email-sign-in/renew/${unknown}`)).json()).toEqual({ success: true });
    expect((await db().select().from(mailOutbox)).length).toBe(before);
  });

  it('refuses bad input with 400, never 500', async () => {
    const cases: [string, Record<string, unknown> | undefined][] = [
      ['/app/user/email-sign-in', { username: '' }],
      ['/app/user/email-sign-in', { username: 'maitre', target: '//evil.example.org/x' }],
      ['/app/user/email-sign-in', { username: 'maitre', target: 'https://evil.example.org' }],
      ['/app/user/email-sign-in', { username: 'maitre', target: '/\\evil.example.org' }],
      ['/app/user/email-sign-in', { username: 'x'.repeat(181) }],
      ['/app/user/email-sign-in', { username: 'mai\u0000tre' }],
      ['/app/user/email-sign-in/code', { username: 'maitre', code: '12345' }],
      ['/app/user/email-sign-in/code', { username: 'maitre', code: 'abcdef' }],
      ['/app/user/email-sign-in/code', { username: 'maitre', code: 123456 }],
      ['/app/user/email-sign-in/code', { username: 'maitre' }],
      ['/app/user/email-sign-in/link/short', undefined],
      [`/app/user/email-sign-in/link/${'a'.repeat(129)}`, undefined],
      ['/app/user/email-sign-in/renew/bad%20token%20value!!', undefined],
    ];
    // A path parameter past Fastify's 100 characters answers 414 before the schema: also a refusal.
    for (const [url, payload] of cases)
      expect([400, 414], `${url} ${JSON.stringify(payload)}`).toContain((await post(url, payload)).statusCode);
  });

  it('the platform chooses per profile: e-mail only refuses the right password with its own message; password only refuses the code', async () => {
    await clearThrottle();
    await setChoices({ apprentice_master: 'email' });
    const password = await test.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: 'maitre', password: 'Demo-Lea-2026!' },
    });
    expect(password.statusCode).toBe(401);
    expect(password.json()).toMatchObject({ message: 'password_sign_in_not_allowed' });
    const wrongPassword = await test.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: 'maitre', password: 'nope' },
    });
    expect(wrongPassword.json()).toMatchObject({ message: 'Bad credentials' });

    const { code } = await codeFromMail('maitre');
    await setChoices({ apprentice_master: 'password' });
    expect((await withCode('maitre', code)).statusCode).toBe(401);
    // The apprentice may be let in by e-mail too.
    await setChoices({ apprentice: 'both' });
    await clearThrottle();
    const apprentice = await codeFromMail('apprenti');
    expect((await withCode('apprenti', apprentice.code)).statusCode).toBe(200);
    await setChoices({});
  });

  it('an account that left the platform gets nothing', async () => {
    await clearThrottle();
    const master = await userOf('maitre2');
    await db().update(users).set({ active: false }).where(eq(users.id, master.id));
    const before = (await mailsTo('maitre2')).length;
    await ask('maitre2');
    expect((await mailsTo('maitre2')).length).toBe(before);
    await db().update(users).set({ active: true }).where(eq(users.id, master.id));
    expect(await db().select().from(userPlatforms).where(eq(userPlatforms.userId, master.id))).not.toHaveLength(0);
  });
});
