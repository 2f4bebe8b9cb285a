import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MODULE_CATALOGUE, type FormModel, type ModuleTriadList } from '@lea/shared';
import { historyLog, modules, triads, users } from '../../db/schema/index.js';
import { managerClient, payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { ensurePlatformModules } from '../../services/course-modules.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';

type Row = { id: number; code: string; enabled: boolean };

/** Modules (spec 3 §2.2 module menu, §2.3 modules, §4, §7): the platform catalogue, the course's menu and its visibility per triad. */
describe('modules: platform catalogue, course menu, visibility per triad', () => {
  const fixture = useManagerFixture();
  const app = () => fixture.test.app;
  const admin = (method: 'GET' | 'PUT' | 'POST', path: string, token: string, payload?: unknown) =>
    app().inject({
      method,
      url: `/api/fr/app/admin${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const triadOf = async (username: string) => {
    const [row] = await app()
      .ctx.db.select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, username));
    return row!.id;
  };
  const menuOf = async (username: string) => {
    const response = await app().inject({
      method: 'GET',
      url: `/api/fr/app/triad/${await triadOf(username)}`,
      headers: { authorization: `Bearer ${await tokenFor(app(), username)}` },
    });
    expect(response.statusCode).toBe(200);
    return (response.json().trainingCourse.menu as { code: string }[]).map((entry) => entry.code);
  };
  const adminRows = async (token: string) => (await admin('GET', '/module?limit=50', token)).json().data as Row[];

  it("the administrators' catalogue holds every module code; others are refused (403)", async () => {
    const token = await tokenFor(app(), 'admin');
    const rows = await adminRows(token);
    expect(rows.map((row) => row.code).sort()).toEqual(MODULE_CATALOGUE.map((entry) => entry.code).sort());
    expect((await admin('GET', '/module/list', token)).json().columns.find((c: { key: string }) => c.key === 'enabled').format).toBe(
      'state',
    );
    for (const username of ['manager', 'apprenti']) {
      expect((await admin('GET', '/module', await tokenFor(app(), username))).statusCode).toBe(403);
      expect((await admin('PUT', `/module/sort/${rows[0]!.id}/1`, await tokenFor(app(), username))).statusCode).toBe(403);
    }
    // The catalogue is fixed: no add form, no creation.
    const described = (await admin('GET', '/generic/entities', token)).json();
    expect(described.entities.find((entity: { alias: string }) => entity.alias === 'module').can).toMatchObject({ add: false, sort: true });
    expect((await admin('GET', '/module/form', token)).statusCode).toBe(404);
  });

  it("the course's modules follow its menu; a triad's menu is the course's enabled modules, in the course's order", async () => {
    const { call } = fixture;
    const list = (await call('GET', '/training-course-module/list?limit=50')).json();
    const rows = list.data as Row[];
    expect(rows.length).toBe(MODULE_CATALOGUE.length);
    const enabled = rows.filter((row) => row.enabled).map((row) => row.code);
    expect(enabled.slice(0, 3)).toEqual(['MODULE_LEA_DOCUMENT', 'MODULE_LEA_SKILL', 'MODULE_LEA_QUESTIONNAIRE']);
    expect(await menuOf('apprenti')).toEqual(enabled);
    // Drag the questionnaires first: the triads' menus follow.
    const questionnaire = rows.find((row) => row.code === 'MODULE_LEA_QUESTIONNAIRE')!;
    const sorted = await call('PUT', `/training-course-module/sort/${questionnaire.id}/0`);
    expect(sorted.json()).toMatchObject({ success: true });
    expect((await menuOf('apprenti'))[0]).toBe('MODULE_LEA_QUESTIONNAIRE');
    // Switched off for the course: gone from every triad's menu.
    const notepad = rows.find((row) => row.code === 'MODULE_LEA_NOTEPAD')!;
    const form = (await call('GET', `/training-course-module/form/${notepad.id}`)).json() as FormModel;
    const saved = await call('PUT', `/training-course-module/post/${notepad.id}`, payloadOf(form, { enabled: false }));
    expect(saved.json()).toMatchObject({ hasError: false });
    expect(await menuOf('apprenti')).not.toContain('MODULE_LEA_NOTEPAD');
    expect(await menuOf('apprenti2')).not.toContain('MODULE_LEA_NOTEPAD');
    await call('PUT', `/training-course-module/post/${notepad.id}`, payloadOf(form, { enabled: true }));
    expect(await menuOf('apprenti')).toContain('MODULE_LEA_NOTEPAD');
  });

  it("another course's manager is refused (403), another platform's course is a 404, modules are never added", async () => {
    const { call, courseId, other } = fixture;
    const [row] = (await call('GET', '/training-course-module/list')).json().data as Row[];
    const outsider = managerClient(app(), courseId, other.managerToken);
    expect((await outsider('GET', '/training-course-module/list')).statusCode).toBe(403);
    expect((await outsider('PUT', `/training-course-module/sort/${row!.id}/2`)).statusCode).toBe(403);
    expect((await outsider('GET', '/training-course-module-triad/list')).statusCode).toBe(403);
    const foreign = await createForeignCourse(app().ctx.db, 'modules.example.org');
    expect((await managerClient(app(), foreign.courseId, fixture.token)('GET', '/training-course-module/list')).statusCode).toBe(404);
    // A record of another course through this course is a 404.
    const otherRows = (await managerClient(app(), other.courseId, other.managerToken)('GET', '/training-course-module/list')).json()
      .data as Row[];
    expect((await call('GET', `/training-course-module/form/${otherRows[0]!.id}`)).statusCode).toBe(404);
    expect((await call('POST', '/training-course-module/post', [])).statusCode).toBe(404);
  });

  it('field errors change nothing', async () => {
    const { call } = fixture;
    const [row] = (await call('GET', '/training-course-module/list')).json().data as Row[];
    const form = (await call('GET', `/training-course-module/form/${row!.id}`)).json() as FormModel;
    const answer = (await call('PUT', `/training-course-module/post/${row!.id}`, payloadOf(form, { title: 'x'.repeat(300) }))).json();
    expect(answer.hasError).toBe(true);
    expect(answer.responses[0].validationErrors[0].field).toBe('title');
    const after = (await call('GET', `/training-course-module/form/${row!.id}`)).json() as FormModel;
    expect(after).toEqual(form);
  });

  it('hides a module from one triad only: that triad’s menu follows, the others do not; with a history line', async () => {
    const { call } = fixture;
    const list = (await call('GET', '/training-course-module-triad/list')).json() as ModuleTriadList;
    const documents = list.modules.find((module) => module.code === 'MODULE_LEA_DOCUMENT')!;
    const triadId = await triadOf('apprenti');
    const entry = list.triads.find((triad) => triad.id === triadId)!.entries.find((candidate) => candidate.moduleId === documents.id)!;
    expect(entry.visible).toBe(true);
    const edited = await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: false });
    expect(edited.json()).toMatchObject({ success: true, message: 'La visibilité du module a été enregistrée' });
    expect(await menuOf('apprenti')).not.toContain('MODULE_LEA_DOCUMENT');
    expect(await menuOf('apprenti2')).toContain('MODULE_LEA_DOCUMENT');
    const [line] = await app()
      .ctx.db.select()
      .from(historyLog)
      .where(and(eq(historyLog.action, 'training-course-module-triad.edit'), eq(historyLog.entityId, entry.id)));
    expect(line).toBeDefined();
    // Bad input: 400 and nothing changed; an entry of another course: 404; another course's manager: 403.
    expect((await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', `/training-course-module-triad/edit/${entry.id}`, {})).statusCode).toBe(400);
    expect((await call('PUT', '/training-course-module-triad/edit/2147483647', { visible: true })).statusCode).toBe(404);
    const outsider = managerClient(app(), fixture.courseId, fixture.other.managerToken);
    expect((await outsider('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: true })).statusCode).toBe(403);
    expect(
      (
        await managerClient(app(), fixture.other.courseId, fixture.other.managerToken)(
          'PUT',
          `/training-course-module-triad/edit/${entry.id}`,
          { visible: true },
        )
      ).statusCode,
    ).toBe(404);
    expect(await menuOf('apprenti')).not.toContain('MODULE_LEA_DOCUMENT');
    await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: true });
    expect(await menuOf('apprenti')).toContain('MODULE_LEA_DOCUMENT');
  });

  it('refuses a member the calls of a module hidden from the triad or switched off by the course; its managers keep them', async () => {
    const { call } = fixture;
    const triadId = await triadOf('apprenti');
    const get = async (username: string, url: string) =>
      app().inject({ method: 'GET', url: `/api/fr/app${url}`, headers: { authorization: `Bearer ${await tokenFor(app(), username)}` } });
    const documentsUrl = `/document/${triadId}/general/list`;
    expect((await get('apprenti', documentsUrl)).statusCode).toBe(200);
    const list = (await call('GET', '/training-course-module-triad/list')).json() as ModuleTriadList;
    const documents = list.modules.find((module) => module.code === 'MODULE_LEA_DOCUMENT')!;
    const entry = list.triads.find((triad) => triad.id === triadId)!.entries.find((candidate) => candidate.moduleId === documents.id)!;
    await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: false });
    const refused = await get('apprenti', documentsUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Ce module n'est pas ouvert à ce trinôme");
    expect((await get('tuteur', documentsUrl)).statusCode).toBe(403);
    expect((await get('manager', documentsUrl)).statusCode).toBe(200);
    await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: true });
    expect((await get('apprenti', documentsUrl)).statusCode).toBe(200);

    // Switched off by the course: refused to every triad of it, open again once switched on.
    const rows = (await call('GET', '/training-course-module/list')).json().data as Row[];
    const notepad = rows.find((row) => row.code === 'MODULE_LEA_NOTEPAD')!;
    const form = (await call('GET', `/training-course-module/form/${notepad.id}`)).json() as FormModel;
    await call('PUT', `/training-course-module/post/${notepad.id}`, payloadOf(form, { enabled: false }));
    expect((await get('apprenti', `/notepad/list/${triadId}`)).statusCode).toBe(403);
    expect((await get('apprenti2', `/notepad/list/${await triadOf('apprenti2')}`)).statusCode).toBe(403);
    await call('PUT', `/training-course-module/post/${notepad.id}`, payloadOf(form, { enabled: true }));
    expect((await get('apprenti', `/notepad/list/${triadId}`)).statusCode).toBe(200);

    // The skills, gradebooks and attestations calls follow their modules too.
    for (const [code, url] of [
      ['MODULE_LEA_SKILL', `/skill/${fixture.courseId}/${triadId}/list`],
      ['MODULE_LEA_GRADEBOOK', `/gradebook/list/${triadId}`],
      ['MODULE_LEA_ATTESTATION', `/attestations/list/${triadId}`],
    ] as const) {
      const module = rows.find((row) => row.code === code)!;
      const moduleForm = (await call('GET', `/training-course-module/form/${module.id}`)).json() as FormModel;
      await call('PUT', `/training-course-module/post/${module.id}`, payloadOf(moduleForm, { enabled: false }));
      const closed = await get('apprenti', url);
      expect(closed.statusCode, url).toBe(403);
      expect(closed.json().message).toBe("Ce module n'est pas ouvert à ce trinôme");
      expect((await get('manager', url)).statusCode, url).toBe(200);
      await call('PUT', `/training-course-module/post/${module.id}`, payloadOf(moduleForm, { enabled: true }));
      expect((await get('apprenti', url)).statusCode, url).toBe(200);
    }
  });

  it('an administrator switches a module off for the platform and reorders the catalogue; bad input and other platforms change nothing', async () => {
    const token = await tokenFor(app(), 'admin');
    const rows = await adminRows(token);
    const message = rows.find((row) => row.code === 'MODULE_LEA_MESSAGE')!;
    const form = (await admin('GET', `/module/form/${message.id}`, token)).json() as FormModel;
    // The spec's PUT /app/admin/module/{id}.
    const bad = (await admin('PUT', `/module/${message.id}`, token, payloadOf(form, { icon: '', enabled: false }))).json();
    expect(bad).toMatchObject({ hasError: true });
    expect((await adminRows(token)).find((row) => row.id === message.id)!.enabled).toBe(true);
    expect((await admin('PUT', `/module/${message.id}`, token, payloadOf(form, { enabled: false }))).json()).toMatchObject({
      hasError: false,
    });
    expect((await adminRows(token)).find((row) => row.id === message.id)!.enabled).toBe(false);
    expect(await menuOf('apprenti')).not.toContain('MODULE_LEA_MESSAGE');
    // The course's list shows it off (red dot) with the reason on its form.
    const courseRows = (await fixture.call('GET', '/training-course-module/list?limit=50')).json().data as Row[];
    const courseMessage = courseRows.find((row) => row.code === 'MODULE_LEA_MESSAGE')!;
    expect(courseMessage.enabled).toBe(false);
    await admin('PUT', `/module/${message.id}`, token, payloadOf(form, { enabled: true }));
    expect(await menuOf('apprenti')).toContain('MODULE_LEA_MESSAGE');
    // Drag reorder: the dragged module takes its index.
    const last = rows[rows.length - 1]!;
    expect((await admin('PUT', `/module/sort/${last.id}/0`, token)).json()).toMatchObject({ success: true });
    expect((await adminRows(token))[0]!.id).toBe(last.id);
    // Another platform's module is a 404.
    const foreign = await createForeignCourse(app().ctx.db, 'catalogue.example.org');
    const [foreignModule] = await ensurePlatformModules(app().ctx.db, foreign.platformId);
    expect((await admin('GET', `/module/form/${foreignModule!.id}`, token)).statusCode).toBe(404);
    expect((await admin('PUT', `/module/${foreignModule!.id}`, token, payloadOf(form))).statusCode).toBe(404);
    expect((await admin('PUT', `/module/sort/${foreignModule!.id}/3`, token)).statusCode).toBe(404);
    const [unchanged] = await app().ctx.db.select().from(modules).where(eq(modules.id, foreignModule!.id));
    expect(unchanged).toEqual(foreignModule);
  });
});
