import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FileUploadResponse, MESSAGES, WebLinkListResponse, type FormModel } from '@lea/shared';
import { historyLog, triads, users, webLinks } from '../../db/schema/index.js';
import { managerClient, payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n').toString('base64');

describe('web links (spec 2 §2, §3; spec 3 §2.1–2.2)', () => {
  const fixture = useManagerFixture();
  const db = () => fixture.test.app.ctx.db;

  const upload = async (name: string, data: string) => {
    const response = await fixture.test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${fixture.token}` },
      payload: { data, originalName: name, type: 'web-link' },
    });
    const id = FileUploadResponse.parse(response.json()).responses[0]?.object?.id;
    if (!id) throw new Error(`upload refused: ${response.body}`);
    return { id, originalName: name };
  };
  const save = async (values: Record<string, unknown>, id?: number) => {
    const model: FormModel = (await fixture.call('GET', `/web-link/form${id ? `/${id}` : ''}`)).json();
    return (await fixture.call(id ? 'PUT' : 'POST', `/web-link/post${id ? `/${id}` : ''}`, payloadOf(model, values))).json();
  };
  const front = async (username: string, triad: number) =>
    fixture.test.app.inject({
      method: 'GET',
      url: `/api/fr/app/web-link/list/${triad}`,
      headers: { authorization: `Bearer ${await tokenFor(fixture.test.app, username)}` },
    });
  const triadOf = async (username: string) => {
    const [row] = await db()
      .select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, username));
    return row!.id;
  };

  it('adds links with a logo, orders them by drag, and shows them to the triad with the logo signed for the reader', async () => {
    const logo = await upload('onisep.png', PNG);
    const first = await save({ name: 'Onisep', url: 'https://www.onisep.fr', logoFile: logo });
    expect(first).toMatchObject({ hasError: false, message: 'Le lien a été enregistré' });
    const second = await save({ name: 'Légifrance', url: 'http://www.legifrance.gouv.fr/code-travail' });
    const secondId = second.responses[0].object.id as number;
    expect((await fixture.call('PUT', `/web-link/sort/${secondId}/0`)).json()).toMatchObject({ success: true });
    const list = (await fixture.call('GET', '/web-link/list')).json();
    // The demo's links stay after the one moved first.
    const ours = (name: string) => name === 'Légifrance' || name === 'Onisep';
    expect(list.data.map((row: { name: string }) => row.name).filter(ours)).toEqual(['Légifrance', 'Onisep']);

    const edit: FormModel = (await fixture.call('GET', `/web-link/form/${first.responses[0].object.id}`)).json();
    expect(edit.tabs[0]!.fields.find((field) => field.name === 'logoFile')?.value).toEqual(logo);

    const triad = await triadOf('apprenti');
    for (const username of ['apprenti', 'tuteur', 'maitre', 'manager', 'admin']) {
      const answer = WebLinkListResponse.parse((await front(username, triad)).json());
      expect(answer.webLinks.filter((link) => ours(link.name)).map((link) => [link.name, link.url])).toEqual([
        ['Légifrance', 'http://www.legifrance.gouv.fr/code-travail'],
        ['Onisep', 'https://www.onisep.fr'],
      ]);
    }
    const answer = WebLinkListResponse.parse((await front('apprenti', triad)).json());
    const mine = answer.webLinks.filter((link) => ours(link.name));
    expect(mine[0]!.logo).toBeNull();
    const image = await fixture.test.app.inject({ method: 'GET', url: mine[1]!.logo! });
    expect(image.statusCode).toBe(200);
    const history = await db().select().from(historyLog).where(eq(historyLog.entity, 'web-link'));
    expect(history.length).toBeGreaterThanOrEqual(3);
  });

  it('accepts only http and https addresses and picture logos, writing nothing otherwise', async () => {
    const before = await db().select().from(webLinks).orderBy(asc(webLinks.id));
    const handout = await upload('notice.pdf', PDF);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x', url: 'javascript:alert(document.cookie)' }, 'url', MESSAGES.webAddress],
      [{ name: 'x', url: 'JAVASCRIPT://%0aalert(1)' }, 'url', MESSAGES.webAddress],
      [{ name: 'x', url: 'data:text/html,<script>alert(1)</script>' }, 'url', MESSAGES.webAddress],
      [{ name: 'x', url: 'ftp://example.com' }, 'url', MESSAGES.webAddress],
      [{ name: 'x', url: 'www.example.com' }, 'url', MESSAGES.webAddress],
      [{ name: 'x', url: '' }, 'url', MESSAGES.required],
      [{ name: '', url: 'https://example.com' }, 'name', MESSAGES.required],
      [{ name: 'x', url: 'https://example.com', logoFile: handout }, 'logoFile', 'Choisissez une image png, jpeg ou gif'],
      [{ name: 'x', url: 'https://example.com', logoFile: { id: 987654, originalName: 'x.png' } }, 'logoFile', MESSAGES.fileUnavailable],
    ];
    for (const [values, field, message] of cases) {
      const answer = await save(values);
      expect(answer.hasError, JSON.stringify(values)).toBe(true);
      expect(answer.responses[0].validationErrors).toContainEqual({ field, message });
    }
    const english = managerClient(fixture.test.app, fixture.courseId, fixture.token, 'en');
    const model: FormModel = (await english('GET', '/web-link/form')).json();
    const refused = (await english('POST', '/web-link/post', payloadOf(model, { name: 'x', url: 'javascript:alert(1)' }))).json();
    expect(refused.responses[0].validationErrors).toContainEqual({
      field: 'url',
      message: 'Please enter a web address starting with http:// or https://',
    });
    expect(await db().select().from(webLinks).orderBy(asc(webLinks.id))).toEqual(before);
  });

  it('answers 403 to triad members and other managers, 404 for another course or platform, deletes a link', async () => {
    const created = await save({ name: 'Pôle emploi', url: 'https://www.francetravail.fr' });
    const id = created.responses[0].object.id as number;
    const apprentice = managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'apprenti'));
    const otherManager = managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken);
    for (const client of [apprentice, otherManager]) {
      expect((await client('GET', '/web-link/list')).statusCode).toBe(403);
      expect((await client('DELETE', `/web-link/delete/${id}`)).statusCode).toBe(403);
    }
    const inOther = managerClient(fixture.test.app, fixture.other.courseId, fixture.other.managerToken);
    expect((await inOther('GET', `/web-link/form/${id}`)).statusCode).toBe(404);
    expect((await inOther('PUT', `/web-link/sort/${id}/0`)).statusCode).toBe(404);
    const foreign = await createForeignCourse(db(), 'links.example');
    expect((await managerClient(fixture.test.app, foreign.courseId, fixture.token)('GET', '/web-link/list')).statusCode).toBe(404);
    expect((await front('apprenti2', await triadOf('apprenti'))).statusCode).toBe(403);
    expect((await front('apprenti', 987654)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `/web-link/delete/${id}`)).json()).toMatchObject({ success: true });
    expect(await db().select().from(webLinks).where(eq(webLinks.id, id))).toEqual([]);
  });
});
