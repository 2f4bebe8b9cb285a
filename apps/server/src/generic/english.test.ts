import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackOfficeEntities, FormModel, GenericColumn, ImportReport } from '@lea/shared';
import { questionnaireCategories, questionnaires, triads } from '../db/schema/index.js';
import { tokenFor, userIdOf } from '../test/auth.js';
import { managerClient, useManagerFixture, type ManagerCall } from './test-helpers.js';

/** French in an English text: accented letters, a space before a colon, French words. */
const FRENCH = /[éèêëàâùûôîïç]|\s[:!?;]|\b(le|la|les|des|du|une|est|avec|pour|dans|merci|groupe|trinôme)\b/i;

/** A form's words: tabs, labels, help and the choices of radios (selects offer data: crews, companies). */
const labelsOf = (model: FormModel) =>
  model.tabs.flatMap((tab) => [
    tab.label,
    ...tab.fields.flatMap((field) => [
      field.label,
      field.help ?? '',
      ...(field.kind === 'radio' ? (field.choices ?? []) : []).map((choice) => choice.label),
    ]),
  ]);
const columnLabels = (body: { columns: GenericColumn[] }) => body.columns.filter((column) => !column.hidden).map((column) => column.label);

async function workbookOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Triads');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The back-office engine on /api/en/…: forms, lists, import reports and notices in English, for every entity. */
describe('back-office engine in English', () => {
  const fixture = useManagerFixture();
  let english: ManagerCall;
  let triadId: number;

  beforeAll(async () => {
    english = managerClient(fixture.test.app, fixture.courseId, fixture.token, 'en');
    const [triad] = await fixture.test.app.ctx.db
      .select()
      .from(triads)
      .where(eq(triads.apprenticeId, await userIdOf(fixture.test.app, 'apprenti')));
    triadId = triad!.id;
  });

  it('labels the crew form and answers its save in English', async () => {
    const model: FormModel = (await english('GET', '/crew/form')).json();
    expect(labelsOf(model)).toEqual(['Crew', 'Title', '']);
    expect(model.tabs[0]!.fields[0]!.attributes.placeholder).toBe('Class of 2026 - group A');
    const saved = await english('POST', '/crew/post', [{ code: 'crew', form: { title: 'Cohort 2027' } }]);
    expect(saved.json()).toMatchObject({ hasError: false, message: 'The crew has been saved' });
    const invalid = await english('POST', '/crew/post', [{ code: 'crew', form: { title: '' } }]);
    expect(invalid.json()).toMatchObject({
      hasError: true,
      message: 'The form has errors',
      responses: [{ validationErrors: [{ field: 'title', message: 'This field is required' }] }],
    });
  });

  it('names the triad lists’ columns in English, profiles by their titles', async () => {
    expect(columnLabels((await english('GET', `/triad-user/list/${triadId}`)).json())).toEqual(['Name', 'E-mail address', 'Attached to']);
    const contracts = (await english('GET', `/contract/list/${triadId}`)).json();
    expect(columnLabels(contracts)).toEqual([
      'Number',
      'Contract type',
      'Company',
      'Start',
      'End',
      'Duration (months)',
      'Apprenticeship master',
      'Company manager',
      'Termination date',
      'Termination cause',
    ]);
    expect(contracts.subtitle).toMatch(/^Triad of \S+ \S+/);
    expect(columnLabels((await english('GET', '/crew/list')).json())).toEqual(['Title', 'Triads']);
  });

  it('labels the triad form with the profile titles, in both languages', async () => {
    const model: FormModel = (await english('GET', '/triad/form')).json();
    expect(model.tabs.map((tab) => tab.label)).toEqual([
      'Triad',
      'Apprentice',
      'Pedagogic tutor',
      'Apprenticeship master',
      'Company manager',
    ]);
    expect(model.tabs[2]!.fields.map((field) => field.label)).toEqual([
      'Last name (pedagogic tutor)',
      'First name (pedagogic tutor)',
      'E-mail address (pedagogic tutor)',
      'Last name (second pedagogic tutor)',
      'First name (second pedagogic tutor)',
      'E-mail address (second pedagogic tutor)',
    ]);
    const french: FormModel = (await fixture.call('GET', '/triad/form')).json();
    expect(french.tabs.map((tab) => tab.label)).toEqual([
      'Trinôme',
      'Apprenti',
      'Tuteur pédagogique',
      "Maître d'apprentissage",
      "Chef d'entreprise",
    ]);
    expect(french.tabs[3]!.fields.map((field) => field.label)).toContain("Nom (second maître d'apprentissage)");
    expect(french.tabs[4]!.fields.map((field) => field.label)).toContain("Adresse e-mail (chef d'entreprise)");
  });

  it('has no French in any entity’s titles, import texts, list columns or form labels, in both areas', async () => {
    const areas = [
      { base: `/api/en/app/lea-manager/${fixture.courseId}`, token: fixture.token },
      { base: '/api/en/app/admin', token: await tokenFor(fixture.test.app, 'admin') },
    ];
    const texts: string[] = [];
    const aliases: string[] = [];
    for (const { base, token } of areas) {
      const get = async (path: string) =>
        (await fixture.test.app.inject({ method: 'GET', url: `${base}${path}`, headers: { authorization: `Bearer ${token}` } })).json();
      const { entities } = (await get('/generic/entities')) as BackOfficeEntities;
      for (const entity of entities) {
        aliases.push(entity.alias);
        texts.push(...Object.values(entity.titles).filter((title): title is string => title !== null));
        if (entity.importTexts)
          texts.push(
            entity.importTexts.import,
            entity.importTexts.update,
            entity.importTexts.thanks,
            entity.importTexts.created.one,
            entity.importTexts.updated.other,
          );
        const parent = entity.parent ? `/${triadId}` : '';
        if (entity.can.list) texts.push(...columnLabels(await get(`/${entity.alias}/list${parent}`)));
        // An entity without an add form (the course's modules) is read through the edit form of its first record.
        const firstId = async () => ((await get(`/${entity.alias}/list${parent}`)) as { data: { id: number }[] }).data[0]!.id;
        const formPath = entity.can.singleton
          ? `/${entity.alias}/unique-form`
          : entity.can.add
            ? `/${entity.alias}/form${parent}`
            : `/${entity.alias}/form${parent}/${await firstId()}`;
        const formModel = await get(formPath);
        texts.push(...labelsOf(formModel));
        if (entity.can.import) texts.push(...labelsOf(await get(`/${entity.alias}/import-form`)));
      }
    }
    expect(aliases.sort()).toEqual([
      'absence',
      'absence-config',
      'absence-reason',
      'component',
      'contract',
      'course-absence-config',
      'course-config',
      'crew',
      'data-agreement',
      'design',
      'document',
      'help-document',
      'institution',
      'lea-manager-profile',
      'lea-user',
      'lesson',
      'module',
      'news',
      'planning',
      'profile-title',
      'questionnaire-category',
      'sign-in-methods',
      'skill',
      'skill-category',
      'skill-configuration',
      'skill-session',
      'skill-type',
      'skin',
      'sso-provider',
      'subject',
      'template',
      'training',
      'training-course',
      // The manager's module menu and the administrator's view of a course's modules.
      'training-course-module',
      'training-course-module',
      'triad',
      'triad-user',
      'unit',
      'user',
      'web-link',
    ]);
    expect(texts.length).toBeGreaterThan(80);
    expect(texts.filter((text) => FRENCH.test(text))).toEqual([]);
    const crew = (await english('GET', '/generic/entities')).json().entities.find((entity: { alias: string }) => entity.alias === 'crew');
    expect(crew.importTexts.created).toEqual({ one: '{count} crew created', other: '{count} crews created' });
    const user: FormModel = (await english('GET', '/lea-user/form')).json();
    const profiles = user.tabs[0]!.fields.find((field) => field.name === 'type')!.choices!.map((choice) => choice.label);
    expect(profiles).toEqual(['Apprentice', 'Pedagogic tutor', 'Apprenticeship master']);
  });

  it('reports an import’s lines in English, headers and messages', async () => {
    const rows = [
      [
        'Crew',
        'apprentice last name',
        'apprentice first name',
        'apprentice e-mail',
        'tutor last name',
        'tutor first name',
        'tutor e-mail',
        'Active (yes/no)',
      ],
      ['Cohort 2027', 'Roux', 'Inès', 'ines.roux@example.com', '', '', '', 'maybe'],
      ['Cohort 2027', 'Petit', 'Jules', 'jules.petit@example.com', 'Blanc', '', '', 'yes'],
    ];
    const upload = await fixture.test.app.inject({
      method: 'POST',
      url: '/api/en/app/file/upload',
      headers: { authorization: `Bearer ${fixture.token}` },
      payload: { data: (await workbookOf(rows)).toString('base64'), originalName: 'triads.xlsx', type: 'import' },
    });
    const { id, originalName } = upload.json().responses[0].object;
    const response = await english('POST', '/triad/import-post', {
      form: [{ code: 'import', form: { file: { id, originalName } } }],
      trainingCourse: { id: fixture.courseId },
      update: false,
    });
    const report: ImportReport = response.json();
    expect(report.errors).toEqual([
      { line: 2, column: 'H', message: 'Active (yes/no): Expected value: yes or no' },
      { line: 3, column: 'F', message: 'tutor first name: This field is required (tutor incomplete)' },
      { line: 3, column: 'G', message: 'tutor e-mail: This field is required (tutor incomplete)' },
    ]);
    const model = (await english('GET', '/triad/import-model')).json();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(model.data, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Triads');
    expect(sheet.getRow(1).getCell(14).value).toBe('Active (yes/no)');
    expect(sheet.getRow(2).getCell(1).value).toBe('Class of 2026 - group A');
    expect(sheet.getRow(2).getCell(14).value).toBe('yes');
  });

  it('gives a refused delete’s reason in English, in the list and in the refusal', async () => {
    const [category] = await fixture.test.app.ctx.db
      .select({ id: questionnaireCategories.id })
      .from(questionnaireCategories)
      .innerJoin(questionnaires, eq(questionnaires.categoryId, questionnaireCategories.id))
      .where(eq(questionnaireCategories.trainingCourseId, fixture.courseId))
      .limit(1);
    const list = (await english('GET', '/questionnaire-category/list')).json();
    const row = list.data.find((item: { id: number }) => item.id === category!.id);
    expect(row).toMatchObject({
      canRemove: false,
      removeReason: expect.stringMatching(/^This category is used by \d+ questionnaire\(s\): it cannot be deleted$/),
    });
    const refused = (await english('DELETE', `/questionnaire-category/delete/${category!.id}`)).json();
    expect(refused).toMatchObject({ success: false, hasError: true, message: row.removeReason });
    const french = (await fixture.call('DELETE', `/questionnaire-category/delete/${category!.id}`)).json();
    expect(french.message).toMatch(/^Cette catégorie est utilisée par \d+ questionnaire\(s\) : elle ne peut pas être supprimée$/);
  });
});
