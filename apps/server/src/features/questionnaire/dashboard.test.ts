import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardReminderResponse, FormModel, QuestionnaireDashboardResponse } from '@lea/shared';
import { mailOutbox, trainingCourseManagers, trainingCourses, userPlatforms, users } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sheetOf } from './dashboard-test-helpers.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, dayFromToday, type Fixture } from './test-fixtures.js';
import { recentMail } from '../../test/recent-mail.js';

describe('signature dashboard', () => {
  let test: TestApp;
  let fixture: Fixture;
  const tokens: Record<string, string> = {};
  const get = async (query = '', username = 'manager') =>
    callAs(test.app, tokens[username] as string, 'GET', `/app/lea-manager/${fixture.courseId}/dashboard${query}`);
  const dashboard = async (query = '') => QuestionnaireDashboardResponse.parse((await get(query)).json());
  const entryOf = (response: QuestionnaireDashboardResponse, questionnaireId = fixture.questionnaireId) =>
    response.categories.flatMap((category) => category.questionnaires).find((questionnaire) => questionnaire.id === questionnaireId);

  beforeAll(async () => {
    test = await createTestApp();
    fixture = await createQuestionnaireFixture(test.app, { signedBy: [1, 4], useComments: false, marksVisibleBy: [2] });
    for (const username of ['manager', 'admin', 'apprenti', 'tuteur']) tokens[username] = await tokenFor(test.app, username);
    // A manager of the archived course only.
    const { db } = test.app.ctx;
    const [archived] = await db.select().from(trainingCourses).where(eq(trainingCourses.archived, true));
    const [manager] = await db.select().from(users).where(eq(users.username, 'manager'));
    const [platform] = await db
      .select()
      .from(userPlatforms)
      .where(eq(userPlatforms.userId, manager?.id ?? 0));
    const [other] = await db
      .insert(users)
      .values({ username: 'gestionnaire2', email: 'g2@example.com', firstName: 'Autre', lastName: 'Gestionnaire' })
      .returning();
    await db.insert(userPlatforms).values({ userId: other!.id, platformId: platform!.platformId });
    await db.insert(trainingCourseManagers).values({ trainingCourseId: archived!.id, userId: other!.id });
    tokens.gestionnaire2 = await tokenFor(test.app, 'gestionnaire2');
  });
  afterAll(async () => {
    await test.close();
  });

  it("shows every signer's icon per triad; a signature gives a check with its date, cancelling it the hourglass again", async () => {
    const before = entryOf(await dashboard());
    expect(Object.keys(before?.dashboardData ?? {})).toEqual([String(fixture.triadId)]);
    expect(before?.dashboardData[String(fixture.triadId)]).toEqual({
      apprentice: { icon: 'hourglass-start', signedAt: null, endDate: dayFromToday(30) },
      tutor: null,
      apprenticeMaster: null,
      leaManager: { icon: 'hourglass-start', signedAt: null, endDate: dayFromToday(30) },
    });
    const signed = await callAs(
      test.app,
      tokens.apprenti as string,
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
    const after = entryOf(await dashboard())?.dashboardData[String(fixture.triadId)];
    expect(after?.apprentice).toEqual({ icon: 'check', signedAt: signed.json().responses[0].object.signedAt, endDate: dayFromToday(30) });

    const cancelled = await callAs(
      test.app,
      tokens.manager as string,
      'PUT',
      `/app/questionnaire/cancel-signature/${fixture.triadId}/${fixture.questionnaireId}?profile=1`,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(entryOf(await dashboard())?.dashboardData[String(fixture.triadId)]?.apprentice).toEqual({
      icon: 'hourglass-start',
      signedAt: null,
      endDate: dayFromToday(30),
    });
    const again = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      { draft: 3, profile: 1, version: 2, answers: [] },
    );
    expect(again.json().hasError, again.body).toBe(false);
  });

  it('groups categories and crews, and filters by crew, active state, year, questionnaire and apprentice name', async () => {
    const all = await dashboard();
    expect(all.trainingCourse.crews.slice(0, 2).map((crew) => [crew.title, crew.triads.length])).toEqual([
      ['Promotion 2025 - groupe A', 2],
      ['Promotion 2025 - groupe B', 3],
    ]);
    expect(all.trainingCourse.crews[0]?.triads[0]).toMatchObject({
      active: true,
      apprentice: { fullName: 'Lucas Martin', firstName: 'Lucas' },
      tutor: { fullName: 'Julien Bernard' },
    });
    expect(all.categories.map((category) => category.title)).toEqual([
      'Intégration',
      'Suivi en entreprise',
      'Suivi en entreprise',
      'Évaluations',
    ]);
    const demoVisit = all.categories.flatMap((category) => category.questionnaires).find((q) => q.title === 'Visite en entreprise');
    expect(Object.keys(demoVisit?.dashboardData ?? {})).toHaveLength(5);
    const crewB = all.trainingCourse.crews[1]?.id as number;
    const filtered = await dashboard(`?crews=${crewB}&active=0`);
    expect(filtered.trainingCourse.crews.map((crew) => crew.triads.map((triad) => triad.apprentice?.lastName))).toEqual([['Lefebvre']]);
    expect(filtered.trainingCourse.crews[0]?.triads[0]?.active).toBe(false);
    const searched = await dashboard('?search=mart');
    expect(searched.trainingCourse.crews.flatMap((crew) => crew.triads.map((triad) => triad.apprentice?.fullName))).toEqual([
      'Lucas Martin',
    ]);
    const one = await dashboard(`?questionnaires=${fixture.questionnaireId}&year=1`);
    expect(one.categories.flatMap((category) => category.questionnaires.map((q) => q.id))).toEqual([fixture.questionnaireId]);
    expect((await dashboard('?year=2')).categories.flatMap((category) => category.questionnaires.map((q) => q.year))).toEqual([2, 2]);
    expect((await get('?year=x')).statusCode).toBe(400);
  });

  it("serves the filter form with the course's choices and the current values", async () => {
    const form = FormModel.parse((await get('/filter-form?year=1&active=1&search=Mar')).json());
    const fields = form.tabs[0]?.fields ?? [];
    expect(fields.map((field) => field.name)).toEqual(['crews', 'categories', 'questionnaires', 'year', 'active', 'search']);
    expect(
      fields
        .find((field) => field.name === 'crews')
        ?.choices?.map((choice) => choice.label)
        .slice(0, 2),
    ).toEqual(['Promotion 2025 - groupe A', 'Promotion 2025 - groupe B']);
    expect(fields.map((field) => field.value)).toEqual([[], [], [], '1', '1', 'Mar']);
  });

  it("answers 401 without token, 403 to triad members and other courses' managers, 404 for an unknown course", async () => {
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/fr/app/lea-manager/${fixture.courseId}/dashboard`,
          headers: { host: 'localhost' },
        })
      ).statusCode,
    ).toBe(401);
    for (const username of ['apprenti', 'tuteur', 'gestionnaire2']) {
      expect((await get('', username)).statusCode).toBe(403);
      expect((await get('/export', username)).statusCode).toBe(403);
      expect(
        (await callAs(test.app, tokens[username] as string, 'POST', `/app/lea-manager/${fixture.courseId}/dashboard/reminder`, {}))
          .statusCode,
      ).toBe(403);
      expect(
        (await callAs(test.app, tokens[username] as string, 'GET', `/app/lea-manager/${fixture.courseId}/gradebook-dashboard`)).statusCode,
      ).toBe(403);
    }
    expect((await get('', 'admin')).statusCode).toBe(200);
    expect((await callAs(test.app, tokens.manager as string, 'GET', '/app/lea-manager/987654/dashboard')).statusCode).toBe(404);
  });

  it('exports the dashboard as a real xlsx: a row per triad, status and signature date per questionnaire and signer', async () => {
    const { name, rows } = await sheetOf((await get(`/export?questionnaires=${fixture.questionnaireId}`)).json());
    expect(name).toBe('Signatures');
    const title = 'Bilan de période en entreprise';
    expect(rows[0]).toEqual([
      'Groupe',
      'Apprenti',
      'Tuteur pédagogique',
      "Maître d'apprentissage",
      'Active',
      `${title} – Apprenti`,
      `${title} – Apprenti – signé le`,
      `${title} – Responsable de formation`,
      `${title} – Responsable de formation – signé le`,
    ]);
    const lucas = rows.find((row) => row[1] === 'Lucas Martin');
    expect(lucas).toEqual([
      'Promotion 2025 - groupe A',
      'Lucas Martin',
      'Julien Bernard',
      'Nathalie Dubois',
      'Oui',
      'Signé',
      dayFromToday(0).split('-').reverse().join('/'),
      'En attente',
    ]);
    const emma = rows.find((row) => row[1] === 'Emma Petit');
    expect(emma?.slice(5)).toEqual([]);
    expect(rows).toHaveLength(6);
    expect((await get('/export?year=9')).statusCode).toBe(400);
  });

  it('exports the interview dates given in shared replies', async () => {
    const date = dayFromToday(-2);
    const shared = await callAs(
      test.app,
      tokens.tuteur as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      { draft: 2, profile: 2, version: 0, interviewDate: date, answers: [] },
    );
    expect(shared.statusCode, shared.body).toBe(200);
    const { name, rows } = await sheetOf((await get(`/export-interview-dates?questionnaires=${fixture.questionnaireId}`)).json());
    expect(name).toBe('Dates de visite');
    expect(rows[0]?.[5]).toBe('Bilan de période en entreprise – Date de la visite en entreprise');
    expect(rows.find((row) => row[1] === 'Lucas Martin')?.[5]).toBe(date.split('-').reverse().join('/'));
  });

  it('sends the reminder to everyone who still has to complete or sign, through the outbox of the course', async () => {
    const response = await callAs(test.app, tokens.manager as string, 'POST', `/app/lea-manager/${fixture.courseId}/dashboard/reminder`, {
      questionnaires: [fixture.questionnaireId],
    });
    const answer = DashboardReminderResponse.parse(response.json());
    // Apprentice signed; the tutors (2), the master (3) still have fields to complete in the open window.
    expect(answer).toEqual({ success: true, count: 3, message: '3 e-mail(s) de relance envoyé(s)' });
    const mails = await test.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'reminder'), eq(mailOutbox.trainingCourseId, fixture.courseId), recentMail()));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
      'isabelle.fournier@example.com',
      'julien.bernard@example.com',
      'nathalie.dubois@example.com',
    ]);
    expect(mails[0]?.text).toContain('- Bilan de période en entreprise (Lucas Martin) : à compléter avant le');
    expect(mails.every((mail) => mail.status === 'kept')).toBe(true);
  });
});
