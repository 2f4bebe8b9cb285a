import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeSetQuery, type EntityDescription, type FormModel } from '@lea/shared';
import { historyLog, platforms, trainingCourseModules } from '../../db/schema/index.js';
import { managerClient, payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { ensureCourseModules } from '../../services/course-modules.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

type Row = { id: number; title: string; code: string; enabled: boolean; pedagogic?: boolean };

/**
 * Issue 17 §4 and issue 13 §4–5: the course documents' general and pedagogic tabs (a list with
 * tabs by a field), the administrators' modules of one course, and the help-document settings
 * saved through PUT /app/admin/generic/design/unique-post (spec 3 §2.2, §2.3, §7.2).
 */
describe('document tabs, admin course modules, help-document settings', () => {
  const fixture = useManagerFixture();
  const app = () => fixture.test.app;
  const admin = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, payload?: unknown, username = 'admin') =>
    app().inject({
      method,
      url: `/api/fr/app/admin${path}`,
      headers: { authorization: `Bearer ${await tokenFor(app(), username)}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${fixture.token}` },
      payload: { data: PDF.toString('base64'), originalName: 'Livret.pdf' },
    });
    return response.json().responses[0].object as { id: number; originalName: string };
  };

  it('lists the documents by tab (general by default, pedagogic asked), presets the category from the tab, the form keeps it editable', async () => {
    const { call } = fixture;
    const entities = (await call('GET', '/generic/entities')).json().entities as EntityDescription[];
    const described = entities.find((entity) => entity.alias === 'document')!;
    expect(described.tabs).toEqual({
      key: 'pedagogic',
      initial: 'false',
      options: [
        { value: 'false', label: 'Général' },
        { value: 'true', label: 'Pédagogique' },
      ],
    });
    const english = (await managerClient(app(), fixture.courseId, fixture.token, 'en')('GET', '/generic/entities')).json()
      .entities as EntityDescription[];
    expect(english.find((entity) => entity.alias === 'document')!.tabs!.options.map((option) => option.label)).toEqual([
      'General',
      'Pedagogic',
    ]);

    const general = (await call('GET', '/document/form')).json() as FormModel;
    const category = () => general.tabs[0]!.fields.find((field) => field.name === 'category')!;
    const choice = (label: string) => category().choices!.find((entry) => entry.label === label)!.value;
    expect(category().value).toBe(choice('Général'));
    const set = encodeURIComponent(writeSetQuery([{ name: 'pedagogic', value: 'true' }]));
    const pedagogicForm = (await call('GET', `/document/form?set=${set}`)).json() as FormModel;
    const preset = pedagogicForm.tabs[0]!.fields.find((field) => field.name === 'category')!;
    expect(preset.value).toBe(choice('Pédagogique'));
    expect(preset.disabled).toBe(false);
    // A malformed set is no preset, never an error.
    expect((await call('GET', '/document/form?set=%7Bnot-json')).json().tabs[0].fields[1].value).toBe(choice('Général'));

    const file = await upload();
    const saved = (
      await call('POST', `/document/post`, payloadOf(pedagogicForm, { title: 'Référentiel pédagogique à onglet', file: [file] }))
    ).json();
    expect(saved.hasError).toBe(false);
    const id = saved.responses[0].object.id as number;

    const list = async (query: string) => (await call('GET', `/document/list?limit=50${query}`)).json();
    const byDefault = await list('');
    expect(byDefault.columns.map((column: { key: string }) => column.key)).not.toContain('category');
    expect(byDefault.data.map((row: Row) => row.id)).not.toContain(id);
    expect(byDefault.data.every((row: Row) => row.pedagogic === false)).toBe(true);
    const pedagogic = await list('&filter=pedagogic:true');
    expect(pedagogic.data.map((row: Row) => row.id)).toContain(id);
    expect(pedagogic.count).toBe(pedagogic.data.length);
    // An unknown tab value is the initial tab; a filter that is not `key:value` is a 400, never a 500.
    expect((await list('&filter=pedagogic:maybe')).data.map((row: Row) => row.id)).toEqual(byDefault.data.map((row: Row) => row.id));
    expect((await call('GET', '/document/list?filter=%00')).statusCode).toBe(400);

    // The flag stays editable: moved to general, it changes tab.
    const edit = (await call('GET', `/document/form/${id}`)).json() as FormModel;
    expect((await call('PUT', `/document/post/${id}`, payloadOf(edit, { category: choice('Général') }))).json().hasError).toBe(false);
    expect((await list('')).data.map((row: Row) => row.id)).toContain(id);
    expect((await list('&filter=pedagogic:true')).data.map((row: Row) => row.id)).not.toContain(id);
    expect((await call('DELETE', `/document/delete/${id}`)).json().success).toBe(true);
  });

  it("an administrator switches a course's modules and reorders them; the manager's menu follows; history keeps each write", async () => {
    const { courseId, call } = fixture;
    const described = (await admin('GET', '/generic/entities')).json().entities as EntityDescription[];
    expect(described.find((entity) => entity.alias === 'training-course-module')).toMatchObject({
      parent: 'training-course',
      screen: { path: 'modules/training-course', back: null },
      can: { list: true, add: false, edit: true, sort: true, remove: false },
    });

    const listed = (await admin('GET', `/training-course-module/list/${courseId}?limit=50`)).json();
    expect(listed.subtitle).toBe('BTS SIO 2025-2027');
    const rows = listed.data as Row[];
    const managerRows = (await call('GET', '/training-course-module/list?limit=50')).json().data as Row[];
    expect(rows.map((row) => row.id)).toEqual(managerRows.map((row) => row.id));

    const target = rows.find((row) => row.enabled)!;
    const form = (await admin('GET', `/training-course-module/form/${courseId}/${target.id}`)).json() as FormModel;
    const off = (
      await admin('PUT', `/generic/training-course-module/post/${courseId}/${target.id}`, payloadOf(form, { enabled: false }))
    ).json();
    expect(off.hasError).toBe(false);
    expect(
      ((await call('GET', '/training-course-module/list?limit=50')).json().data as Row[]).find((row) => row.id === target.id)!.enabled,
    ).toBe(false);
    const [line] = await app()
      .ctx.db.select()
      .from(historyLog)
      .where(and(eq(historyLog.entity, 'training-course-module'), eq(historyLog.entityId, target.id)))
      .orderBy(desc(historyLog.id))
      .limit(1);
    expect(line?.action).toBe('training-course-module.edit');

    // A title too long is a field error; nothing changes.
    const long = (
      await admin(
        'PUT',
        `/training-course-module/post/${courseId}/${target.id}`,
        payloadOf(form, { title: 'x'.repeat(300), enabled: true }),
      )
    ).json();
    expect(long.hasError).toBe(true);
    expect(long.responses[0].validationErrors.map((error: { field: string }) => error.field)).toEqual(['title']);
    const [still] = await app().ctx.db.select().from(trainingCourseModules).where(eq(trainingCourseModules.id, target.id));
    expect(still!.enabled).toBe(false);
    expect(
      (await admin('PUT', `/training-course-module/post/${courseId}/${target.id}`, payloadOf(form, { enabled: true }))).json().hasError,
    ).toBe(false);

    // Drag: the last module first.
    const last = rows[rows.length - 1]!;
    expect((await admin('PUT', `/training-course-module/sort/${last.id}/0`)).json().success).toBe(true);
    expect(((await call('GET', '/training-course-module/list?limit=50')).json().data as Row[])[0]!.id).toBe(last.id);
    expect((await admin('PUT', `/training-course-module/sort/${last.id}/${rows.length - 1}`)).json().success).toBe(true);
    // Modules are never added nor deleted.
    expect((await admin('GET', `/training-course-module/form/${courseId}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/training-course-module/delete/${target.id}`)).statusCode).toBe(404);
  });

  it('refuses the admin course modules to managers and apprentices (403), another platform is a 404, bad ids are 400', async () => {
    const { courseId } = fixture;
    const [row] = (await admin('GET', `/training-course-module/list/${courseId}`)).json().data as Row[];
    for (const username of ['manager', 'apprenti']) {
      expect((await admin('GET', `/training-course-module/list/${courseId}`, undefined, username)).statusCode).toBe(403);
      expect((await admin('GET', `/training-course-module/form/${courseId}/${row!.id}`, undefined, username)).statusCode).toBe(403);
      expect((await admin('PUT', `/training-course-module/post/${courseId}/${row!.id}`, [], username)).statusCode).toBe(403);
      expect((await admin('PUT', `/training-course-module/sort/${row!.id}/0`, undefined, username)).statusCode).toBe(403);
    }
    const foreign = await createForeignCourse(app().ctx.db, 'modules-elsewhere.test');
    await ensureCourseModules(app().ctx.db, { id: foreign.courseId, platformId: foreign.platformId });
    const [foreignModule] = await app()
      .ctx.db.select()
      .from(trainingCourseModules)
      .where(eq(trainingCourseModules.trainingCourseId, foreign.courseId))
      .limit(1);
    expect((await admin('GET', `/training-course-module/list/${foreign.courseId}`)).statusCode).toBe(404);
    expect((await admin('GET', `/training-course-module/form/${foreign.courseId}/${foreignModule!.id}`)).statusCode).toBe(404);
    expect((await admin('GET', `/training-course-module/form/${courseId}/${foreignModule!.id}`)).statusCode).toBe(404);
    expect((await admin('PUT', `/training-course-module/post/${foreign.courseId}/${foreignModule!.id}`, [])).statusCode).toBe(404);
    expect((await admin('PUT', `/training-course-module/sort/${foreignModule!.id}/0`)).statusCode).toBe(404);
    for (const bad of ['0', '-1', 'abc', '2147483648', '1.5']) {
      expect((await admin('GET', `/training-course-module/list/${bad}`)).statusCode).toBe(400);
      expect((await admin('PUT', `/training-course-module/sort/${bad}/0`)).statusCode).toBe(400);
    }
    expect((await admin('PUT', `/training-course-module/post/${courseId}/${row!.id}`, { not: 'a list' })).statusCode).toBe(400);
    expect(
      (await admin('PUT', `/training-course-module/post/${courseId}/${row!.id}`, [{ code: 'courseModule', form: { title: 'a\u0000b' } }]))
        .statusCode,
    ).toBeLessThan(500);
  });

  it('saves the help-document settings (the design help part) by PUT generic/design/unique-post; the other design tabs keep their values', async () => {
    const { db } = app().ctx;
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    await db.update(platforms).set({ principalColor: '#224466', homeAlert: '<p>Alerte gardée</p>' }).where(eq(platforms.id, platform!.id));
    try {
      const described = (await admin('GET', '/generic/entities')).json().entities as EntityDescription[];
      expect(described.find((entity) => entity.alias === 'help-document')!.settings).toEqual({ alias: 'design', part: 'help' });
      const help = (await admin('GET', '/generic/design/unique-form?part=help')).json() as FormModel;
      expect(help.tabs.map((tab) => tab.code)).toEqual(['help']);
      expect((await admin('GET', '/design/unique-form')).json().tabs.length).toBeGreaterThan(1);

      const bad = (await admin('PUT', '/generic/design/unique-post', payloadOf(help, { helpContactEmail: 'pas-une-adresse' }))).json();
      expect(bad.hasError).toBe(true);
      expect(bad.responses[0].validationErrors.map((error: { field: string }) => error.field)).toEqual(['helpContactEmail']);

      const saved = (
        await admin(
          'PUT',
          '/generic/design/unique-post',
          payloadOf(help, { helpContactEmail: 'aide@example.com', helpContact: '<p>Écrivez-nous</p><script>x</script>' }),
        )
      ).json();
      expect(saved.hasError).toBe(false);
      const [after] = await db.select().from(platforms).where(eq(platforms.id, platform!.id));
      expect(after).toMatchObject({
        helpContactEmail: 'aide@example.com',
        helpContact: '<p>Écrivez-nous</p>',
        principalColor: '#224466',
        homeAlert: '<p>Alerte gardée</p>',
      });
      // The whole design form, still saved at the old path, changes every tab.
      const full = (await admin('GET', '/design/unique-form')).json() as FormModel;
      expect((await admin('PUT', '/design/unique-post', payloadOf(full, { homeAlert: '' }))).json().hasError).toBe(false);
      const [cleared] = await db.select().from(platforms).where(eq(platforms.id, platform!.id));
      expect(cleared).toMatchObject({ homeAlert: null, principalColor: '#224466', helpContactEmail: 'aide@example.com' });

      for (const username of ['manager', 'apprenti']) {
        expect((await admin('PUT', '/generic/design/unique-post', payloadOf(help), username)).statusCode).toBe(403);
        expect((await admin('GET', '/generic/design/unique-form?part=help', undefined, username)).statusCode).toBe(403);
      }
      expect((await admin('PUT', '/generic/design/unique-post', { help: 'not a list' })).statusCode).toBe(400);
    } finally {
      await db
        .update(platforms)
        .set({
          principalColor: platform!.principalColor,
          homeAlert: platform!.homeAlert,
          helpContact: platform!.helpContact,
          helpContactEmail: platform!.helpContactEmail,
        })
        .where(eq(platforms.id, platform!.id));
    }
  });
});
