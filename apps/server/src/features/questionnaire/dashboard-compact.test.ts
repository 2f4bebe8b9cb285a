import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompactDashboardResponse,
  DASHBOARD_CELL_CODES,
  QuestionnaireDashboardResponse,
  type DashboardEntry,
  type DashboardReply,
} from '@lea/shared';
import { trainingCourseManagers, trainingCourses, userPlatforms, users } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, type Fixture } from './test-fixtures.js';

const KEYS = ['apprentice', 'tutor', 'apprenticeMaster', 'leaManager'] as const;
const instantOf = (millis: number | undefined) => (millis ? new Date(millis).toISOString() : null);

/** The full answer's cells rebuilt from a compact answer's pages: what the web app does. */
function decode(pages: CompactDashboardResponse[]): Record<number, Record<string, DashboardEntry>> {
  const first = pages[0] as CompactDashboardResponse;
  const columns = first.categories.flatMap((category) => category.questionnaires);
  const endDates = new Map(first.trainingCourse.crews.map((crew) => [crew.id, crew.endDates]));
  const result: Record<number, Record<string, DashboardEntry>> = {};
  for (const column of columns) result[column.id] = {};
  for (const triad of pages.flatMap((page) => page.triads)) {
    const instants = [...triad.signedAt];
    columns.forEach((column, index) => {
      if (triad.cells.slice(index * 4, index * 4 + 4) === 'xxxx') return;
      const entry = {} as Record<(typeof KEYS)[number], DashboardReply | null>;
      KEYS.forEach((key, profile) => {
        const cell = index * 4 + profile;
        const meaning = first.legend[triad.cells[cell] as string];
        entry[key] =
          meaning === 'none' || meaning === undefined || meaning === 'notConcerned'
            ? null
            : {
                icon: meaning,
                signedAt: meaning === 'check' ? instantOf(instants.shift()) : null,
                endDate: endDates.get(triad.crewId)?.[cell] ?? null,
              };
      });
      (result[column.id] as Record<string, DashboardEntry>)[String(triad.id)] = entry as DashboardEntry;
    });
  }
  return result;
}

