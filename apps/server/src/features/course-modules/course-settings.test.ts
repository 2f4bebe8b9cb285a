import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FormModel } from '@lea/shared';
import { historyLog, trainingCourseSettings, trainingCourses, triads, users } from '../../db/schema/index.js';
import { managerClient, payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** The PDF's text as pdftotext reads it back (poppler-utils). */
function pdfText(bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'lea-template-')), 'booklet.pdf');
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
}

const valueOf = (model: FormModel, name: string) => model.tabs.flatMap((tab) => tab.fields).find((field) => field.name === name)?.value;

/** Course configuration, skin and template (spec 3 §1, §7.1): three singletons of the manager area. */
describe('course configuration, skin and booklet template', () => {
  const fixture = useManagerFixture();
  const app = () => fixture.test.app;
  const apprenticeTriad = async () => {
    const [row] = await app()
      .ctx.db.select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti'));
    return row!.id;
  };
  const triadAs = async (username: string, locale = 'fr') =>
    (
      await app().inject({
        method: 'GET',
        url: `/api/${locale}/app/triad/${await apprenticeTriad()}`,
        headers: { authorization: `Bearer ${await tokenFor(app(), username)}` },
      })
    ).json();
  const courseRow = async () => (await app().ctx.db.select().from(trainingCourses).where(eq(trainingCourses.id, fixture.courseId)))[0]!;

  it('are described as singletons of the manager area, with their screens', async () => {
    const described = (await fixture.call('GET', '/generic/entities')).json();
    for (const [alias, path] of [
      ['course-config', 'config'],
      ['skin', 'skin'],
      ['template', 'template'],
    ]) {
      const entity = described.entities.find((candidate: { alias: string }) => candidate.alias === alias);
      expect(entity, alias).toMatchObject({ screen: { path }, can: { singleton: true, list: false } });
    }
    const menu = (
      await app().inject({
        method: 'GET',
        url: `/api/en/app/lea-manager/menu/${fixture.courseId}`,
        headers: { authorization: `Bearer ${fixture.token}` },
      })
    ).json();
    expect(menu.entries.map((entry: { path: string }) => entry.path)).toEqual(
      expect.arrayContaining(['config/edit', 'skin/edit', 'template/edit', 'module']),
    );
    expect(menu.entries.find((entry: { path: string }) => entry.path === 'skin/edit').title).toBe('Skin');
  });

  it('the configuration edits the course and its home panels; field errors change nothing', async () => {
    const { call } = fixture;
    const model = (await call('GET', '/course-config/unique-form')).json() as FormModel;
    expect(model.tabs.map((tab) => tab.code)).toEqual([
      'general',
      'documents',
      'presentation',
      'contact',
      'partner',
      'communication',
      'notepad',
    ]);
    expect(valueOf(model, 'displayName')).toBe('BTS SIO 2025-2027');
    const before = await courseRow();
    // Empty name, end year before start year: field errors, nothing written.
    const bad = (await call('PUT', '/course-config/unique-post', payloadOf(model, { displayName: '' }))).json();
    expect(bad.hasError).toBe(true);
    expect(bad.responses[0].validationErrors.map((error: { field: string }) => error.field)).toContain('displayName');
    const years = (await call('PUT', '/course-config/unique-post', payloadOf(model, { startYear: 2027, endYear: 2025 }))).json();
    expect(years.responses[0].validationErrors).toEqual([{ field: 'endYear', message: "L'année de fin suit l'année de début" }]);
    expect(await courseRow()).toEqual(before);
    const saved = await call(
      'PUT',
      '/course-config/unique-post',
      payloadOf(model, {
        contactDisplay: true,
        contactBlockName: 'Nous joindre',
        contactContent: '<p>Secrétariat <script>alert(1)</script><strong>05 00 00 00 00</strong></p>',
        blocNameDocument: 'Documents de la formation',
        leaManagerColumn: true,
      }),
    );
    expect(saved.json()).toMatchObject({ hasError: false, message: 'La configuration a été enregistrée' });
    const triad = await triadAs('apprenti');
    expect(triad.trainingCourse.infoBlocks.contact).toEqual({
      display: true,
      blockName: 'Nous joindre',
      content: '<p>Secrétariat <strong>05 00 00 00 00</strong></p>',
    });
    expect(triad.trainingCourse.blocNameDocument).toBe('Documents de la formation');
    expect(triad.leaManagerColumn).toBe(true);
    const [line] = await app().ctx.db.select().from(historyLog).where(eq(historyLog.action, 'course-config.edit'));
    expect(line).toBeDefined();
  });

  it("the skin overrides the institution's colours and logo on the course's triads", async () => {
    const { call, courseId } = fixture;
    expect((await triadAs('apprenti')).trainingCourse.skin).toBeNull();
    const model = (await call('GET', '/skin/unique-form')).json() as FormModel;
    const bad = (await call('PUT', '/skin/unique-post', payloadOf(model, { principalColor: 'red' }))).json();
    expect(bad.responses[0].validationErrors).toEqual([
      { field: 'principalColor', message: 'Merci de saisir une couleur au format #rrggbb' },
    ]);
    const english = (
      await managerClient(app(), courseId, fixture.token, 'en')('PUT', '/skin/unique-post', payloadOf(model, { principalColor: 'red' }))
    ).json();
    expect(english.responses[0].validationErrors[0].message).toBe('Please enter a colour as #rrggbb');
    expect(await app().ctx.db.select().from(trainingCourseSettings)).toEqual([]);
    // A file the manager did not upload is refused.
    const stranger = (await call('PUT', '/skin/unique-post', payloadOf(model, { logo: [{ id: 1, originalName: 'x.png' }] }))).json();
    expect(stranger.hasError).toBe(true);
    const upload = await app().inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${fixture.token}` },
      payload: { data: PNG.toString('base64'), originalName: 'logo-bts.png', type: 'logo' },
    });
    const logo = upload.json().responses[0].object as { id: number; originalName: string };
    // The spec's path: PUT generic/training-course/post/{course}.
    const saved = await call(
      'PUT',
      `/generic/training-course/post/${courseId}`,
      payloadOf(model, { principalColor: '#1e6b52', secondaryColor: '#f5a623', logo: [logo] }),
    );
    expect(saved.json()).toMatchObject({ hasError: false, message: "L'habillage a été enregistré" });
    const skin = (await triadAs('apprenti')).trainingCourse.skin;
    expect(skin).toMatchObject({ principalColor: '#1e6b52', secondaryColor: '#f5a623' });
    // Public on the platform, like the institutions' logos.
    const image = await app().inject({ method: 'GET', url: skin.logo });
    expect(image.statusCode).toBe(200);
    expect(valueOf((await call('GET', '/skin/unique-form')).json(), 'logo')).toEqual({ id: logo.id, originalName: 'logo-bts.png' });
    // Another course's id on the spec's path is a 404; another course's manager a 403.
    expect((await call('PUT', `/generic/training-course/post/${fixture.other.courseId}`, payloadOf(model))).statusCode).toBe(404);
    const outsider = managerClient(app(), courseId, fixture.other.managerToken);
    expect((await outsider('PUT', `/generic/training-course/post/${courseId}`, payloadOf(model))).statusCode).toBe(403);
    expect((await outsider('GET', '/skin/unique-form')).statusCode).toBe(403);
    // Emptied: the institution's design again.
    await call('PUT', '/skin/unique-post', payloadOf(model, { principalColor: '', secondaryColor: '', logo: [] }));
    expect((await triadAs('apprenti')).trainingCourse.skin).toBeNull();
  });

  it('the template keeps the PDF texts; others are refused and bad input changes nothing', async () => {
    const { call, courseId } = fixture;
    const model = (await call('GET', '/template/unique-form')).json() as FormModel;
    const bad = (await call('PUT', '/template/unique-post', payloadOf(model, { headerText: 'x'.repeat(256) }))).json();
    expect(bad.hasError).toBe(true);
    const saved = await call('PUT', '/template/unique-post', payloadOf(model, { coverText: 'Livret 2025', footerText: 'CFA Campus Demo' }));
    expect(saved.json()).toMatchObject({ hasError: false });
    const after = (await call('GET', '/template/unique-form')).json() as FormModel;
    expect(valueOf(after, 'coverText')).toBe('Livret 2025');
    expect(valueOf(after, 'footerText')).toBe('CFA Campus Demo');
    expect(valueOf(after, 'headerText')).toBeNull();
    // The booklet prints them: the cover's text, and the footer instead of the platform's name.
    await call('PUT', '/template/unique-post', payloadOf(after, { headerText: 'Livret BTS SIO' }));
    const booklet = await app().inject({
      method: 'GET',
      url: `/api/fr/app/triad/pdf/${await apprenticeTriad()}`,
      headers: { authorization: `Bearer ${fixture.token}` },
    });
    expect(booklet.statusCode, booklet.body).toBe(200);
    const text = pdfText(Buffer.from(booklet.json().data as string, 'base64'));
    expect(text).toContain('Livret 2025');
    expect(text).toContain('CFA Campus Demo');
    expect(text).toContain('Livret BTS SIO - ');
    const apprentice = managerClient(app(), courseId, await tokenFor(app(), 'apprenti'));
    for (const path of ['/template/unique-form', '/course-config/unique-form', '/skin/unique-form']) {
      expect((await apprentice('GET', path)).statusCode, path).toBe(403);
    }
    expect((await apprentice('PUT', '/template/unique-post', payloadOf(model))).statusCode).toBe(403);
    const foreign = await createForeignCourse(app().ctx.db, 'settings.example.org');
    const elsewhere = managerClient(app(), foreign.courseId, fixture.token);
    expect((await elsewhere('GET', '/template/unique-form')).statusCode).toBe(404);
    expect((await elsewhere('PUT', '/course-config/unique-post', payloadOf(model))).statusCode).toBe(404);
  });
});
