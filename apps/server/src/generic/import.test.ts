import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@lea/shared';
import { crews, triads, users } from '../db/schema/index.js';
import { tokenFor } from '../test/auth.js';
import { managerClient, useManagerFixture, type ManagerCall } from './test-helpers.js';

const SAMPLES = join(import.meta.dirname, '../../../../docs/samples');
const HEADERS = [
  'Groupe',
  'Nom apprenti',
  'Prénom apprenti',
  'Email apprenti',
  'Nom tuteur',
  'Prénom tuteur',
  'Email tuteur',
  "Nom maître d'apprentissage",
  "Prénom maître d'apprentissage",
  "Email maître d'apprentissage",
  'Nom dirigeant',
  'Prénom dirigeant',
  'Email dirigeant',
  'Active (oui/non)',
];

async function workbookOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Trinômes');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function sheetOf(base64: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('triad import and update (xlsx, all or nothing)', () => {
  const fixture = useManagerFixture();

  const upload = async (bytes: Buffer, name = 'trinomes.xlsx', as = fixture.token) => {
    const response = await fixture.test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${as}` },
      payload: { data: bytes.toString('base64'), originalName: name, type: 'import' },
    });
    const object = response.json().responses[0].object;
    return { id: object.id as number, originalName: object.originalName as string };
  };
  const importFile = async (bytes: Buffer, update = false, client: ManagerCall = fixture.call): Promise<ImportReport> => {
    const file = await upload(bytes);
    const response = await client('POST', '/triad/import-post', {
      form: [{ code: 'import', form: { file } }],
      trainingCourse: { id: fixture.courseId },
      update,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const counts = async () => ({
    triads: (await fixture.test.app.ctx.db.select({ n: count() }).from(triads))[0]!.n,
    users: (await fixture.test.app.ctx.db.select({ n: count() }).from(users))[0]!.n,
    crews: (await fixture.test.app.ctx.db.select({ n: count() }).from(crews))[0]!.n,
  });

  it('offers a real xlsx model with the header row and one example line, and the file form', async () => {
    const model = (await fixture.call('GET', '/triad/import-model')).json();
    expect(model.filename).toBe('lea-trinomes-modele-import.xlsx');
    const sheet = await sheetOf(model.data);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(4).value).toBe('marie.dupont@example.com');
    const form = (await fixture.call('GET', '/triad/import-form')).json();
    expect(form.tabs[0].fields[0]).toMatchObject({
      name: 'file',
      kind: 'file',
      required: true,
      attributes: { allowedExtensions: ['xlsx'] },
    });
  });

  it('imports the clean sample: people matched by e-mail or created, unknown crew created', async () => {
    const before = await counts();
    const report = await importFile(readFileSync(join(SAMPLES, 'lea-import-trinomes.xlsx')));
    expect(report).toEqual({ hasError: false, created: 3, updated: 0, errors: [], validationErrors: [] });
    const after = await counts();
    expect(after.triads).toBe(before.triads + 3);
    // Inès, Mathis, Sarah, Antoine, Julie, Bruno are new; the demo tutors and masters are found.
    expect(after.users).toBe(before.users + 6);
    expect(after.crews).toBe(
      before.crews + (await fixture.test.app.ctx.db.select().from(crews).where(eq(crews.name, 'Promotion 2026 - groupe C'))).length,
    );
    const [sarah] = await fixture.test.app.ctx.db.select().from(users).where(eq(users.email, 'sarah.perrin@example.org'));
    expect(sarah).toMatchObject({ passwordHash: null, type: 'apprentice' });
    const [triad] = await fixture.test.app.ctx.db.select().from(triads).where(eq(triads.apprenticeId, sarah!.id));
    expect(triad!.active).toBe(false);
    expect(triad!.companyManagerId).not.toBeNull();
  });

  it('refuses the same file twice (apprentices already in the course), writing nothing', async () => {
    const before = await counts();
    const report = await importFile(readFileSync(join(SAMPLES, 'lea-import-trinomes.xlsx')));
    expect(report.hasError).toBe(true);
    expect(report.errors.map((error) => [error.line, error.column])).toEqual([
      [2, 'D'],
      [3, 'D'],
      [4, 'D'],
    ]);
    expect(report.errors[0]!.message).toMatch(/^Email apprenti : Cet apprenti a déjà un trinôme dans cette formation/);
    expect(await counts()).toEqual(before);
  });

  it('reports every error of the error sample by line and column and writes nothing, not even its valid line', async () => {
    const before = await counts();
    const report = await importFile(readFileSync(join(SAMPLES, 'lea-import-trinomes-erreurs.xlsx')));
    expect(report.hasError).toBe(true);
    expect(report.created).toBe(0);
    expect(report.errors).toEqual([
      { line: 3, column: 'D', message: 'Email apprenti : Merci de saisir une adresse email conforme' },
      { line: 4, column: 'B', message: 'Nom apprenti : Ce champ est obligatoire' },
      { line: 5, column: 'F', message: 'Prénom tuteur : Ce champ est obligatoire (tuteur incomplet)' },
      { line: 5, column: 'G', message: 'Email tuteur : Ce champ est obligatoire (tuteur incomplet)' },
      { line: 6, column: 'N', message: 'Active (oui/non) : Valeur attendue : oui ou non' },
      { line: 7, column: 'A', message: 'Groupe : Ce champ est obligatoire' },
    ]);
    expect(await counts()).toEqual(before);
    expect(await fixture.test.app.ctx.db.select().from(users).where(eq(users.email, 'lina.morin@example.org'))).toHaveLength(0);
  });

  it('refuses a file without the required columns, a file that is not a workbook, and one of someone else', async () => {
    const missing = await importFile(
      await workbookOf([
        ['Groupe', 'Nom apprenti'],
        ['A', 'B'],
      ]),
    );
    expect(missing.errors.map((error) => [error.line, error.column])).toEqual([
      [1, 'Prénom apprenti'],
      [1, 'Email apprenti'],
    ]);
    const csv = await fixture.test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${fixture.token}` },
      payload: { data: Buffer.from('a;b\n').toString('base64'), originalName: 'x.csv' },
    });
    const notWorkbook = await fixture.call('POST', '/triad/import-post', {
      form: [{ code: 'import', form: { file: csv.json().responses[0].object } }],
    });
    expect(notWorkbook.json()).toMatchObject({
      hasError: true,
      validationErrors: [{ field: 'file', message: 'Veuillez séléctionner un fichier au bon format' }],
    });
    const empty = await fixture.call('POST', '/triad/import-post', { form: [{ code: 'import', form: {} }] });
    expect(empty.json().validationErrors).toEqual([{ field: 'file', message: 'Ce champ est obligatoire' }]);
    const theirs = await upload(
      readFileSync(join(SAMPLES, 'lea-import-trinomes.xlsx')),
      'a.xlsx',
      await tokenFor(fixture.test.app, 'admin'),
    );
    const foreign = await fixture.call('POST', '/triad/import-post', { form: [{ code: 'import', form: { file: theirs } }] });
    expect(foreign.json().validationErrors).toEqual([{ field: 'file', message: 'Oups, on dirait que le fichier est indisponible' }]);
    expect(
      (await fixture.call('POST', '/triad/import-post', { form: [], trainingCourse: { id: fixture.courseId + 1000 } })).statusCode,
    ).toBe(400);
  });

  it('exports the triads for update, and the edited file updates them', async () => {
    const exported = (await fixture.call('GET', '/triad/export')).json();
    expect(exported.filename).toMatch(/^lea-trinomes-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await sheetOf(exported.data);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Identifiant trinôme', ...HEADERS]);
    const rows = [] as (string | number)[][];
    sheet.eachRow((row) => rows.push((row.values as (string | number | null)[]).slice(1).map((cell) => cell ?? '')));
    const lucas = rows.findIndex((row) => row[4] === 'lucas.martin@example.com');
    expect(lucas).toBeGreaterThan(0);
    const triadId = Number(rows[lucas]![0]);
    rows[lucas]![1] = 'Promotion 2025 - groupe B';
    rows[lucas]![14] = 'non';
    const report = await importFile(await workbookOf(rows), true);
    expect(report).toMatchObject({ hasError: false, created: 0, updated: rows.length - 1 });
    const [triad] = await fixture.test.app.ctx.db.select().from(triads).where(eq(triads.id, triadId));
    const [crewB] = await fixture.test.app.ctx.db.select().from(crews).where(eq(crews.name, 'Promotion 2025 - groupe B'));
    expect(triad).toMatchObject({ crewId: crewB!.id, active: false });

    const before = await counts();
    const wrong = [
      rows[0]!,
      [999999, ...rows[lucas]!.slice(1)],
      [rows[lucas]![0]!, ...rows[lucas]!.slice(1)],
      [rows[lucas]![0]!, ...rows[lucas]!.slice(1)],
    ];
    const refused = await importFile(await workbookOf(wrong), true);
    expect(refused.errors.map((error) => [error.line, error.column, error.message])).toEqual([
      [2, 'A', 'Identifiant trinôme : Trinôme inconnu dans cette formation'],
      [4, 'A', 'Identifiant trinôme : Ce trinôme figure déjà ligne 3'],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('keeps the import away from other managers and members', async () => {
    const outsider = managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken);
    expect((await outsider('GET', '/triad/import-model')).statusCode).toBe(403);
    expect((await outsider('GET', '/triad/export')).statusCode).toBe(403);
    expect((await outsider('POST', '/triad/import-post', { form: [] })).statusCode).toBe(403);
    expect(
      (await managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'apprenti'))('GET', '/triad/export'))
        .statusCode,
    ).toBe(403);
    expect((await managerClient(fixture.test.app, fixture.courseId, null)('GET', '/triad/export')).statusCode).toBe(401);
    expect((await fixture.call('GET', '/contract/import-model')).statusCode).toBe(404);
  });

  it('imports 1,000 lines in one go, then lists them', async () => {
    const tutors = Array.from({ length: 50 }, (_, index) => [`Tuteur${index}`, 'Bulk', `tuteur.bulk${index}@example.org`]);
    const rows = [
      HEADERS,
      ...Array.from({ length: 1000 }, (_, index) => [
        `Promotion bulk ${index % 4}`,
        `Apprenti${index}`,
        'Bulk',
        `apprenti.bulk${index}@example.org`,
        ...tutors[index % 50]!,
        'Dubois',
        'Nathalie',
        'nathalie.dubois@example.com',
        '',
        '',
        '',
        'oui',
      ]),
    ];
    const before = await counts();
    const bytes = await workbookOf(rows);
    const started = performance.now();
    const report = await importFile(bytes);
    const importMs = Math.round(performance.now() - started);
    expect(report).toEqual({ hasError: false, created: 1000, updated: 0, errors: [], validationErrors: [] });
    const after = await counts();
    expect(after.triads).toBe(before.triads + 1000);
    expect(after.users).toBe(before.users + 1050);
    expect(after.crews).toBe(before.crews + 4);

    const listed = performance.now();
    const list = (await fixture.call('GET', '/triad/list')).json();
    const listMs = Math.round(performance.now() - listed);
    expect(list.crews.flatMap((crew: { triads: unknown[] }) => crew.triads)).toHaveLength(
      (await fixture.test.app.ctx.db.select({ n: count() }).from(triads).where(eq(triads.trainingCourseId, fixture.courseId)))[0]!.n,
    );
    console.log(
      `[measure] ${fixture.test.engine}: import of 1,000 lines ${importMs} ms, triad list of ${after.triads} triads ${listMs} ms`,
    );
  }, 120_000);
});
