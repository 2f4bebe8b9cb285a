import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, replySignatures, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callAs, createQuestionnaireFixture, dayFromToday } from './test-fixtures.js';

/** A signature records how its session was opened (issue 20 §1): here by a code received by e-mail. */
describe('the signature method', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test?.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: `/api/fr${url}`, headers: { host: 'localhost' }, payload });

  it('a signature made in a session opened by an e-mail code says so; a password session says password', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [3], title: 'Signé après un code' });
    const byTutor = await createQuestionnaireFixture(test.app, { signedBy: [2], title: 'Signé avec le mot de passe' });
    expect((await post('/app/user/email-sign-in', { username: 'maitre' })).json()).toEqual({ success: true });
    const [master] = await test.app.ctx.db.select().from(users).where(eq(users.username, 'maitre'));
    const [mail] = await test.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, master!.email), eq(mailOutbox.kind, 'sign-in')))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const digits = /(\d{3}) (\d{3})/.exec(mail!.text)!;
    const session = (await post('/app/user/email-sign-in/code', { username: 'maitre', code: `${digits[1]}${digits[2]}` })).json() as {
      token: string;
    };
    const url = `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`;
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: 'tuteur', password: 'Demo-Lea-2026!' },
    });
    const tutor = login.json() as { token: string };
    const byPassword = await callAs(test.app, tutor.token, 'PUT', `/app/questionnaire/save/${byTutor.triadId}/${byTutor.questionnaireId}`, {
      draft: 3,
      profile: 2,
      version: 0,
      interviewDate: dayFromToday(-2),
      answers: [{ questionId: byTutor.ids.tutorText, value: 'Bien' }],
    });
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    const [latest] = await test.app.ctx.db.select().from(replySignatures).orderBy(desc(replySignatures.id)).limit(1);
    expect(latest!.method).toBe('password');
    const signed = await callAs(test.app, session.token, 'PUT', url, {
      draft: 3,
      profile: 3,
      version: 0,
      answers: [{ questionId: fixture.ids.masterText, value: 'Très sérieux' }],
    });
    expect(signed.statusCode).toBe(200);
    const [byCode] = await test.app.ctx.db.select().from(replySignatures).orderBy(desc(replySignatures.id)).limit(1);
    expect(byCode!.method).toBe('email-code');
  });
});
