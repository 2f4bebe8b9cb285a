import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_HARD_MAX_BYTES, fileSizeMessage, MESSAGES } from '@lea/shared';
import { files, platforms } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, loginAs } from '../../test/login.js';
import { contentDisposition } from './routes.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');

type Uploaded = { id: number; pathName: string; name: string; originalName: string; url: string };

describe('files', () => {
  let test: TestApp;
  let token: string;
  beforeAll(async () => {
    test = await createTestApp();
    token = (await loginAs(test.app, 'apprenti')).token;
  });
  afterAll(async () => {
    await test.close();
  });

  const upload = (payload: object, url = '/api/fr/app/file/upload') =>
    test.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const uploadOk = async (bytes: Buffer, originalName: string): Promise<Uploaded> => {
    const response = await upload({ data: bytes.toString('base64'), originalName });
    expect(response.statusCode).toBe(200);
    expect(response.json().hasError).toBe(false);
    return response.json().responses[0].object as Uploaded;
  };
  const storedState = async () => {
    const [row] = await test.app.ctx.db.select({ n: count() }).from(files);
    return { rows: row!.n, bytes: readdirSync(join(test.app.ctx.config.dataDir, 'files')).length };
  };

  it('stores a PDF and a PNG under random names with their rows', async () => {
    const before = await storedState();
    const pdf = await uploadOk(PDF, 'Relevé de notes.pdf');
    expect(pdf.originalName).toBe('Relevé de notes.pdf');
    expect(pdf.pathName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const png = await test.app.inject({
      method: 'POST',
      url: '/api/en/post-picture',
      headers: bearer(token),
      payload: { data: `data:image/png;base64,${PNG.toString('base64')}`, filename: 'avatar.png', type: 'image/png', folder: 'avatar' },
    });
    expect(png.json()).toMatchObject({ hasError: false, responses: [{ object: { originalName: 'avatar.png' } }] });
    expect(await storedState()).toEqual({ rows: before.rows + 2, bytes: before.bytes + 2 });

    const [row] = await test.app.ctx.db.select().from(files).where(eq(files.id, pdf.id));
    expect(row).toMatchObject({ mimeType: 'application/pdf', size: PDF.length, folder: 'upload' });
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.uploadedBy).not.toBeNull();
  });

  it('refuses a forbidden extension, content not matching its extension and scriptable SVG, storing nothing', async () => {
    const before = await storedState();
    const cases = [
      { data: Buffer.from('MZ\x90\x00').toString('base64'), originalName: 'setup.exe' },
      { data: PNG.toString('base64'), originalName: 'report.pdf' },
      { data: Buffer.from('<svg><script>alert(1)</script></svg>').toString('base64'), originalName: 'logo.svg' },
      { data: 'this is not base64!', originalName: 'a.pdf' },
    ];
    for (const payload of cases) {
      const response = await upload(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        hasError: true,
        message: MESSAGES.fileFormatDefault,
        responses: [{ validationErrors: [{ field: 'file', message: MESSAGES.fileFormatDefault }] }],
      });
    }
    const pdfAsPicture = await upload({ data: PDF.toString('base64'), filename: 'cv.pdf' }, '/api/fr/post-picture');
    expect(pdfAsPicture.json()).toMatchObject({ hasError: true, message: MESSAGES.fileFormat });
    expect(await storedState()).toEqual(before);
  });

  it('answers 413 above the hard maximum and stores nothing', async () => {
    const before = await storedState();
    const big = Buffer.alloc(FILE_HARD_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const response = await upload({ data: big.toString('base64'), originalName: 'big.pdf' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, message: fileSizeMessage(FILE_HARD_MAX_BYTES) });
    expect(await storedState()).toEqual(before);
  });

  it('needs a signed-in user to upload', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      payload: { data: PDF.toString('base64'), originalName: 'a.pdf' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('reads a file of the platform as base64, and 404 otherwise', async () => {
    const pdf = await uploadOk(PDF, 'lettre.pdf');
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/fr/api/get_file?fileName=${pdf.pathName}&fileFolder=upload`,
      headers: bearer(token),
    });
    expect(response.json()).toEqual({ data: PDF.toString('base64'), mime_type: 'application/pdf' });
    const missing = await test.app.inject({ method: 'GET', url: '/api/fr/api/get_file?fileName=nothing.pdf', headers: bearer(token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: MESSAGES.fileUnavailable });
  });

  it('serves download-file as an attachment and inline-file inline, with safe headers', async () => {
    const pdf = await uploadOk(PDF, 'Relevé "final".pdf');
    // The upload's answer links to the file for the uploader; the same grant opens it inline.
    const link = (kind: string, file: Uploaded) => file.url.replace('/download-file/', `/${kind}/`);

    const download = await test.app.inject({ method: 'GET', url: link('download-file', pdf) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Relev_ _final_.pdf"; filename*=UTF-8''Relev%C3%A9%20%22final%22.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const inline = await test.app.inject({ method: 'GET', url: link('inline-file', pdf) });
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(inline.headers['content-security-policy']).toBe("frame-ancestors 'self'");

    const admin = (await loginAs(test.app, 'admin')).token;
    const logo = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: bearer(admin),
      payload: { data: SVG.toString('base64'), originalName: 'logo.svg', type: 'logo' },
    });
    const svg = logo.json().responses[0].object as Uploaded;
    const inlineSvg = await test.app.inject({ method: 'GET', url: link('inline-file', svg) });
    expect(inlineSvg.headers['content-type']).toBe('image/svg+xml');
    expect(inlineSvg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(inlineSvg.headers['x-content-type-options']).toBe('nosniff');

    const unknown = await test.app.inject({ method: 'GET', url: '/download-file/path-name-nothing.pdf/original-name-x.pdf' });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not serve a file on another platform', async () => {
    const pdf = await uploadOk(PDF, 'interne.pdf');
    await test.app.ctx.db.insert(platforms).values({ hostname: 'autre.example.org', name: 'Autre CFA' });
    const response = await test.app.inject({
      method: 'GET',
      url: pdf.url,
      headers: { host: 'autre.example.org' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('builds RFC 5987 content dispositions', () => {
    expect(contentDisposition('inline', "l'été (2).pdf")).toBe(
      `inline; filename="l'_t_ (2).pdf"; filename*=UTF-8''l%27%C3%A9t%C3%A9%20%282%29.pdf`,
    );
  });
});
