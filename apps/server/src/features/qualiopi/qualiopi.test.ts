import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QualiopiReportResponse, type QualiopiRow } from '@lea/shared';
import { crews, questionnaires, trainingCourseManagers, trainingCourses, triads, userPlatforms, users } from '../../db/schema/index.js';
import { getAs, tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { statementCounter } from '../../test/statement-counter.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { dayFromToday } from '../questionnaire/test-fixtures.js';
import { createQualiopiDataset, PERIOD, type QualiopiDataset } from './test-dataset.js';

describe('Qualiopi follow-up report', () => {
  let test: TestApp;
  let data: QualiopiDataset;
  const tokens: Record<string, string> = {};
  const period = `from=${PERIOD.from}&to=${PERIOD.to}`;
  const url = (query = period, suffix = '', locale = 'fr', course = data.courseId) =>
    `/api/${locale}/app/lea-manager/${course}/qualiopi${suffix}?${query}`;
  const report = async (query = period, locale = 'fr') => {
    const response = await getAs(test.app, url(query, '', locale), tokens.manager);
    expect(response.statusCode, response.body).toBe(200);
    return QualiopiReportResponse.parse(response.json());
  };
  const rowOf = (body: QualiopiReportResponse, triadId: number) => body.rows.find((row) => row.triadId === triadId) as QualiopiRow;

  beforeAll(async () => {
    test = await createTestApp();
    data = await createQualiopiDataset(test.app);
    for (const username of ['manager', 'admin', 'apprenti']) tokens[username] = await tokenFor(test.app, username);
    // A manager of the demo course only.
    const { db } = test.app.ctx;
    const [demo] = await db.select().from(trainingCourses).where(eq(trainingCourses.archived, false)).limit(1);
    const [other] = await db
      .insert(users)
      .values({ username: 'gestionnaire-q', email: 'gq@example.org', firstName: 'Autre', lastName: 'Gestionnaire' })
      .returning();
    const [platform] = await db.select().from(userPlatforms).where(eq(userPlatforms.userId, data.people.alice.id));
    await db.insert(userPlatforms).values({ userId: other!.id, platformId: platform!.platformId });
    await db.insert(trainingCourseManagers).values({ trainingCourseId: demo!.id, userId: other!.id });
    tokens.other = await tokenFor(test.app, 'gestionnaire-q');
  });
  afterAll(async () => {
    await test.close();
  });

  it('counts, per apprentice, what the data holds in the period and only for this course', async () => {
    const body = await report();
    const { t1, t2, t3 } = data.triads;
    // Crew A first, by last name (the inactive Chloé was absent in the period), then crew B; Denis (inactive, nothing) and the
    // test triad left out.
    expect(body.rows.map((row) => row.apprentice)).toEqual(['Chloé Durand', 'Alice Martin', 'Bruno Petit']);
    expect(body.crews.map((crew) => crew.title)).toEqual(['Groupe A', 'Groupe B']);

    const alice = rowOf(body, t1);
    expect(alice).toMatchObject({ active: true, crew: 'Groupe A', absenceAlerts: 1, reminders: 2 });
    expect(alice.contracts).toEqual([
      { type: 'Apprentissage', company: 'Garage Martin', startDate: '2025-09-01', endDate: '2027-08-31', ruptureDate: null },
    ]);
    expect(alice.visits).toEqual([{ date: '2026-02-10', questionnaire: 'Visite en entreprise' }]);
    expect(alice.questionnaires).toEqual({ expected: 2, onTime: 1, late: 0, missing: 1, pending: 0 });
    expect(alice.expected).toEqual([
      {
        questionnaireId: expect.any(Number),
        title: 'Entretien de début de formation',
        dueDate: '2025-10-15',
        status: 'onTime',
        signedOn: '2025-10-10',
      },
      { questionnaireId: expect.any(Number), title: 'Visite en entreprise', dueDate: '2026-03-31', status: 'missing', signedOn: null },
    ]);
    expect(alice.skillSessions).toEqual({ inPeriod: 2, evaluated: [{ name: 'Semestre 1', skills: 2 }] });
    expect(alice.absences).toEqual({ count: 2, hours: 11, unjustifiedHours: 4 });

    const bruno = rowOf(body, t2);
    expect(bruno.contracts).toEqual([
      { type: 'Apprentissage', company: null, startDate: '2024-09-01', endDate: '2026-08-31', ruptureDate: '2025-12-15' },
    ]);
    expect(bruno.visits).toEqual([]);
    expect(bruno.questionnaires).toEqual({ expected: 1, onTime: 0, late: 1, missing: 0, pending: 0 });
    expect(bruno.expected[0]).toMatchObject({ status: 'late', signedOn: '2025-10-21', dueDate: '2025-10-15' });
    expect(bruno.skillSessions.evaluated).toEqual([{ name: 'Semestre 2', skills: 1 }]);
    expect(bruno).toMatchObject({ absences: { count: 0, hours: 0, unjustifiedHours: 0 }, absenceAlerts: 0, reminders: 1 });

    const chloe = rowOf(body, t3);
    expect(chloe).toMatchObject({ active: false, contracts: [], absences: { count: 1, hours: 7, unjustifiedHours: 7 }, reminders: 0 });
    expect(chloe.questionnaires).toEqual({ expected: 2, onTime: 0, late: 0, missing: 2, pending: 0 });

    expect(body.totals).toEqual({
      apprentices: 3,
      contracts: 2,
      visits: 1,
      questionnaires: { expected: 5, onTime: 1, late: 1, missing: 3, pending: 0 },
      skillSessionsEvaluated: 2,
      absences: { count: 3, hours: 18, unjustifiedHours: 11 },
      absenceAlerts: 1,
      // The tutor's one reminder counts in Alice's and Bruno's rows, once in the total.
      reminders: 2,
    });
  });

  it('narrows to a crew, and tells pending from missing by the due date', async () => {
    const crewA = await report(`${period}&crew=${data.crewA}`);
    expect(crewA.rows.map((row) => row.apprentice)).toEqual(['Chloé Durand', 'Alice Martin']);
    expect(crewA.totals.apprentices).toBe(2);

    const { db } = test.app.ctx;
    const [soon] = await db
      .insert(questionnaires)
      .values({ trainingCourseId: data.courseId, title: 'Bilan à venir', signedBy: [4], completenessDate: dayFromToday(20) })
      .returning();
    try {
      const later = await report(`from=${PERIOD.from}&to=${dayFromToday(30)}&crew=${data.crewB}`);
      const bruno = rowOf(later, data.triads.t2);
      expect(bruno.expected.find((entry) => entry.title === 'Bilan à venir')).toMatchObject({ status: 'pending', signedOn: null });
      // Due on 30/09/2026, now passed: missing.
      expect(bruno.expected.find((entry) => entry.title === 'Seconde visite')).toMatchObject({ status: 'missing' });
    } finally {
      await db.delete(questionnaires).where(eq(questionnaires.id, soon!.id));
    }
  });

  it('reads the whole course in a fixed number of statements, whatever its number of apprentices', async () => {
    const counter = statementCounter(test.app.ctx.database);
    const first = await counter.during(() => getAs(test.app, url(), tokens.manager));
    expect(first.result.statusCode).toBe(200);
    const more = await createQualiopiDataset(test.app, 'n');
    const { db } = test.app.ctx;
    await db.update(triads).set({ trainingCourseId: data.courseId }).where(eq(triads.trainingCourseId, more.courseId));
    const second = await counter.during(() => getAs(test.app, url(), tokens.manager));
    expect(QualiopiReportResponse.parse(second.result.json()).rows.length).toBeGreaterThan(3);
    expect(second.statements).toBe(first.statements);
    expect(second.statements).toBeLessThanOrEqual(16);
    await db.update(triads).set({ trainingCourseId: more.courseId }).where(eq(triads.trainingCourseId, data.courseId));
    await db.update(triads).set({ trainingCourseId: data.courseId }).where(eq(triads.crewId, data.crewA));
    await db.update(triads).set({ trainingCourseId: data.courseId }).where(eq(triads.crewId, data.crewB));
  });

  it('answers administrators, refuses triad members and other courses’ managers, hides unknown and foreign courses', async () => {
    expect((await getAs(test.app, url(), tokens.admin)).statusCode).toBe(200);
    for (const suffix of ['', '/xlsx', '/pdf']) {
      expect((await getAs(test.app, url(period, suffix), tokens.apprenti)).statusCode).toBe(403);
      expect((await getAs(test.app, url(period, suffix), tokens.other)).statusCode).toBe(403);
      expect((await getAs(test.app, url(period, suffix, 'fr', 999_999))).statusCode).toBe(401);
      expect((await getAs(test.app, url(period, suffix, 'fr', 999_999), tokens.manager)).statusCode).toBe(404);
    }
    const foreign = await createForeignCourse(test.app.ctx.db, 'qualiopi.example.org');
    expect((await getAs(test.app, url(period, '', 'fr', foreign.courseId), tokens.admin)).statusCode).toBe(404);
    const [foreignCrew] = await test.app.ctx.db.insert(crews).values({ trainingCourseId: foreign.courseId, name: 'Ailleurs' }).returning();
    expect((await getAs(test.app, url(`${period}&crew=${foreignCrew!.id}`), tokens.manager)).statusCode).toBe(404);
  });

  it('refuses bad periods and ids with a 400, never a 500', async () => {
    const bad = [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01&to=2026-02-01',
      'from=2024-01-01&to=2027-01-01',
      'from=2025-09-01',
      'to=2025-09-01',
      'from=2025-09-01&to=2026-06-30&crew=2147483648',
      'from=2025-09-01&to=2026-06-30&crew=abc',
      'from=2025-09-01%00&to=2026-06-30',
      'from=a%00b&to=2026-06-30',
      'from=99999-01-01&to=2026-06-30',
    ];
    for (const query of bad) {
      for (const suffix of ['', '/xlsx', '/pdf']) {
        const response = await getAs(test.app, url(query, suffix), tokens.manager);
        expect(response.statusCode, `${suffix}?${query}`).toBe(400);
      }
    }
    expect((await getAs(test.app, `/api/fr/app/lea-manager/2147483648/qualiopi?${period}`, tokens.manager)).statusCode).toBe(400);
    // Three years less a day is the longest period.
    expect((await getAs(test.app, url('from=2024-01-01&to=2026-12-31'), tokens.manager)).statusCode).toBe(200);
  });

  it('exports the workbook: a summary row per apprentice with the totals, and the questionnaires with dates as dates', async () => {
    const response = await getAs(test.app, url(period, '/xlsx'), tokens.manager);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(`suivi-qualiopi-bts-qualiopi-q-${PERIOD.from}-${PERIOD.to}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [summary, details] = workbook.worksheets;
    expect([summary?.name, details?.name]).toEqual(['Synthèse', 'Détail des questionnaires']);
    const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
    expect(values(summary!.getRow(1)).slice(0, 4)).toEqual(['Groupe', 'Apprenti', 'Actif', 'Contrats']);
    expect(values(summary!.getRow(2)).slice(0, 3)).toEqual(['Groupe A', 'Chloé Durand', 'Non']);
    const alice = values(summary!.getRow(3));
    expect(alice.slice(0, 3)).toEqual(['Groupe A', 'Alice Martin', 'Oui']);
    expect(alice[3]).toBe('Apprentissage – Garage Martin – 01/09/2025 → 31/08/2027');
    expect(alice[4]).toEqual(new Date('2025-09-01T00:00:00Z'));
    expect(alice.slice(6, 13)).toEqual([1, '10/02/2026 (Visite en entreprise)', 2, 1, 0, 1, 0]);
    expect(alice.slice(13)).toEqual(['Visite en entreprise', 1, '1 sur 2 : Semestre 1 (2 compétences)', 2, 11, 4, 1, 2]);
    const total = values(summary!.getRow(5));
    expect(total[0]).toBe('Total');
    expect(total.slice(16)).toEqual([3, 18, 11, 1, 2]);
    expect(summary!.getColumn(2).width).toBe(24);
    expect(values(details!.getRow(1))).toEqual(['Groupe', 'Apprenti', 'Questionnaire', 'Échéance', 'État', 'Signé le']);
    expect(values(details!.getRow(2)).slice(0, 5)).toEqual([
      'Groupe A',
      'Chloé Durand',
      'Entretien de début de formation',
      new Date('2025-10-15T00:00:00Z'),
      'Manquant',
    ]);
    expect(values(details!.getRow(4))).toEqual([
      'Groupe A',
      'Alice Martin',
      'Entretien de début de formation',
      new Date('2025-10-15T00:00:00Z'),
      'Signé à temps',
      new Date('2025-10-10T00:00:00Z'),
    ]);
    expect(details!.getRow(4).getCell(4).numFmt).toBe('dd/mm/yyyy');
    expect(details!.rowCount).toBe(6);

    const english = await getAs(test.app, url(period, '/xlsx', 'en'), tokens.manager);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Questionnaire details']);
    expect(values(book.worksheets[1]!.getRow(3))[4]).toBe('Missing');
  });

  it('prints the branded PDF: a cover with the course, period and indicators, then a page per apprentice', async () => {
    const readPdf = async (locale: string) => {
      const response = await getAs(test.app, url(period, '/pdf', locale), tokens.manager);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const path = join(mkdtempSync(join(tmpdir(), 'lea-qualiopi-')), 'report.pdf');
      writeFileSync(path, response.rawPayload);
      return {
        text: execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '),
        pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]),
      };
    };
    const fr = await readPdf('fr');
    expect(fr.pages).toBeGreaterThanOrEqual(4);
    for (const expected of [
      'Suivi des apprentis : BTS Qualiopi q',
      'du 01/09/2025 au 30/06/2026',
      'Indicateur 12',
      'Indicateur 13',
      'Alice Martin',
      'Chloé Durand',
      'Bruno Petit',
      'Signé en retard',
      'Rupture le 15/12/2025',
      '10/02/2026 (Visite en entreprise)',
    ])
      expect(fr.text).toContain(expected);
    const en = await readPdf('en');
    for (const expected of ['Follow-up of the apprentices', 'from 01/09/2025 to 30/06/2026', 'Indicator 12', 'Indicator 13', 'Signed late'])
      expect(en.text).toContain(expected);
    expect(en.text).not.toContain('Manquant');
  });
});
