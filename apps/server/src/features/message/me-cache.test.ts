import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@lea/shared';
import { messageRecipients, userPlatforms, users } from '../../db/schema/index.js';
import { eventually, openSecondProcess, type SecondProcess } from '../../test/second-process.js';
import { statementCounter } from '../../test/statement-counter.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { messageFixture, type Username } from './test-helpers.js';

/**
 * `GET /app/user/me` is remembered per user (decision 041): whatever changes its answer is seen by the
 * next read, in this process and, on PostgreSQL, in a second process on the same database — the
 * writes of the app's own routes and those made by any other path (database triggers).
 */
describe('user/me, remembered by each process', () => {
  let test: TestApp;
  let second: SecondProcess | null = null;
  let f: Awaited<ReturnType<typeof messageFixture>>;

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.ctx.cache.ready();
    second = await openSecondProcess(test);
    f = await messageFixture(test);
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
  });

  const meIn = async (app: FastifyInstance, username: Username) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/fr/app/user/me',
      headers: { host: 'localhost', authorization: `Bearer ${f.tokens[username]}` },
    });
    return { status: response.statusCode, me: response.statusCode === 200 ? User.parse(response.json()) : null };
  };
  /** This process at once; the second one (PostgreSQL) once the notice reaches it. */
  const expectEverywhere = async (username: Username, check: (answer: Awaited<ReturnType<typeof meIn>>) => boolean) => {
    expect(check(await meIn(test.app, username))).toBe(true);
    if (second) await eventually(async () => check(await meIn(second!.app, username)));
  };
  /** Both processes have read (and remember) the user's answer. */
  const warm = async (username: Username) => {
    await meIn(test.app, username);
    if (second) await meIn(second.app, username);
  };

  it('answers a remembered profile without a statement', async () => {
    const counter = statementCounter(test.app.ctx.database);
    await meIn(test.app, 'maitre');
    const { result, statements } = await counter.during(() => meIn(test.app, 'maitre'));
    expect(result.status).toBe(200);
    expect(statements).toBe(0);
  });

  it('sees a profile edit at the next read', async () => {
    await warm('apprenti');
    const model = (await meIn(test.app, 'apprenti')).me!;
    const response = await f.call('apprenti', 'PUT', `/app/user/put/${f.ids.apprenti}`, {
      firstName: model.firstName,
      lastName: 'Cache-Dupont',
      email: model.email,
      personalAddress: { city: 'Lyon' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectEverywhere('apprenti', ({ me }) => me?.lastName === 'Cache-Dupont' && me.personalAddress.city === 'Lyon');
  });

  it('counts a message received, then read, then deleted by its sender', async () => {
    await warm('tuteur');
    const before = (await meIn(test.app, 'tuteur')).me!.userNewMessage;
    const sent = await f.write('apprenti', 'tuteur', 2, 'Compté tout de suite');
    await expectEverywhere('tuteur', ({ me }) => me?.userNewMessage === before + 1);
    expect((await f.call('tuteur', 'PUT', `/app/message/opened/${sent.id}`)).statusCode).toBe(200);
    await expectEverywhere('tuteur', ({ me }) => me?.userNewMessage === before);

    const unread = await f.write('apprenti', 'tuteur', 2, 'Supprimé avant lecture');
    await expectEverywhere('tuteur', ({ me }) => me?.userNewMessage === before + 1);
    expect((await f.call('apprenti', 'DELETE', `/app/message/remove/${unread.id}`)).statusCode).toBe(200);
    await expectEverywhere('tuteur', ({ me }) => me?.userNewMessage === before);
  });

  it('ends at once for a user an administrator deactivates, and comes back on reactivation', async () => {
    await warm('apprenti3');
    const path = `/app/admin/user/active/${f.ids.apprenti3}`;
    expect((await f.call('admin', 'PUT', path, { active: false })).statusCode).toBe(200);
    await expectEverywhere('apprenti3', ({ status }) => status === 401);
    expect((await f.call('admin', 'PUT', path, { active: true })).statusCode).toBe(200);
    await expectEverywhere('apprenti3', ({ status }) => status === 200);
  });

  it('sees writes made by any other path: a renamed user, a read message, a membership ended (database triggers)', async () => {
    const { db } = test.app.ctx;
    await warm('maitre');
    await db.update(users).set({ firstName: 'Renommé' }).where(eq(users.id, f.ids.maitre));
    // Not written through a route: nothing told this process but the trigger's notice.
    if (test.engine === 'postgres') await eventually(async () => (await meIn(test.app, 'maitre')).me?.firstName === 'Renommé');
    await expectEverywhere('maitre', ({ me }) => me?.firstName === 'Renommé');

    await f.write('tuteur', 'maitre', 3, 'Lu ailleurs');
    await expectEverywhere('maitre', ({ me }) => (me?.userNewMessage ?? 0) > 0);
    await db.update(messageRecipients).set({ openedAt: new Date() }).where(eq(messageRecipients.recipientId, f.ids.maitre));
    if (test.engine === 'postgres') await eventually(async () => (await meIn(test.app, 'maitre')).me?.userNewMessage === 0);
    await expectEverywhere('maitre', ({ me }) => me?.userNewMessage === 0);

    const [membership] = await db.select().from(userPlatforms).where(eq(userPlatforms.userId, f.ids.maitre));
    await db.delete(userPlatforms).where(and(eq(userPlatforms.userId, f.ids.maitre), eq(userPlatforms.platformId, membership!.platformId)));
    if (test.engine === 'postgres') await eventually(async () => (await meIn(test.app, 'maitre')).status === 401);
    await expectEverywhere('maitre', ({ status }) => status === 401);
    await db.insert(userPlatforms).values(membership!);
    if (test.engine === 'postgres') await eventually(async () => (await meIn(test.app, 'maitre')).status === 200);
    await expectEverywhere('maitre', ({ status }) => status === 200);
  });
});
