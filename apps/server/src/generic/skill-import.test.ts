import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillCategories, skills, trainingCourses } from '../db/schema/index.js';
import { tokenFor } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const sample = (name: string) => readFileSync(new URL(`../../../../docs/samples/${name}`, import.meta.url));

/** The skills import of the manager area (spec 3 §2.2, §5 "Erreur ligne {line} colonne {column}"), all or nothing. */
describe('manager area: skills import from xlsx', () => {
  let test: TestApp;
  let manager: string;
  let courseId = 0;
  const call = (method: 'GET' | 'POST', path: string, payload?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app/lea-manager/${courseId}${path}`,
      headers: { host: 'localhost', authorization: `Bearer ${manager}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const importFile = async (bytes: Buffer, name: string, locale = 'fr') => {
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { host: 'localhost', authorization: `Bearer ${manager}` },
      payload: { data: bytes.toString('base64'), originalName: name, type: 'import' },
    });
    const file = uploaded.json().responses[0].object;
    const response = await call(
      'POST',
      '/skill/import-post',
      {
        form: [{ code: 'import', form: { file: { id: file.id, originalName: file.originalName } } }],
        trainingCourse: { id: courseId },
        update: false,
      },
      locale,
    );
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const skillCount = async () => (await test.app.ctx.db.select({ n: count() }).from(skills))[0]!.n;
  beforeAll(async () => {
    test = await createTestApp();
    manager = await tokenFor(test.app, 'manager');
    const [course] = await test.app.ctx.db
      .select({ id: trainingCourses.id })
      .from(trainingCourses)
      .where(eq(trainingCourses.displayName, 'BTS SIO 2025-2027'));
    courseId = course!.id;
  });
  afterAll(async () => test?.close());

  it('offers the model with its header row', async () => {
    const model = (await call('GET', '/skill/import-model')).json();
    expect(model.filename).toBe('modele_import_competences.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(model.data, 'base64') as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Catégorie',
      'Sous-catégorie',
      'Compétence',
      'Type',
      'Info-bulle',
      'Justificatif',
    ]);
  });

  it('reports a bad file by line and column and changes nothing', async () => {
    const before = await skillCount();
    const report = await importFile(sample('modele_import_competences-erreurs.xlsx'), 'erreurs.xlsx');
    expect(report).toMatchObject({ hasError: true, created: 0 });
    expect(report.errors).toEqual([
      { line: 3, column: 'D', message: 'Type : Type de compétence inconnu dans cette formation : Sécurité' },
      { line: 4, column: 'F', message: 'Justificatif : Valeur attendue : oui ou non' },
    ]);
    expect(await skillCount()).toBe(before);
    expect(await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.name, 'Bloc 3 - Cybersécurité'))).toEqual([]);
  });

  it('imports the sample: missing categories created, skills with their type and justification flag', async () => {
    const before = await skillCount();
    const report = await importFile(sample('modele_import_competences.xlsx'), 'competences.xlsx');
    expect(report).toMatchObject({ hasError: false, created: 4 });
    expect(await skillCount()).toBe(before + 4);
    const [block] = await test.app.ctx.db
      .select()
      .from(skillCategories)
      .where(eq(skillCategories.name, 'Bloc 2 - Conception et développement d’applications'));
    const daughters = await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.motherId, block!.id));
    expect(daughters.map((row) => row.name).sort()).toEqual(['Données', 'Développement']);
    const [design] = await test.app.ctx.db.select().from(skills).where(eq(skills.name, 'Concevoir une solution applicative'));
    expect(design).toMatchObject({ needJustificative: true, tooltip: 'Analyse du besoin, maquettes' });
    expect(design!.skillTypeId).not.toBeNull();
    // The existing category "Compétences en entreprise › Savoir-être" receives the fourth skill.
    const [teamwork] = await test.app.ctx.db.select().from(skills).where(eq(skills.name, 'Travailler en équipe'));
    const [savoirEtre] = await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.id, teamwork!.skillCategoryId));
    expect(savoirEtre!.name).toBe('Savoir-être');
  });
});
