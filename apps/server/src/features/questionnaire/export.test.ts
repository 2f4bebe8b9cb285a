import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportResponse } from '@lea/shared';
import { eq } from 'drizzle-orm';
import { replies, replySignatures } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor } from '../../test/auth.js';
import { fileSlug } from './export.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, type Fixture } from './test-fixtures.js';

describe('GET /app/questionnaire/export', () => {
  let test: TestApp;
  let fixture: Fixture;
  const dir = mkdtempSync(join(tmpdir(), 'lea-export-'));
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'tuteur']) tokens[username] = await tokenFor(test.app, username);
    fixture = await createQuestionnaireFixture(test.app, { signedBy: [1], title: 'Bilan de mi-parcours (2e année)' });
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
    rmSync(dir, { recursive: true, force: true });
  });

  const exportAs = async (username: string, model: number) => {
    const response = await callAs(
      test.app,
      tokens[username] as string,
      'GET',
      `/app/questionnaire/export/${fixture.triadId}/${fixture.questionnaireId}?model=${model}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = ExportResponse.parse(response.json());
    const path = join(dir, `${username}-${model}.pdf`);
    const bytes = Buffer.from(body.data, 'base64');
    writeFileSync(path, bytes);
    return { body, bytes, text: execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }) };
  };

  it('exports the filled booklet with the answers and the signature digest', async () => {
    const { body, bytes, text } = await exportAs('tuteur', 1);
    expect(body.filename).toBe('bilan-de-mi-parcours-2e-annee.pdf');
    expect(body.filetype).toBe('application/pdf');
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    expect(text).toContain('Bilan de mi-parcours (2e année)');
    expect(text).toContain('Les tests automatisés et la revue de code.');
    expect(text).toContain('Lucas Martin');
    const [signature] = await test.app.ctx.db
      .select({ digest: replySignatures.digest })
      .from(replySignatures)
      .innerJoin(replies, eq(replies.id, replySignatures.replyId))
      .where(eq(replies.questionnaireId, fixture.questionnaireId));
    expect(text).toContain(signature?.digest.slice(0, 16));
  });

  it('exports the blank model without the answers', async () => {
    const { body, text } = await exportAs('apprenti', 0);
    expect(body.filename).toBe('bilan-de-mi-parcours-2e-annee-modele.pdf');
    expect(text).toContain('Ce que vous avez appris');
    expect(text).not.toContain('Les tests automatisés et la revue de code.');
  });

  it('names files from titles', () => {
    expect(fileSlug('Évaluation « finale » — été')).toBe('evaluation-finale-ete');
    expect(fileSlug('***')).toBe('questionnaire');
  });
});