describe('signature dashboard, compact variant (decision 035)', () => {
  let test: TestApp;
  let fixture: Fixture;
  const tokens: Record<string, string> = {};
  const get = async (query = '', username = 'manager') =>
    callAs(test.app, tokens[username] as string, 'GET', `/app/lea-manager/${fixture.courseId}/dashboard${query}`);
  const compact = async (query = '') => {
    const response = await get(`?compact=1${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return CompactDashboardResponse.parse(response.json());
  };

  beforeAll(async () => {
    test = await createTestApp();
    fixture = await createQuestionnaireFixture(test.app, { signedBy: [1, 4], useComments: false, marksVisibleBy: [2] });
    for (const username of ['manager', 'admin', 'apprenti', 'tuteur']) tokens[username] = await tokenFor(test.app, username);
    const { db } = test.app.ctx;
    const [archived] = await db.select().from(trainingCourses).where(eq(trainingCourses.archived, true));
    const [manager] = await db.select().from(users).where(eq(users.username, 'manager'));
    const [platform] = await db
      .select()
      .from(userPlatforms)
      .where(eq(userPlatforms.userId, manager?.id ?? 0));
    const [other] = await db
      .insert(users)
      .values({ username: 'gestionnaire-compact', email: 'gc@example.com', firstName: 'Autre', lastName: 'Gestionnaire' })
      .returning();
    await db.insert(userPlatforms).values({ userId: other!.id, platformId: platform!.platformId });
    await db.insert(trainingCourseManagers).values({ trainingCourseId: archived!.id, userId: other!.id });
    tokens.other = await tokenFor(test.app, 'gestionnaire-compact');
    // A signature, so that a `c` cell and its instant are in the answer.
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
  });
  afterAll(async () => {
    await test.close();
  });

  it('holds the same cells as the full answer, the columns once and a legend', async () => {
    const full = QuestionnaireDashboardResponse.parse((await get()).json());
    const small = await compact();
    expect(small.legend).toEqual(DASHBOARD_CELL_CODES);
    expect(small.categories.map((category) => category.title)).toEqual(full.categories.map((category) => category.title));
    expect(small.categories.flatMap((c) => c.questionnaires.map((q) => q.id))).toEqual(
      full.categories.flatMap((c) => c.questionnaires.map((q) => q.id)),
    );
    expect(small.triads.map((triad) => triad.id)).toEqual(
      full.trainingCourse.crews.flatMap((crew) => crew.triads.map((triad) => triad.id)),
    );
    expect(small.trainingCourse.crews.map((crew) => [crew.id, crew.title, crew.count])).toEqual(
      full.trainingCourse.crews.map((crew) => [crew.id, crew.title, crew.triads.length]),
    );
    const fullTriads = full.trainingCourse.crews.flatMap((crew) => crew.triads);
    for (const triad of small.triads) {
      const { crewId: _crew, cells, signedAt: _signed, ...people } = triad;
      expect(people).toEqual(fullTriads.find((each) => each.id === triad.id));
      expect(cells).toHaveLength(small.categories.flatMap((c) => c.questionnaires).length * 4);
    }
    const decoded = decode([small]);
    for (const column of full.categories.flatMap((category) => category.questionnaires)) {
      expect(decoded[column.id], `questionnaire ${column.id}`).toEqual(column.dashboardData);
    }
    const mine = small.triads.find((triad) => triad.id === fixture.triadId);
    expect(mine?.signedAt.length).toBe([...(mine?.cells ?? '')].filter((code) => code === 'c').length);
    expect(mine?.signedAt.length).toBeGreaterThan(0);
    expect(small).toMatchObject({ page: 0, length: 100, total: fullTriads.length });
  });

  it('pages the triads in the grid order and keeps the filters', async () => {
    const all = await compact();
    const pages = [await compact('&length=2&page=0'), await compact('&length=2&page=1'), await compact('&length=2&page=2')];
    expect(pages.map((page) => page.triads.length)).toEqual([2, 2, Math.min(2, all.total - 4)]);
    expect(pages.flatMap((page) => page.triads.map((triad) => triad.id))).toEqual(all.triads.slice(0, 6).map((triad) => triad.id));
    expect(pages.every((page) => page.total === all.total)).toBe(true);
    expect(decode(pages)).toEqual(decode([{ ...all, triads: all.triads.slice(0, 6) }]));
    expect((await compact('&length=2&page=900')).triads).toEqual([]);
    const crewB = all.trainingCourse.crews[1]?.id as number;
    const filtered = await compact(`&crews=${crewB}&active=0`);
    expect(filtered.trainingCourse.crews.map((crew) => crew.id)).toEqual([crewB]);
    expect(filtered.triads.map((triad) => [triad.apprentice?.lastName, triad.active, triad.crewId])).toEqual([['Lefebvre', false, crewB]]);
    const one = await compact(`&questionnaires=${fixture.questionnaireId}`);
    expect(one.categories.flatMap((c) => c.questionnaires.map((q) => q.id))).toEqual([fixture.questionnaireId]);
    expect(one.triads.every((triad) => triad.cells.length === 4)).toBe(true);
  });

  it('answers 400 to bad paging parameters', async () => {
    for (const query of [
      '?page=1',
      '?length=10',
      '?compact=2',
      '?compact=1&page=-1',
      '?compact=1&page=x',
      '?compact=1&length=0',
      '?compact=1&length=1001',
      '?compact=1&length=2.5',
      '?compact=1&crews=abc',
    ]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
  });

  it("answers 401 without token, 403 to triad members and other courses' managers, 404 for an unknown course; admins see it", async () => {
    const anonymous = await test.app.inject({
      method: 'GET',
      url: `/api/fr/app/lea-manager/${fixture.courseId}/dashboard?compact=1`,
      headers: { host: 'localhost' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const username of ['apprenti', 'tuteur', 'other']) {
      expect((await get('?compact=1&length=5', username)).statusCode, username).toBe(403);
    }
    const admin = await get('?compact=1&page=0&length=5', 'admin');
    expect(admin.statusCode).toBe(200);
    expect(CompactDashboardResponse.parse(admin.json()).triads.length).toBeLessThanOrEqual(5);
    expect((await callAs(test.app, tokens.manager as string, 'GET', '/app/lea-manager/987654/dashboard?compact=1')).statusCode).toBe(404);
  });
});
