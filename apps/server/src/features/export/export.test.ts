import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportChoicesResponse, StatisticsResponse } from '@lea/shared';
import { calendarEvents, contracts, replies, replySignatures, trainingCourses, trainings, triads } from '../../db/schema/index.js';
import { createOtherCourse, demoCourseId, managerClient } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { bearer } from '../../test/login.js';
import { sheetRows } from '../../test/read-xlsx.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('exports and statistics from live data', () => {
  let test: TestApp;
  let admin: string;
  let courseId: number;
  let platformId: number;
  const get = (token: string | null, path: string, locale = 'fr') =>
    test.app.inject({ method: 'GET', url: `/api/${locale}/app${path}`, headers: token ? bearer(token) : {} });
  const workbook = async (token: string, path: string) => {
    const response = await get(token, path);
    expect(response.statusCode, path).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // Streamed as it is written (decision 032): no length announced, the body chunked.
    expect(response.headers['content-length']).toBeUndefined();
    return { rows: await sheetRows(response.rawPayload), disposition: String(response.headers['content-disposition']) };
  };

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    courseId = await demoCourseId(test.app);
    const [course] = await test.app.ctx.db
      .select({ platformId: trainings.platformId })
      .from(trainingCourses)
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(eq(trainingCourses.id, courseId));
    platformId = course!.platformId;
  });
  afterAll(async () => test?.close());

  it('offers the seven types and the years the courses run in', async () => {
    const choices = (await get(admin, '/admin/export')).json() as ExportChoicesResponse;
    expect(choices.types.map((type) => type.type)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(choices.types[0]!.label).toBe('Signatures des questionnaires');
    expect(choices.years.length).toBeGreaterThan(0);
    expect([...choices.years].sort((a, b) => b - a)).toEqual(choices.years);
    const english = (await get(admin, '/admin/export', 'en')).json() as ExportChoicesResponse;
    expect(english.types[6]!.label).toBe('Summary table');
  });

  it('exports every signature given, one row each', async () => {
    const { rows, disposition } = await workbook(admin, '/admin/export/1');
    expect(disposition).toBe('attachment; filename="lea-signatures-des-questionnaires-toutes-annees.xlsx"');
    expect(rows[0]).toEqual([
      'Diplôme',
      'Formation',
      'Groupe',
      'Apprenti',
      'Questionnaire',
      'Profil',
      'Signataire',
      'Signé le',
      'Signé par (connecté en tant que)',
    ]);
    const [given] = await test.app.ctx.db.select({ n: count() }).from(replySignatures).where(isNull(replySignatures.cancelledAt));
    expect(given!.n).toBeGreaterThan(0);
    expect(rows).toHaveLength(given!.n + 1);
    expect(rows[1]![7]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const { rows: none } = await workbook(admin, '/admin/export/1?year=2001');
    expect(none).toHaveLength(1);
  });

  it('exports the contracts, the summary table and the follow-up dashboard as the data holds them', async () => {
    const [contractCount] = await test.app.ctx.db.select({ n: count() }).from(contracts);
    expect((await workbook(admin, '/admin/export/5')).rows).toHaveLength(contractCount!.n + 1);

    const summary = (await workbook(admin, '/admin/export/7')).rows;
    const courses = await test.app.ctx.db
      .select({ id: trainingCourses.id })
      .from(trainingCourses)
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(eq(trainings.platformId, platformId));
    expect(summary).toHaveLength(courses.length + 1);
    const stats = (await get(admin, '/admin/statistic?archive=1')).json() as StatisticsResponse;
    const demo = summary.find((row) => row[1] === 'BTS SIO 2025-2027')!;
    const demoStats = stats.fillRateByCourse.find((row) => row.courseId === courseId)!;
    expect(Number(demo[7])).toBe(demoStats.expected);
    expect(Number(demo[8])).toBe(demoStats.signed);

    const followUp = (await workbook(admin, '/admin/export/6')).rows;
    expect(followUp[0]!.slice(5)).toEqual(['Apprenti', 'Tuteur pédagogique', "Maître d'apprentissage", 'Responsable de formation']);
    const signedCells = followUp
      .slice(1)
      .flatMap((row) => row.slice(5))
      .filter((value) => value.startsWith('Signé le'));
    expect(signedCells).toHaveLength(stats.fillRate.signed);
  });

  it('exports absences per apprentice and per diploma from the calendar', async () => {
    const perApprentice = (await workbook(admin, '/admin/export/3')).rows;
    const [triadCount] = await test.app.ctx.db
      .select({ n: count() })
      .from(triads)
      .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(eq(trainings.platformId, platformId));
    expect(perApprentice).toHaveLength(triadCount!.n + 1);
    const [absences] = await test.app.ctx.db.select({ n: count() }).from(calendarEvents).where(eq(calendarEvents.type, 3));
    const total = perApprentice.slice(1).reduce((sum, row) => sum + Number(row[4]), 0);
    expect(total).toBe(absences!.n);
    const perDiploma = (await workbook(admin, '/admin/export/2')).rows;
    expect(perDiploma[0]).toEqual(['Diplôme', 'Apprentis', 'Absences', 'Heures', 'Heures justifiées', 'Heures non justifiées']);
    expect(perDiploma.slice(1).reduce((sum, row) => sum + Number(row[2]), 0)).toBe(absences!.n);
    expect((await workbook(admin, '/admin/export/4')).rows[0]![7]).toBe('Date de visite');
  });

  it('gives a course’s manager the course’s four exports, built by the same code, and nothing of other courses', async () => {
    const manager = managerClient(test.app, courseId, await tokenFor(test.app, 'manager'));
    const choices = (await manager('GET', '/export')).json() as ExportChoicesResponse;
    expect(choices.types.map((type) => type.type)).toEqual([1, 3, 5, 6]);
    const token = await tokenFor(test.app, 'manager');
    const mine = (await workbook(token, `/lea-manager/${courseId}/export/1`)).rows;
    const [given] = await test.app.ctx.db
      .select({ n: count() })
      .from(replySignatures)
      .innerJoin(replies, eq(replies.id, replySignatures.replyId))
      .innerJoin(triads, eq(triads.id, replies.triadId))
      .where(and(isNull(replySignatures.cancelledAt), eq(triads.trainingCourseId, courseId)));
    expect(mine).toHaveLength(given!.n + 1);
    expect(new Set(mine.slice(1).map((row) => row[1]))).toEqual(new Set(['BTS SIO 2025-2027']));
    for (const type of [3, 5, 6]) expect((await manager('GET', `/export/${type}?year=all`)).statusCode).toBe(200);
    expect((await manager('GET', '/export/7')).statusCode).toBe(400);
    expect((await manager('GET', '/export/2')).statusCode).toBe(400);
  });

  it('refuses other people (403), other platforms (404) and bad input (400)', async () => {
    for (const username of ['manager', 'apprenti']) {
      const token = await tokenFor(test.app, username);
      for (const path of ['/admin/export', '/admin/export/1', '/admin/statistic'])
        expect((await get(token, path)).statusCode, path).toBe(403);
    }
    const other = await createOtherCourse(test.app, 'exports');
    expect((await managerClient(test.app, courseId, other.managerToken)('GET', '/export/1')).statusCode).toBe(403);
    expect((await managerClient(test.app, courseId, await tokenFor(test.app, 'apprenti'))('GET', '/export')).statusCode).toBe(403);
    const foreign = await createForeignCourse(test.app.ctx.db, 'exports.example.org');
    expect((await get(admin, `/lea-manager/${foreign.courseId}/export/1`)).statusCode).toBe(404);
    for (const path of [
      '/admin/export/0',
      '/admin/export/8',
      '/admin/export/x',
      '/admin/export/1?year=1999',
      '/admin/export/1?year=soon',
      '/admin/statistic?archive=2',
    ]) {
      expect((await get(admin, path)).statusCode, path).toBe(400);
    }
  });

  it('counts live statistics: people by profile, triads, fill rates and signatures per month', async () => {
    const stats = (await get(admin, '/admin/statistic')).json() as StatisticsResponse;
    expect(stats.usersByProfile.map((entry) => entry.profile)).toEqual([1, 2, 3, 4]);
    expect(stats.usersByProfile[0]!.count).toBeGreaterThan(0);
    expect(stats.activeTriads).toBeLessThanOrEqual(stats.triads);
    expect(stats.fillRate.expected).toBe(stats.fillRateByCourse.reduce((sum, row) => sum + row.expected, 0));
    expect(stats.fillRate.rate).toBe(Math.round((stats.fillRate.signed / stats.fillRate.expected) * 1000) / 10);
    expect(stats.signaturesPerMonth).toHaveLength(12);
    const [given] = await test.app.ctx.db.select({ n: count() }).from(replySignatures).where(isNull(replySignatures.cancelledAt));
    expect(stats.signaturesPerMonth.reduce((sum, month) => sum + month.count, 0)).toBeLessThanOrEqual(given!.n);
    await test.app.ctx.db.update(trainingCourses).set({ archived: true }).where(eq(trainingCourses.id, courseId));
    const active = (await get(admin, '/admin/statistic')).json() as StatisticsResponse;
    expect(active.fillRateByCourse.some((row) => row.courseId === courseId)).toBe(false);
    const archived = (await get(admin, '/admin/statistic?archive=1')).json() as StatisticsResponse;
    expect(archived.fillRateByCourse.some((row) => row.courseId === courseId)).toBe(true);
    await test.app.ctx.db.update(trainingCourses).set({ archived: false }).where(eq(trainingCourses.id, courseId));
  });
});
