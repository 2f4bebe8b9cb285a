import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_TITLES } from '@lea/shared';
import { tokenFor } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createQuestionnaireFixture, type Fixture } from '../features/questionnaire/test-fixtures.js';
import { demoCourseId } from '../generic/test-helpers.js';
import { sheetOf } from '../features/questionnaire/dashboard-test-helpers.js';
import { reminderMail } from '../features/questionnaire/reminders-recipients.js';
import { userInfoMail } from '../features/manager/send-infos-mails.js';

/** No French on /api/en/…: the catalogue's texts and the shared rules' messages answer in English. */
describe('answers on /api/en are in English', () => {
  let test: TestApp;
  let fixture: Fixture;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'apprenti2', 'manager']) tokens[username] = await tokenFor(test.app, username);
    fixture = await createQuestionnaireFixture(test.app);
  });
  const dir = mkdtempSync(join(tmpdir(), 'lea-english-'));
  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (locale: 'fr' | 'en', username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    test.app.inject({
      method,
      url: `/api/${locale}${url}`,
      headers: { host: 'localhost', authorization: `Bearer ${tokens[username]}` },
      ...(payload ? { payload } : {}),
    });

  it('404: an unknown questionnaire', async () => {
    const url = `/app/questionnaire/${fixture.triadId}/987654`;
    expect((await call('en', 'apprenti', 'GET', url)).json()).toEqual({ code: 404, message: 'Questionnaire not found' });
    expect((await call('fr', 'apprenti', 'GET', url)).json()).toEqual({ code: 404, message: 'Questionnaire introuvable' });
  });

  it('403: a questionnaire of another triad', async () => {
    const response = await call('en', 'apprenti2', 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`);
    expect(response.json()).toEqual({ code: 403, message: 'Access denied' });
  });

  it('400: a bad body, with the field message of the shared rule', async () => {
    const response = await call(
      'en',
      'apprenti',
      'POST',
      `/app/questionnaire/add-comment/${fixture.triadId}/${fixture.questionnaireId}/1`,
      { comment: '   ' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Invalid request',
      errors: [{ field: 'comment', message: 'This field is required' }],
    });
  });

  it('an import report: the file field of the triad import', async () => {
    const course = await demoCourseId(test.app);
    const url = `/app/lea-manager/${course}/triad/import-post`;
    const empty = await call('en', 'manager', 'POST', url, { form: [{ code: 'import', form: {} }] });
    expect(empty.json()).toMatchObject({ hasError: true, validationErrors: [{ field: 'file', message: 'This field is required' }] });
    const french = await call('fr', 'manager', 'POST', url, { form: [{ code: 'import', form: {} }] });
    expect(french.json()).toMatchObject({ hasError: true, validationErrors: [{ field: 'file', message: 'Ce champ est obligatoire' }] });
  });

  it('a PDF: the questionnaire blank model prints its words in English', async () => {
    const url = `/app/questionnaire/export/${fixture.triadId}/${fixture.questionnaireId}?model=0`;
    const printed = async (locale: 'fr' | 'en') => {
      const path = join(dir, `${locale}.pdf`);
      writeFileSync(path, Buffer.from((await call(locale, 'apprenti', 'GET', url)).json().data, 'base64'));
      return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    };
    const english = await printed('en');
    // The band prints its kind in capitals.
    expect(english).toContain('BLANK MODEL');
    expect(english).toContain('Training course');
    expect(english).not.toMatch(/MODÈLE VIERGE|Formation|Année|Non renseigné/);
    expect(await printed('fr')).toContain('MODÈLE VIERGE');
  });

  it('an xlsx: the signature dashboard export has English headers, statuses and profile titles', async () => {
    const url = `/app/lea-manager/${fixture.courseId}/dashboard/export?questionnaires=${fixture.questionnaireId}`;
    const { name, rows } = await sheetOf((await call('en', 'manager', 'GET', url)).json());
    expect(name).toBe('Signatures');
    expect(rows[0]?.slice(0, 5)).toEqual(['Crew', 'Apprentice', 'Pedagogic tutor', 'Apprenticeship master', 'Active']);
    expect(rows[0]?.[6]).toMatch(/ – Apprentice – signed on$/);
    expect(
      rows
        .slice(1)
        .flat()
        .filter((cell) => typeof cell === 'string' && /^(Oui|Non|Signé|En attente|Verrouillé|Déverrouillé)$/.test(cell)),
    ).toEqual([]);
  });

  it('mails: the builders take the language and render every line of it', () => {
    const facts = {
      firstName: 'Ann',
      username: 'ann',
      platformName: 'Lea',
      courseName: 'BTS',
      link: 'https://lea.test/l',
      loginUrl: 'https://lea.test/login',
    };
    const welcome = userInfoMail('welcome', 'en', facts, DEFAULT_PROFILE_TITLES.en);
    expect(welcome.subject).toBe('Lea: welcome to your apprenticeship booklet');
    expect(welcome.text).toContain('Your username: ann');
    const item = {
      questionnaireId: 1,
      triadId: 1,
      profile: 1,
      title: 'Review',
      apprentice: 'Ann Lee',
      endDate: '2026-03-04',
      toComplete: true,
      toSign: true,
    };
    const reminder = reminderMail(
      { userId: 1, email: 'ann@lea.test', firstName: 'Ann', items: [item] },
      { platformName: 'Lea', publicUrl: 'https://lea.test', locale: 'en', signInLink: 'https://lea.test/login/email/abc' },
    );
    expect(reminder.text).toContain('To open the booklet without a password');
    expect(reminder.subject).toBe('Lea: questionnaires are waiting for you');
    expect(reminder.text).toContain('- Review (Ann Lee): to complete and sign before 04/03/2026');
    for (const text of [welcome.subject, welcome.text, reminder.text]) expect(text).not.toMatch(/[éèàç]|Bonjour| : /);
    expect(
      reminderMail({ userId: 1, email: 'a@b.c', firstName: 'Ann', items: [item] }, { platformName: 'Lea', publicUrl: 'x', locale: 'fr' })
        .text,
    ).toContain('- Review (Ann Lee) : à compléter et signer avant le 04/03/2026');
  });
});
