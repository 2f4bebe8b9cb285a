import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModel, NewsItem, NewsListResponse } from '@lea/shared';
import { historyLog, news, platforms } from '../../db/schema/index.js';
import { payloadOf } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { bearer } from '../../test/login.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('news: the admin entity and the readers’ pages', () => {
  let test: TestApp;
  let admin: string;
  let reader: string;
  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app${path}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const newsCount = async () => (await test.app.ctx.db.select({ n: count() }).from(news))[0]!.n;

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    reader = await tokenFor(test.app, 'apprenti');
    await test.app.ctx.db.delete(news);
  });
  afterAll(async () => test?.close());

  let published: number;
  it('adds a news item with its tag, picture and sanitised text, with its history line', async () => {
    const picture = (
      await call(admin, 'POST', '/file/upload', { data: PNG.toString('base64'), originalName: 'une.png', type: 'news' })
    ).json().responses[0].object as { id: number; originalName: string };
    const form = (await call(admin, 'GET', '/admin/generic/news/form')).json() as FormModel;
    expect(form.tabs[0]!.fields.map((field) => field.name)).toEqual(['title', 'subTitle', 'tag', 'dateToDisplay', 'text', 'picture']);
    expect(form.tabs[0]!.fields.find((field) => field.name === 'tag')!.choices!.map((choice) => choice.value)).toEqual([
      '10',
      '11',
      '12',
      '13',
      '14',
    ]);
    const saved = await call(
      admin,
      'POST',
      '/admin/generic/news/post',
      payloadOf(form, {
        title: 'Nouvelle version',
        subTitle: 'Le livret évolue',
        tag: '13',
        dateToDisplay: day(-1),
        text: '<p>Bonjour <script>alert(1)</script><strong>tous</strong></p>',
        picture: [picture],
      }),
    );
    expect(saved.json()).toMatchObject({ hasError: false, message: "L'actualité a été enregistrée" });
    published = saved.json().responses[0].object.id;
    const [row] = await test.app.ctx.db.select().from(news).where(eq(news.id, published));
    expect(row).toMatchObject({ tag: 13, pictureFileId: picture.id, text: '<p>Bonjour <strong>tous</strong></p>' });
    const lines = await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'news.add'));
    expect(lines.map((line) => line.entityId)).toEqual([published]);
  });

  it('hides a future-dated item from readers until its day, not from administrators who ask', async () => {
    const form = (await call(admin, 'GET', '/admin/generic/news/form')).json() as FormModel;
    const future = (
      await call(admin, 'POST', '/admin/generic/news/post', payloadOf(form, { title: 'Bientôt', tag: '12', dateToDisplay: day(10) }))
    ).json().responses[0].object.id as number;
    const list = (await call(reader, 'GET', '/news')).json() as NewsListResponse;
    expect(list.items.map((item) => item.id)).toEqual([published]);
    expect(list.items[0]).toMatchObject({ title: 'Nouvelle version', subTitle: 'Le livret évolue', tag: 13 });
    expect(list.items[0]!.picture).toMatch(/^\/inline-file\/path-name-.+\?expires=\d+&user=\d+&signature=/);
    expect((await call(reader, 'GET', `/news/${future}`)).statusCode).toBe(404);
    expect(((await call(reader, 'GET', `/news/${published}`)).json() as NewsItem).id).toBe(published);
    expect(((await call(reader, 'GET', '/news?all=1')).json() as NewsListResponse).count).toBe(1);
    expect(((await call(admin, 'GET', '/news?all=1')).json() as NewsListResponse).items.map((item) => item.id)).toEqual([
      future,
      published,
    ]);
    expect(((await call(admin, 'GET', '/news')).json() as NewsListResponse).count).toBe(1);
    expect((await call(admin, 'GET', `/news/${future}`)).statusCode).toBe(200);
    const picture = (await call(reader, 'GET', `/news/${published}`)).json().picture as string;
    expect((await test.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);
  });

  it('pages by 12, newest first', async () => {
    const [platform] = await test.app.ctx.db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    await test.app.ctx.db.insert(news).values(
      Array.from({ length: 13 }, (_, index) => ({
        platformId: platform!.id,
        title: `Brève ${index}`,
        tag: 11,
        dateToDisplay: day(-2 - index),
      })),
    );
    const first = (await call(reader, 'GET', '/news')).json() as NewsListResponse;
    expect(first).toMatchObject({ count: 14, page: 1, pageSize: 12 });
    expect(first.items).toHaveLength(12);
    expect(first.items[0]!.id).toBe(published);
    const second = (await call(reader, 'GET', '/news?page=2')).json() as NewsListResponse;
    expect(second.items.map((item) => item.title)).toEqual(['Brève 11', 'Brève 12']);
    const admins = (await call(admin, 'GET', '/admin/news/list?limit=50')).json();
    expect(admins.count).toBe(15);
    expect(admins.data[0]).toMatchObject({ tag: 'Maintenance' });
  });

  it('refuses bad input with field errors, writing nothing', async () => {
    const form = (await call(admin, 'GET', '/admin/generic/news/form')).json() as FormModel;
    const before = await newsCount();
    for (const [changes, field] of [
      [{ title: '   ', dateToDisplay: day(0) }, 'title'],
      [{ title: 'x', tag: '99', dateToDisplay: day(0) }, 'tag'],
      [{ title: 'x', dateToDisplay: '2026-13-45' }, 'dateToDisplay'],
      [{ title: 'x'.repeat(256), dateToDisplay: day(0) }, 'title'],
      [{ title: 'x', dateToDisplay: day(0), picture: [{ id: 999999, originalName: 'a.png' }] }, 'picture'],
    ] as const) {
      const answer = (await call(admin, 'POST', '/admin/generic/news/post', payloadOf(form, changes))).json();
      expect(answer.hasError, field).toBe(true);
      expect(answer.responses[0].validationErrors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect(await newsCount()).toBe(before);
    for (const query of ['?page=0', '?page=abc', '?all=2'])
      expect((await call(reader, 'GET', `/news${query}`)).statusCode, query).toBe(400);
    expect((await call(reader, 'GET', '/news/0')).statusCode).toBe(400);
  });

  it('keeps each platform’s news to itself and the entity to administrators', async () => {
    const foreign = await createForeignCourse(test.app.ctx.db, 'news.example.org');
    const [row] = await test.app.ctx.db
      .insert(news)
      .values({ platformId: foreign.platformId, title: 'Ailleurs', dateToDisplay: day(-1) })
      .returning();
    expect((await call(reader, 'GET', `/news/${row!.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/admin/generic/news/form/${row!.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/admin/generic/news/delete/${row!.id}`)).statusCode).toBe(404);
    for (const username of ['manager', 'apprenti']) {
      const token = await tokenFor(test.app, username);
      expect((await call(token, 'GET', '/admin/news/list')).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `/admin/generic/news/delete/${published}`)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/news')).statusCode).toBe(401);
    const removed = (await call(admin, 'DELETE', `/admin/generic/news/delete/${published}`, undefined, 'en')).json();
    expect(removed).toMatchObject({ success: true, message: 'The news item has been deleted' });
  });
});
