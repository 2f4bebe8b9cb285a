import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DocumentListResponse, DocumentPostResponse, FileUploadResponse, type DocumentPostInput } from '@lea/shared';
import { documentCategories, triads, users } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import type { TestApp } from '../../test/test-app.js';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

export const USERNAMES = ['admin', 'manager', 'apprenti', 'apprenti2', 'tuteur', 'maitre', 'parent'] as const;
export type Username = (typeof USERNAMES)[number] | 'impersonated';

/** The demo's main triad, its categories and a token per user, with the calls the tests make. */
export async function documentFixture(test: TestApp) {
  const tokens: Partial<Record<Username, string>> = {};
  for (const username of USERNAMES) tokens[username] = await tokenFor(test.app, username);
  const db = test.app.ctx.db;
  const [triad] = await db
    .select({ id: triads.id, courseId: triads.trainingCourseId })
    .from(triads)
    .innerJoin(users, eq(users.id, triads.apprenticeId))
    .where(eq(users.username, 'apprenti'));
  if (!triad) throw new Error('demo triad missing');
  const categories = new Map((await db.select().from(documentCategories)).map((row) => [row.code, row.id]));
  const categoryId = (code: string) => categories.get(code) ?? 0;

  const call = (username: Username | null, method: 'GET' | 'POST', path: string, body?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}${path}`,
      headers: { host: 'localhost', ...(username && tokens[username] ? { authorization: `Bearer ${tokens[username]}` } : {}) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  const list = async (username: Username, category: string, triadId = triad.id) => {
    const response = await call(username, 'GET', `/app/document/${triadId}/${category}/list`);
    expect(response.statusCode).toBe(200);
    return DocumentListResponse.parse(response.json());
  };

  /** Uploads a small PDF as the user (the upload-first flow) and answers the file id. */
  const upload = async (username: Username, name = 'piece.pdf') => {
    const response = await call(username, 'POST', '/app/file/upload', {
      data: PDF.toString('base64'),
      originalName: name,
      type: 'document',
    });
    expect(response.statusCode).toBe(200);
    const id = FileUploadResponse.parse(response.json()).responses[0]?.object?.id;
    if (!id) throw new Error('upload refused');
    return id;
  };

  const post = (username: Username, body: Partial<DocumentPostInput>, locale = 'fr') =>
    call(username, 'POST', '/api/document/post', { triad: triad.id, ...body }, locale);

  /** Posts a document with a fresh file as the user; the saved item. */
  const addDocument = async (username: Username, title: string, extra: Partial<DocumentPostInput> = {}) => {
    const documentFile = await upload(username, `${title}.pdf`);
    const response = await post(username, { title, type: 1, documentFile, category: categoryId('pedagogic'), ...extra });
    expect(response.statusCode).toBe(200);
    const item = DocumentPostResponse.parse(response.json()).responses[0]?.object;
    if (!item) throw new Error('no saved item');
    return item;
  };

  return { tokens, triad, categoryId, call, list, upload, post, addDocument };
}
