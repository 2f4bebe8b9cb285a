import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { loadConfig } from '../../config.js';
import { files } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor } from '../../test/auth.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('the upload quota', () => {
  let test: TestApp;
  beforeAll(async () => {
    // Room for two of these PDFs per user, not three (the users below have no demo uploads).
    test = await createTestApp({ env: { UPLOAD_QUOTA_BYTES: String(2 * PDF.length + PDF.length / 2) } });
  });
  afterAll(async () => {
    await test.close();
  });

  const upload = async (username: string, name = 'a.pdf', bytes = PDF) =>
    test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${await tokenFor(test.app, username)}` },
      payload: { data: bytes.toString('base64'), originalName: name },
    });
  const storedState = async () => {
    const [row] = await test.app.ctx.db.select({ n: count() }).from(files);
    return { rows: row!.n, bytes: readdirSync(join(test.app.ctx.config.dataDir, 'files')).length };
  };

  it('refuses with 413 and a message the upload that would pass the user’s quota, storing nothing', async () => {
    expect((await upload('apprenti2')).json().hasError).toBe(false);
    expect((await upload('apprenti2')).json().hasError).toBe(false);
    const before = await storedState();
    const third = await upload('apprenti2');
    expect(third.statusCode).toBe(413);
    expect(third.json()).toEqual({ code: 413, message: MESSAGES.uploadQuota });
    // The picture route counts against the same quota.
    const picture = await test.app.inject({
      method: 'POST',
      url: '/api/fr/post-picture',
      headers: { authorization: `Bearer ${await tokenFor(test.app, 'apprenti2')}` },
      payload: { data: PNG.toString('base64'), filename: 'avatar.png' },
    });
    expect(picture.statusCode).toBe(413);
    expect(await storedState()).toEqual(before);
    // Each user has a quota of their own.
    expect((await upload('apprenti3')).json().hasError).toBe(false);
  });

  it('lets one of two parallel uploads through when only one fits', async () => {
    expect((await upload('apprenti4')).json().hasError).toBe(false);
    const before = await storedState();
    // Both uploads reach the quota check together (their bytes are written once both are there); on
    // PostgreSQL, without the uploader's lock, both would read the same total and both be stored.
    const { files: store } = test.app.ctx;
    const put = store.put;
    let arrived = 0;
    let release = () => {};
    const together = new Promise<void>((resolve) => (release = resolve));
    store.put = async (key, bytes) => {
      if (++arrived === 2) release();
      await together;
      return put(key, bytes);
    };
    const answers = await Promise.all([upload('apprenti4', 'b.pdf'), upload('apprenti4', 'c.pdf')]).finally(() => (store.put = put));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 413]);
    expect(await storedState()).toEqual({ rows: before.rows + 1, bytes: before.bytes + 1 });
  });

  it('is 200 MiB unless UPLOAD_QUOTA_BYTES says otherwise', () => {
    expect(loadConfig({ JWT_SECRET: 'a-test-secret-of-enough-length-0123456789' }).uploadQuotaBytes).toBe(200 * 1024 * 1024);
  });
});
