import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageEvent } from '@lea/shared';
import { openSecondProcess, type SecondProcess } from '../../test/second-process.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { messageFixture } from './test-helpers.js';

/** Reads an event stream's `unread` events as they come. */
async function openStream(app: FastifyInstance, token: string) {
  const { port } = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const response = await fetch(`http://localhost:${port}/api/fr/app/message/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<MessageEvent> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.includes('event: unread') && data) return MessageEvent.parse(JSON.parse(data.slice(6)));
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return { next, close: () => controller.abort() };
}

describe('live unread counts (GET /app/message/events, decision 030)', () => {
  let test: TestApp;
  let f: Awaited<ReturnType<typeof messageFixture>>;
  /** A second server process on the same database: PostgreSQL only (PGlite belongs to one process). */
  let second: SecondProcess | null = null;

  beforeAll(async () => {
    test = await createTestApp();
    f = await messageFixture(test);
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    second = await openSecondProcess(test);
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
  });

  it('sends the unread total at once, then after each new message, opening and deletion', async () => {
    const stream = await openStream(test.app, f.tokens.tuteur);
    const first = await stream.next();
    expect(first.conversation).toBeNull();
    const sent = await f.write('apprenti', 'tuteur', 2, 'En direct');
    expect(await stream.next()).toEqual({ userNewMessage: first.userNewMessage + 1, conversation: sent.id });
    await f.call('tuteur', 'PUT', `/app/message/opened/${sent.id}`);
    expect(await stream.next()).toEqual({ userNewMessage: first.userNewMessage, conversation: sent.id });
    const other = await f.write('apprenti', 'tuteur', 2, 'À supprimer');
    expect((await stream.next()).userNewMessage).toBe(first.userNewMessage + 1);
    await f.call('apprenti', 'DELETE', `/app/message/remove/${other.messages[0]!.id}`);
    expect(await stream.next()).toEqual({ userNewMessage: first.userNewMessage, conversation: other.id });
    stream.close();
  });

  it("does not tell a reader about other people's messages", async () => {
    const stream = await openStream(test.app, f.tokens.maitre);
    const first = await stream.next();
    await f.write('apprenti', 'tuteur', 2, 'Pas pour le maître');
    const mine = await f.write('apprenti', 'maitre', 3, 'Pour le maître');
    expect(await stream.next()).toEqual({ userNewMessage: first.userNewMessage + 1, conversation: mine.id });
    stream.close();
  });

  it('reaches a reader connected to another server process (PostgreSQL LISTEN/NOTIFY)', async () => {
    if (!second) return expect(test.engine).toBe('pglite');
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(second.app, f.tokens.tuteur);
    const first = await stream.next();
    // Written through the first process, heard on the second.
    const sent = await f.write('apprenti', 'tuteur', 2, 'Autre processus');
    expect(await stream.next()).toEqual({ userNewMessage: first.userNewMessage + 1, conversation: sent.id });
    stream.close();
  });

  it('refuses a stream without a valid token', async () => {
    const { port } = test.app.server.address() as AddressInfo;
    expect((await fetch(`http://localhost:${port}/api/fr/app/message/events`)).status).toBe(401);
    const forged = await fetch(`http://localhost:${port}/api/fr/app/message/events`, { headers: { authorization: 'Bearer x.y.z' } });
    expect(forged.status).toBe(401);
  });
});
