import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platforms, userPlatforms, users } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Page = { count: number; data: { id: number; lastName: string; firstName: string }[] };

/**
 * The admin user list's two ways to a page (admin-user-list.ts): the default order walks the name
 * keys that migration 0007's triggers copy into `user_platforms`, the other lists find the matching
 * accounts once. Both must give exactly the rows and count of the plain query over `users`.
 */
describe('admin user list: pages in name order from the membership keys', () => {
  let test: TestApp;
  let admin: string;
  let platformId: number;
  const list = async (query: string): Promise<Page> => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/fr/app/admin/user/list?${query}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode, query).toBe(200);
    return response.json() as Page;
  };
  /** Every page of `query`, `limit` at a time, concatenated. */
  const walk = async (query: string, limit: number) => {
    const first = await list(`${query}&limit=${limit}&offset=0`);
    const ids = first.data.map((row) => row.id);
    for (let offset = limit; offset < first.count; offset += limit) {
      const page = await list(`${query}&limit=${limit}&offset=${offset}`);
      expect(page.count).toBe(first.count);
      ids.push(...page.data.map((row) => row.id));
    }
    return { ids, count: first.count };
  };
  /** The reference: the platform's accounts by lower(last name), lower(first name), id, read from `users`. */
  const reference = async (descending = false, where = sql`true`) => {
    const direction = sql.raw(descending ? 'desc' : 'asc');
    const rows = await test.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
      .where(where)
      .orderBy(sql`lower(${users.lastName}) ${direction}, lower(${users.firstName}) ${direction}, ${users.id} ${direction}`);
    return rows.map((row) => row.id);
  };

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    const [platform] = await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    platformId = platform!.id;
    // Names that tie on the last name, differ by case only, and sort before and after the demo's.
    const added = await test.app.ctx.db
      .insert(users)
      .values(
        [
          ['Aaron', 'Zeta'],
          ['aaron', 'alpha'],
          ['AARON', 'Alpha'],
          ['Zzyzx', 'Omega'],
          ['Durand', 'Émile'],
          ['durand', 'emile'],
        ].map(([lastName, firstName], index) => ({
          username: `liste-ordre-${index}`,
          email: `liste-ordre-${index}@example.org`,
          lastName: lastName!,
          firstName: firstName!,
        })),
      )
      .returning({ id: users.id });
    await test.app.ctx.db.insert(userPlatforms).values(added.map((row) => ({ userId: row.id, platformId })));
  });
  afterAll(async () => test?.close());

  it('pages in the order and count of the plain query, both ways, whatever the page length', async () => {
    const ascending = await reference();
    expect((await walk('sortByField=1&sortOrder=ASC', 7)).ids).toEqual(ascending);
    expect((await walk('', 5)).ids).toEqual(ascending);
    expect((await walk('sortByField=1&sortOrder=DESC', 4)).ids).toEqual(await reference(true));
    const past = await list(`limit=10&offset=${ascending.length + 3}`);
    expect(past).toMatchObject({ data: [], count: ascending.length });
  });

  it('follows a rename and a new membership at once (the triggers keep the keys)', async () => {
    const [renamed] = await test.app.ctx.db
      .update(users)
      .set({ lastName: 'Aaaa-Premier' })
      .where(eq(users.username, 'liste-ordre-3'))
      .returning({ id: users.id });
    expect((await list('limit=1')).data[0]!.id).toBe(renamed!.id);
    const [keys] = await test.app.ctx.db
      .select({ last: userPlatforms.lastNameKey, first: userPlatforms.firstNameKey })
      .from(userPlatforms)
      .where(eq(userPlatforms.userId, renamed!.id));
    expect(keys).toEqual({ last: 'aaaa-premier', first: 'omega' });
    const [joining] = await test.app.ctx.db
      .insert(users)
      .values({ username: 'liste-ordre-tard', email: 'liste-ordre-tard@example.org', lastName: 'Aaaa', firstName: 'Tard' })
      .returning({ id: users.id });
    await test.app.ctx.db.insert(userPlatforms).values({ userId: joining!.id, platformId });
    expect((await list('limit=1')).data[0]!.id).toBe(joining!.id);
    expect((await walk('', 6)).ids).toEqual(await reference());
  });

  it('gives a search, a filter and another sort the rows and count of the plain query', async () => {
    const searched = await walk('search=aar', 2);
    expect(searched.ids).toEqual(await reference(false, sql`lower(${users.lastName}) like 'aar%'`));
    expect(searched.count).toBe(3);
    const inactive = await walk('filter=active:1', 9);
    expect(inactive.ids).toEqual(await reference(false, sql`${users.active}`));
    // Sorted by e-mail descending, ties impossible: the e-mails' order.
    const byEmail = await walk('sortByField=4&sortOrder=DESC', 6);
    const emails = await test.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
      .orderBy(sql`lower(${users.email}) desc, lower(${users.lastName}), lower(${users.firstName}), ${users.id}`);
    expect(byEmail.ids).toEqual(emails.map((row) => row.id));
    expect((await list('search=aar&offset=50')).count).toBe(3);
  });
});
