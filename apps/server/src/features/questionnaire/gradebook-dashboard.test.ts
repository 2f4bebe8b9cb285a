import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileDownloadResponse, FormModel, GradebookDashboardResponse } from '@lea/shared';
import { questions, replies } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sheetOf } from './dashboard-test-helpers.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, type Fixture } from './test-fixtures.js';

describe('grades dashboard and the PDF export of the dashboard', () => {
  let test: TestApp;
  let fixture: Fixture;
  const tokens: Record<string, string> = {};
  const url = (path: string) => `/app/lea-manager/${fixture.courseId}${path}`;
  const as = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
    callAs(test.app, tokens.manager as string, method, url(path), payload);
  const gradebook = async (query = '') => GradebookDashboardResponse.parse((await as('GET', `/gradebook-dashboard${query}`)).json());
  const marksOf = (response: GradebookDashboardResponse) =>
    response.categories.flatMap((category) => category.questionnaires).find((q) => q.id === fixture.questionnaireId)?.dashboardData[
      String(fixture.triadId)
    ];

  beforeAll(async () => {
    test = await createTestApp();
    fixture = await createQuestionnaireFixture(test.app, { signedBy: [1, 4], useComments: false });
    for (const username of ['manager', 'apprenti']) tokens[username] = await tokenFor(test.app, username);
  });
  afterAll(async () => {
    await test.close();
  });

  it('shows the marks of shared and signed replies only, computed from the answers and the current items', async () => {
    const draft = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 1,
        profile: 1,
        version: 0,
        answers: apprenticeAnswers(fixture),
      },
    );
    expect(draft.statusCode).toBe(200);
    expect(marksOf(await gradebook())?.apprentice).toBeNull();
    const signed = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 3,
        profile: 1,
        version: 1,
        answers: [],
      },
    );
    expect(signed.json().hasError, signed.body).toBe(false);
    const [reply] = await test.app.ctx.db
      .select()
      .from(replies)
      .where(and(eq(replies.questionnaireId, fixture.questionnaireId), eq(replies.profile, 1)));
    // Oui (2) + Git and Docker (1 + 2) + grid rows Acquis (3) and En cours (1), over 2 + 3 + 3 + 3.
    expect(marksOf(await gradebook())).toEqual({
      apprentice: { mark: 9, maximalMark: 11, status: 3 },
      tutor: null,
      apprenticeMaster: null,
      leaManager: null,
    });
    expect([reply?.totalMark, reply?.maximalMark]).toEqual([9, 11]);

    // A mark changed in the editor shows at once.
    await test.app.ctx.db
      .update(questions)
      .set({
        valueList: [
          { value: 'Oui', mark: 4 },
          { value: 'Non', mark: 0 },
        ],
      })
      .where(eq(questions.id, fixture.ids.uniqueChoice));
    const after = await gradebook();
    expect(marksOf(after)?.apprentice).toEqual({ mark: 11, maximalMark: 13, status: 3 });
    // Only questionnaires with marked fields are listed (the demo's two evaluations and this one).
    expect(after.categories.flatMap((category) => category.questionnaires.map((q) => q.title)).sort()).toEqual(
      ['Bilan de période en entreprise', 'Évaluation des compétences techniques', 'Évaluation du premier semestre'].sort(),
    );
    const form = FormModel.parse((await as('GET', '/gradebook-dashboard/filter-form')).json());
    expect(form.tabs[0]?.fields.find((field) => field.name === 'questionnaires')?.choices).toHaveLength(3);
  });

  it('exports the marks as a real xlsx', async () => {
    const { name, rows } = await sheetOf((await as('GET', `/gradebook-dashboard/export?questionnaires=${fixture.questionnaireId}`)).json());
    expect(name).toBe('Notes');
    expect(rows[0]?.slice(5)).toEqual(['Bilan de période en entreprise – Apprenti']);
    expect(rows.find((row) => row[1] === 'Lucas Martin')?.[5]).toBe('11 / 13');
  });

  it("exports the selected questionnaires' replies as one real PDF", async () => {
    const response = await as('POST', '/dashboard/export-pdf', { questionnaires: [fixture.questionnaireId] });
    expect(response.statusCode, response.body).toBe(200);
    const file = FileDownloadResponse.parse(response.json());
    expect(file.type).toBe('application/pdf');
    const bytes = Buffer.from(file.data, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const path = join(mkdtempSync(join(tmpdir(), 'lea-dashboard-pdf-')), 'export.pdf');
    writeFileSync(path, bytes);
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Bilan de période en entreprise');
    expect(text).toContain('Lucas Martin');
    expect(text).toContain('Développement d’une API de réservation');

    expect(
      (await as('POST', '/dashboard/export-pdf', { questionnaires: [fixture.questionnaireId], triads: [fixture.triadId + 1] })).json(),
    ).toMatchObject({
      code: 400,
      message: 'Aucune réponse à exporter pour cette sélection',
    });
    expect((await as('POST', '/dashboard/export-pdf', { questionnaires: [987654] })).statusCode).toBe(404);
    expect((await as('POST', '/dashboard/export-pdf', { questionnaires: [] })).statusCode).toBe(400);
  });
});
