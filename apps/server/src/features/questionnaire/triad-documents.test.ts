import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttestationListResponse, GradebookListResponse, PdfDataResponse } from '@lea/shared';
import { calendarEvents, questionnaires, replies, triads, users } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The PDF's text as pdftotext reads it back (poppler-utils). */
function pdfText(answer: PdfDataResponse): string {
  const bytes = Buffer.from(answer.data, 'base64');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const path = join(mkdtempSync(join(tmpdir(), 'lea-triad-doc-')), 'document.pdf');
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
}

describe('gradebooks and attestations (spec 2 §2, §7)', () => {
  let test: TestApp;
  let triadId = 0;
  let courseId = 0;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['admin', 'manager', 'apprenti', 'apprenti2', 'tuteur', 'maitre'])
      tokens[username] = await tokenFor(test.app, username);
    const { db } = test.app.ctx;
    const [triad] = await db
      .select({ id: triads.id, courseId: triads.trainingCourseId })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti'));
    triadId = triad!.id;
    courseId = triad!.courseId;
    const marked = async (title: string, marksVisibleBy: number[], marks: [number, number, number, string][]) => {
      const [questionnaire] = await db
        .insert(questionnaires)
        .values({ trainingCourseId: courseId, title, marksVisibleBy, visibleBy: [1, 2, 3, 4], signedBy: [1, 2, 3, 4] })
        .returning({ id: questionnaires.id });
      await db.insert(replies).values(
        marks.map(([profile, totalMark, maximalMark, signedAt]) => ({
          questionnaireId: questionnaire!.id,
          triadId,
          profile,
          status: 3,
          totalMark,
          maximalMark,
          signedAt: new Date(signedAt),
        })),
      );
    };
    await marked(
      'Évaluation de mi-parcours',
      [1, 2, 3],
      [
        [1, 14.5, 20, '2026-03-10T10:00:00Z'],
        [3, 16, 20, '2026-03-12T10:00:00Z'],
      ],
    );
    await marked('Bilan de fin de semestre', [1, 2, 3], [[3, 8, 10, '2026-06-30T22:30:00Z']]);
    await marked('Note du responsable', [4], [[4, 12, 20, '2026-04-01T08:00:00Z']]);
    await db.insert(calendarEvents).values([
      {
        trainingCourseId: courseId,
        triadId,
        type: 1,
        title: 'Cours réseaux',
        startDate: '2026-02-02 08:00:00',
        endDate: '2026-02-02 12:00:00',
        hours: 4,
      },
      {
        trainingCourseId: courseId,
        triadId,
        type: 1,
        title: 'Cours systèmes',
        startDate: '2026-02-03 08:00:00',
        endDate: '2026-02-03 15:30:00',
        hours: 6.5,
      },
      {
        trainingCourseId: courseId,
        triadId,
        type: 3,
        title: 'Absence',
        startDate: '2026-02-03 08:00:00',
        endDate: '2026-02-03 10:00:00',
        hours: 2,
        justified: true,
      },
      {
        trainingCourseId: courseId,
        triadId,
        type: 3,
        title: 'Retard',
        startDate: '2026-02-02 08:00:00',
        endDate: '2026-02-02 09:00:00',
        hours: 1,
      },
    ]);
  });
  afterAll(async () => {
    await test.close();
  });

  const call = (username: string | null, path: string, locale = 'fr') =>
    test.app.inject({
      method: 'GET',
      url: `/api/${locale}${path}`,
      headers: username ? { authorization: `Bearer ${tokens[username]}` } : {},
    });

  it('lists the periods with signed marks the caller may read; the manager also sees the marks kept for managers', async () => {
    const apprentice = GradebookListResponse.parse((await call('apprenti', `/app/gradebook/list/${triadId}`)).json());
    // 30 June 22:30 UTC is 1 July in Paris: the second half of the year.
    expect(apprentice.gradebooks).toEqual([
      { year: 2026, period: 2, key: '2026-2' },
      { year: 2026, period: 1, key: '2026-1' },
    ]);
    const manager = GradebookListResponse.parse((await call('manager', `/app/gradebook/list/${triadId}`)).json());
    expect(manager.gradebooks.map((book) => book.key)).toEqual(['2026-2', '2026-1']);
  });

  it('prints the gradebook of a period with its marks and totals, in the request language', async () => {
    const response = await call('tuteur', `/api/gradebook/get-pdf?triad=${triadId}&year=2026&period=1`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = PdfDataResponse.parse(response.json());
    expect(answer.fileName).toBe('carnet-de-notes-lucas-martin-2026-1.pdf');
    const text = pdfText(answer);
    expect(text).toContain('Carnet de notes : 1er semestre 2026');
    expect(text).toContain('Évaluation de mi-parcours');
    expect(text).toContain('14,5 / 20');
    expect(text).toContain('16 / 20');
    expect(text).not.toContain('Note du responsable');
    expect(text).not.toContain('Bilan de fin de semestre');

    const manager = pdfText(
      PdfDataResponse.parse((await call('manager', `/api/gradebook/get-pdf?triad=${triadId}&year=2026&period=1`, 'en')).json()),
    );
    expect(manager).toContain('Gradebook: First half of 2026');
    expect(manager).toContain('Note du responsable');
    expect(manager).toContain('Total');

    const empty = pdfText(
      PdfDataResponse.parse((await call('apprenti', `/api/gradebook/get-pdf?triad=${triadId}&year=2024&period=2`)).json()),
    );
    expect(empty).toContain("Aucun questionnaire noté n'a été signé pendant cette période.");
  });

  it('lists the months with planned hours and prints the attendance certificate from the calendar', async () => {
    const list = AttestationListResponse.parse((await call('maitre', `/app/attestations/list/${triadId}`)).json());
    expect(list.attestations).toContainEqual({ year: 2026, month: 2, identity: 'Lucas Martin' });
    const response = await call('apprenti', `/api/attestations/get-pdf?triad=${triadId}&year=2026&month=2`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = PdfDataResponse.parse(response.json());
    expect(answer.fileName).toBe('attestation-presence-lucas-martin-2026-02.pdf');
    const text = pdfText(answer);
    expect(text).toContain('Attestation de présence : février 2026');
    expect(text).toContain('Lucas Martin');
    for (const line of [
      'Heures de formation planifiées',
      'Heures de présence',
      'Heures d’absence justifiée',
      'Heures d’absence non justifiée',
    ])
      expect(text).toContain(line);
    for (const value of ['10,5', '7,5', '2', '1']) expect(text).toContain(value);

    const english = pdfText(
      PdfDataResponse.parse((await call('manager', `/api/attestations/get-pdf?triad=${triadId}&year=2026&month=2`, 'en')).json()),
    );
    expect(english).toContain('Attendance certificate: February 2026');
    const emptyMonth = pdfText(
      PdfDataResponse.parse((await call('apprenti', `/api/attestations/get-pdf?triad=${triadId}&year=2031&month=7`)).json()),
    );
    expect(emptyMonth).toContain("Aucune heure de formation n'est planifiée ce mois-ci");
  });

  it('answers 403 outside the triad, 404 for an unknown or foreign triad, 400 for bad input, 401 without token', async () => {
    for (const path of [
      `/app/gradebook/list/${triadId}`,
      `/api/gradebook/get-pdf?triad=${triadId}&year=2026&period=1`,
      `/app/attestations/list/${triadId}`,
      `/api/attestations/get-pdf?triad=${triadId}&year=2026&month=2`,
    ]) {
      expect((await call('apprenti2', path)).statusCode).toBe(403);
      expect((await call(null, path)).statusCode).toBe(401);
    }
    expect((await call('admin', `/app/gradebook/list/${triadId}`)).statusCode).toBe(200);
    const foreign = await createForeignCourse(test.app.ctx.db, 'documents.example');
    const [other] = await test.app.ctx.db.insert(triads).values({ trainingCourseId: foreign.courseId }).returning({ id: triads.id });
    expect((await call('apprenti', `/api/gradebook/get-pdf?triad=${other!.id}&year=2026&period=1`)).statusCode).toBe(404);
    expect((await call('manager', `/app/attestations/list/${other!.id}`)).statusCode).toBe(404);
    expect((await call('apprenti', '/app/gradebook/list/987654')).statusCode).toBe(404);
    for (const query of ['year=2026&period=3', 'year=1999&period=1', 'year=abc&period=1', 'period=1']) {
      expect((await call('apprenti', `/api/gradebook/get-pdf?triad=${triadId}&${query}`)).statusCode).toBe(400);
    }
    for (const query of ['year=2026&month=13', 'year=2026&month=0', 'year=2026']) {
      expect((await call('apprenti', `/api/attestations/get-pdf?triad=${triadId}&${query}`)).statusCode).toBe(400);
    }
    expect((await call('apprenti', `/api/attestations/get-pdf?triad=99999999999&year=2026&month=1`)).statusCode).toBe(400);
  });
});
