import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { FileUploadResponse, MessagePostResponse, type MessagePostRequest } from '@lea/shared';
import { triads, users } from '../../db/schema/index.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import type { TestApp } from '../../test/test-app.js';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const USERNAMES = ['admin', 'manager', 'apprenti', 'apprenti3', 'tuteur', 'maitre', 'parent'] as const;
export type Username = (typeof USERNAMES)[number];

/** Tokens and ids of the demo people, the first triad (apprenti, tuteur, maitre) and its course. */
export async function messageFixture(test: TestApp) {
  const tokens = {} as Record<Username, string>;
  const ids = {} as Record<Username, number>;
  for (const username of USERNAMES) {
    tokens[username] = await tokenFor(test.app, username);
    ids[username] = await userIdOf(test.app, username);
  }
  const [triad] = await test.app.ctx.db
    .select({ id: triads.id, courseId: triads.trainingCourseId })
    .from(triads)
    .innerJoin(users, eq(users.id, triads.apprenticeId))
    .where(eq(users.username, 'apprenti'));
  if (!triad) throw new Error('demo triad missing');

  const call = (username: Username | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}${path}`,
      headers: { host: 'localhost', ...(username ? { authorization: `Bearer ${tokens[username]}` } : {}) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  const upload = async (username: Username, name = 'convention.pdf') => {
    const response = await call(username, 'POST', '/app/file/upload', {
      data: PDF.toString('base64'),
      originalName: name,
      type: 'message',
    });
    expect(response.statusCode).toBe(200);
    const id = FileUploadResponse.parse(response.json()).responses[0]?.object?.id;
    if (!id) throw new Error('upload refused');
    return id;
  };

  /** Sends a message and answers its conversation; fails the test when refused. */
  const post = async (username: Username, body: MessagePostRequest) => {
    const response = await call(username, 'POST', '/app/message/post', body);
    expect(response.statusCode, response.body).toBe(200);
    const conversation = MessagePostResponse.parse(response.json()).responses[0]?.object;
    if (!conversation) throw new Error('no conversation answered');
    return conversation;
  };

  const write = (from: Username, to: Username, profile: number, title: string, text = '<p>Bonjour</p>') =>
    post(from, { title, text, trainingCourse: triad.courseId, messageRecipients: [{ recipient: ids[to], profile }] });

  return { tokens, ids, triadId: triad.id, courseId: triad.courseId, call, upload, post, write };
}
