import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_TITLES, ExportResponse, type FormModel, type HistoryResponse } from '@lea/shared';
import { mailOutbox, trainingCourses, trainings } from '../db/schema/index.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, type Fixture } from '../features/questionnaire/test-fixtures.js';
import { demoCourseId, managerClient, payloadOf } from '../generic/test-helpers.js';
import { tokenFor, userIdOf } from '../test/auth.js';
import { bearer } from '../test/login.js';
import { sheetRows } from '../test/read-xlsx.js';
import { recentMail } from '../test/recent-mail.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { forgetProfileTitles, PROFILE_TITLES_TTL_MS, profileTitlesOf } from './profile-titles.js';

/** The overrides an administrator saves: no demo text contains these words. */
const FRENCH = {
  1: { title: 'Alternant', titleWithArticle: "l'alternant", titlePlural: 'Alternants', titleAbbreviation: 'AL' },
  2: { title: 'Référent école', titleWithArticle: 'le référent école', titlePlural: 'Référents école', titleAbbreviation: 'RE' },
  3: {
    title: 'Tuteur en entreprise',
    titleWithArticle: 'le tuteur en entreprise',
    titlePlural: 'Tuteurs en entreprise',
    titleAbbreviation: 'TE',
  },
  4: {
    title: 'Gestionnaire du livret',
    titleWithArticle: 'le gestionnaire du livret',
    titlePlural: 'Gestionnaires',
    titleAbbreviation: 'GL',
  },
} as const;
const ENGLISH_APPRENTICE = { title: 'Work-study student', titleWithArticle: 'the work-study student', titlePlural: 'Work-study students' };

