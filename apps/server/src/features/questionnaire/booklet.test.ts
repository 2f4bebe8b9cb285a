import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportResponse } from '@lea/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor } from '../../test/auth.js';
import { callAs, createQuestionnaireFixture, type Fixture } from './test-fixtures.js';

describe('GET /app/triad/pdf/{id}', () => {
  let test: TestApp;
  let fixture: Fixture;
  const dir = mkdtempSync(join(tmpdir(), 'lea-booklet-'));
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'apprenti2', 'tuteur', 'manager']) tokens[username] = await tokenFor(test.app, username);
    fixture = await createQuestionnaireFixture(test.app, { signedBy: [2], title: "Entretien d'intégration" });
    const signed = await callAs(
      test.app,
      tokens.tuteur as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 3,
        profile: 2,
        version: 0,
        interviewDate: '2026-01-15',
        answers: [{ questionId: fixture.ids.tutorText, value: 'Bonne intégration dans l’équipe.' }],
      },
    );
    expect(signed.json().hasError, signed.body).toBe(false);
  });
  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const bookletAs = async (username: string) => {
    const response = await callAs(test.app, tokens[username] as string, 'GET', `/app/triad/pdf/${fixture.triadId}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = ExportResponse.parse(response.json());
    const bytes = Buffer.from(body.data, 'base64');
    const path = join(dir, `${username}.pdf`);
    writeFileSync(path, bytes);
    return { body, bytes, text: execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }) };
  };

  it('prints the cover and every questionnaire with a signed reply', async () => {
    const { body, bytes, text } = await bookletAs('apprenti');
    expect(body.filetype).toBe('application/pdf');
    expect(body.filename).toMatch(/^livret-.+\.pdf$/);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    expect(text).toContain('Membres du trinôme');
    expect(text).toContain("Entretien d'intégration");
  });

  it('is open to the course manager', async () => {
    const { text } = await bookletAs('manager');
    expect(text).toContain("Entretien d'intégration");
  });

  it('answers 403 outside the triad and 404 for an unknown triad', async () => {
    const outside = await callAs(test.app, tokens.apprenti2 as string, 'GET', `/app/triad/pdf/${fixture.triadId}`);
    expect(outside.statusCode).toBe(403);
    const unknown = await callAs(test.app, tokens.manager as string, 'GET', '/app/triad/pdf/999999');
    expect(unknown.statusCode).toBe(404);
  });
});
