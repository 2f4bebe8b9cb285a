import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startLocalS3, type LocalS3 } from '../test/s3-server.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { bearer, loginAs } from '../test/login.js';
import { createS3FileStore } from './s3-file-store.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

describe('the S3 file store (decision 036), against a local S3-compatible server', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('puts, gets and removes bytes under a key, answers null for a missing key and refuses a climbing key', async () => {
    const config = loadConfig({ ...s3.env, S3_PREFIX: 'site-a/', JWT_SECRET: 'a-test-secret-of-enough-length-0123456789' }).s3!;
    const store = createS3FileStore(config);
    const bytes = Buffer.from([0, 1, 2, 255, 254]);
    await store.put('upload/a.bin', bytes);
    expect(await store.get('upload/a.bin')).toEqual(bytes);
    expect(await store.get('upload/none.bin')).toBeNull();
    // The prefix is part of the object's key: another prefix does not see it.
    const other = createS3FileStore({ ...config, prefix: 'site-b/' });
    expect(await other.get('upload/a.bin')).toBeNull();
    await store.remove('upload/a.bin');
    expect(await store.get('upload/a.bin')).toBeNull();
    await store.remove('upload/a.bin');
    await expect(store.put('../escape.bin', bytes)).rejects.toThrow('Invalid file key');
    store.close();
    other.close();
  });

  describe('behind the API', () => {
    let test: TestApp;
    let token: string;
    beforeAll(async () => {
      test = await createTestApp({ env: s3.env });
      token = (await loginAs(test.app, 'apprenti')).token;
    }, 60_000);
    afterAll(async () => {
      await test.close();
    });

    it('uploads a document into the bucket and downloads it from there', async () => {
      const upload = await test.app.inject({
        method: 'POST',
        url: '/api/fr/app/file/upload',
        headers: bearer(token),
        payload: { data: PDF.toString('base64'), originalName: 'attestation.pdf' },
      });
      expect(upload.statusCode).toBe(200);
      const { pathName } = upload.json().responses[0].object as { pathName: string };
      // The bytes are in the bucket (a store of its own reads them), not in DATA_DIR.
      const bucket = createS3FileStore(test.app.ctx.config.s3!);
      expect(await bucket.get(pathName)).toEqual(PDF);
      bucket.close();
      const download = await test.app.inject({
        method: 'GET',
        url: `/api/fr/api/get_file?fileName=${pathName}&fileFolder=upload`,
        headers: bearer(token),
      });
      expect(download.json()).toEqual({ data: PDF.toString('base64'), mime_type: 'application/pdf' });
    });
  });
});