describe('profile titles: the platform’s own, wherever the server names a profile (decision 024)', () => {
  let test: TestApp;
  let fixture: Fixture;
  let courseId: number;
  let platformId: number;
  const tokens: Record<string, string> = {};
  const dir = mkdtempSync(join(tmpdir(), 'lea-titles-'));
  const get = (token: string | null, path: string, locale = 'fr') =>
    test.app.inject({ method: 'GET', url: `/api/${locale}/app${path}`, headers: token ? bearer(token) : {} });
  const pdfText = (data: string, name: string) => {
    const path = join(dir, name);
    writeFileSync(path, Buffer.from(data, 'base64'));
    return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
  };

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['admin', 'manager', 'apprenti', 'tuteur']) tokens[username] = await tokenFor(test.app, username);
    courseId = await demoCourseId(test.app);
    const [course] = await test.app.ctx.db
      .select({ platformId: trainings.platformId })
      .from(trainingCourses)
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(eq(trainingCourses.id, courseId));
    platformId = course!.platformId;
    fixture = await createQuestionnaireFixture(test.app, { signedBy: [1], title: 'Bilan des titres' });
    const signed = await callAs(
      test.app,
      tokens.apprenti!,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 3,
        profile: 1,
        version: 0,
        answers: apprenticeAnswers(fixture),
      },
    );
    expect(signed.json().hasError, signed.body).toBe(false);
    // Read once before the save: the save must drop what this process cached.
    expect((await profileTitlesOf(test.app.ctx.db, platformId)).fr[1].title).toBe('Apprenti');
    for (const profile of [1, 2, 3, 4] as const) {
      const path = `/admin/profile-title/post/${profile}`;
      const model: FormModel = (await get(tokens.admin!, `/admin/profile-title/form/${profile}`)).json();
      const changes: Record<string, string> = Object.fromEntries(
        Object.entries(FRENCH[profile]).map(([form, value]) => [`fr_${form}`, value]),
      );
      if (profile === 1) for (const [form, value] of Object.entries(ENGLISH_APPRENTICE)) changes[`en_${form}`] = value;
      const saved = await test.app.inject({
        method: 'PUT',
        url: `/api/fr/app${path}`,
        headers: bearer(tokens.admin!),
        payload: payloadOf(model, changes),
      });
      expect(saved.json().hasError, saved.body).toBe(false);
    }
  });
  afterAll(async () => {
    await test?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('saving titles is for the platform’s administrators, with checked ids', async () => {
    const model: FormModel = (await get(tokens.admin!, '/admin/profile-title/form/1')).json();
    const put = (token: string, path: string) =>
      test.app.inject({ method: 'PUT', url: `/api/fr/app${path}`, headers: bearer(token), payload: payloadOf(model) });
    expect((await put(tokens.manager!, '/admin/profile-title/post/1')).statusCode).toBe(403);
    expect((await put(tokens.apprenti!, '/admin/profile-title/post/1')).statusCode).toBe(403);
    expect((await put(tokens.admin!, '/admin/profile-title/post/9')).statusCode).toBe(404);
    for (const bad of ['x', '1.5', '99999999999', '%00'])
      expect((await put(tokens.admin!, `/admin/profile-title/post/${bad}`)).statusCode, bad).toBe(400);
    const nul = await put(tokens.admin!, '/admin/profile-title/post/1');
    expect(nul.statusCode).toBe(200);
    const withNul = payloadOf(model, { fr_title: 'Al\u0000ternant' });
    const refused = await test.app.inject({
      method: 'PUT',
      url: '/api/fr/app/admin/profile-title/post/1',
      headers: bearer(tokens.admin!),
      payload: withNul,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('caches a platform’s titles per process, for a short time, and forgets them on a save', async () => {
    const { db } = test.app.ctx;
    const now = Date.now();
    const first = profileTitlesOf(db, platformId, now);
    expect(profileTitlesOf(db, platformId, now + 1000)).toBe(first);
    expect(profileTitlesOf(db, platformId, now + PROFILE_TITLES_TTL_MS + 1)).not.toBe(first);
    const cached = profileTitlesOf(db, platformId);
    forgetProfileTitles(db, platformId);
    expect(profileTitlesOf(db, platformId)).not.toBe(cached);
    expect((await profileTitlesOf(db, platformId)).fr[1]).toEqual(FRENCH[1]);
    expect((await profileTitlesOf(db, platformId)).en[1].title).toBe('Work-study student');
    // The defaults stay where nothing was saved.
    expect((await profileTitlesOf(db, platformId)).en[2]).toEqual(DEFAULT_PROFILE_TITLES.en[2]);
  });

  it('back-office forms and columns: the triad form’s tabs and labels, the user form’s profiles, the document rights', async () => {
    const call = managerClient(test.app, courseId, tokens.manager!);
    const triad: FormModel = (await call('GET', '/triad/form')).json();
    expect(triad.tabs.map((tab) => tab.label)).toEqual(expect.arrayContaining(['Alternant', 'Référent école', 'Tuteur en entreprise']));
    const labels = triad.tabs.flatMap((tab) => tab.fields.map((field) => field.label));
    expect(labels.some((label) => label.includes('alternant'))).toBe(true);
    expect(labels.join(' ')).not.toMatch(/apprenti\b|Apprenti\b/);
    const english: FormModel = (await managerClient(test.app, courseId, tokens.manager!, 'en')('GET', '/triad/form')).json();
    const tabOf = (code: string) => english.tabs.find((tab) => tab.code === code)!.label;
    expect(tabOf('apprentice')).toBe('Work-study student');
    expect(tabOf('tutor')).toBe('Pedagogic tutor');

    const contract = (await call('GET', `/contract/list/${fixture.triadId}`)).json() as { columns: { label: string }[] };
    expect(contract.columns.map((column) => column.label)).toContain('Tuteur en entreprise');

    const documentForm: FormModel = (await call('GET', '/document/form')).json();
    const rights = documentForm.tabs.flatMap((tab) => tab.fields).find((field) => field.name === 'rights')!;
    expect(rights.choices!.map((choice) => choice.label)).toEqual([
      'Alternant',
      'Référent école',
      'Tuteur en entreprise',
      'Gestionnaire du livret',
    ]);
    const triadDocument = (
      await callAs(test.app, tokens.tuteur!, 'GET', `/app/document/${fixture.triadId}/document/form`)
    ).json() as FormModel;
    const triadRights = triadDocument.tabs.flatMap((tab) => tab.fields).find((field) => field.name === 'rights')!;
    expect(triadRights.choices!.map((choice) => choice.label)[0]).toBe('Alternant');
  });

  it('PDF: the questionnaire names the triad’s members and the signer with the platform’s titles', async () => {
    const response = await callAs(
      test.app,
      tokens.tuteur!,
      'GET',
      `/app/questionnaire/export/${fixture.triadId}/${fixture.questionnaireId}?model=1`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(ExportResponse.parse(response.json()).data, 'questionnaire.pdf');
    // The triad's grid prints its labels in capitals; the signature box as they are.
    expect(text).toContain('ALTERNANT');
    expect(text).toContain('RÉFÉRENT ÉCOLE');
    expect(text).toContain('TUTEUR EN ENTREPRISE');
    expect(text).toContain('Alternant : 9 / 11');
    // The defaults no longer name the members (a question's own text may still say what it says).
    expect(text).not.toMatch(/^(APPRENTI|TUTEUR PÉDAGOGIQUE|MAÎTRE D'APPRENTISSAGE)$/m);
    expect(text).not.toMatch(/^Apprenti\b/m);
  });

  it('xlsx: the admin exports’ and the dashboard’s headers and cells', async () => {
    const signatures = await get(tokens.admin!, '/admin/export/1');
    expect(signatures.statusCode).toBe(200);
    const rows = await sheetRows(signatures.rawPayload);
    expect(rows[0]![3]).toBe('Alternant');
    expect(rows.slice(1).some((row) => row[5] === 'Alternant')).toBe(true);
    const followUp = await sheetRows((await get(tokens.admin!, '/admin/export/6')).rawPayload);
    expect(followUp[0]!.slice(-4)).toEqual(['Alternant', 'Référent école', 'Tuteur en entreprise', 'Gestionnaire du livret']);
    const visits = await sheetRows((await get(tokens.admin!, '/admin/export/4')).rawPayload);
    expect(visits[0]!.slice(3, 6)).toEqual(['Alternant', 'Référent école', 'Tuteur en entreprise']);

    const dashboard = await managerClient(test.app, courseId, tokens.manager!)('GET', '/dashboard/export');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const board = await sheetRows((dashboard.json() as { data: string }).data);
    expect(board[0]!.slice(1, 4)).toEqual(['Alternant', 'Référent école', 'Tuteur en entreprise']);
  });

  it('mails: the new-password mail names the course manager with the platform’s title', async () => {
    const id = await userIdOf(test.app, 'apprenti3');
    const sent = await managerClient(test.app, courseId, tokens.manager!, 'en')('POST', '/triad/send-new-password', { users: [id] });
    expect(sent.json().hasError, sent.body).toBe(false);
    const [mail] = await test.app.ctx.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'new-password'), eq(mailOutbox.trainingCourseId, courseId), recentMail()));
    // In the recipient's language (the platform's, French), with its French title.
    expect(mail!.text).toContain('le gestionnaire du livret vous envoie un lien');
  });

  it('history: a signature line names the signer’s profile with the platform’s title', async () => {
    const history = (await get(tokens.admin!, '/admin/history?type=signature&limit=100')).json() as HistoryResponse;
    const line = history.data.find((entry) => entry.label.includes('Bilan des titres'));
    expect(line?.label).toBe('Signature de « Bilan des titres » (Alternant)');
    expect(history.data.map((entry) => entry.label).join(' ')).not.toMatch(/\((Apprenti|Tuteur pédagogique)\)/);
    const english = (await get(tokens.admin!, '/admin/history?type=signature&limit=100', 'en')).json() as HistoryResponse;
    expect(english.data.find((entry) => entry.label.includes('Bilan des titres'))?.label).toBe(
      'Signed “Bilan des titres” (Work-study student)',
    );
  });

  it('errors: the signing order names the waiting profiles with the platform’s titles', async () => {
    // The course manager signs last: before the apprentice, the answer says whom it waits for.
    const ordered = await createQuestionnaireFixture(test.app, { signedBy: [1, 4], title: 'Ordre des titres' });
    const save = (locale: string) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/${locale}/app/questionnaire/save/${ordered.triadId}/${ordered.questionnaireId}`,
        headers: bearer(tokens.manager!),
        payload: { draft: 3, profile: 4, version: 0, answers: [] },
      });
    const early = await save('fr');
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toContain("l'alternant");
    expect((await save('en')).json().message).toContain('the work-study student');
  });

  it('server code names profiles only through services/profile-titles.ts', () => {
    const root = join(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const name of readdirSync(folder)) {
        const path = join(folder, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('fixture')) files.push(path);
      }
    };
    walk(root);
    const offenders = files
      .filter((path) => relative(root, path) !== join('services', 'profile-titles.ts'))
      .filter((path) =>
        /\b(DEFAULT_PROFILE_TITLES|profileTitle|profileTitlesByNumber)\b/.test(
          readFileSync(path, 'utf8').replace(/'[^'\n]*'|`[^`]*`/g, "''"),
        ),
      )
      .map((path) => relative(root, path));
    expect(offenders).toEqual([]);
  });
});
