import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig, Design, DocumentCategoriesResponse, DocumentListResponse, GlobalDocumentList, MESSAGES, Triad } from '@lea/shared';
import { platforms, triads } from '../../db/schema/index.js';
import { fileLinksFor, publicFileUrl } from '../../services/file-links.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAs, tokenFor, userIdOf } from '../../test/auth.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const HOUR_MS = 3600 * 1000;

describe('file links', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  let platformId: number;
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'tuteur', 'admin']) tokens[username] = await tokenFor(test.app, username);
    const [platform] = await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    platformId = platform!.id;
  });
  afterAll(async () => {
    await test.close();
  });

  const open = (url: string) => test.app.inject({ method: 'GET', url });
  const uploadAs = async (username: string) => {
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${tokens[username]}` },
      payload: { data: PDF.toString('base64'), originalName: 'bulletin.pdf' },
    });
    return answer.json().responses[0].object as { pathName: string; originalName: string; url: string };
  };
  const grantOf = (url: string) => url.slice(url.indexOf('?'));

  it('open a private file only with the grant signed for it on its platform, until it expires', async () => {
    const pdf = await uploadAs('apprenti');
    expect(pdf.url).toMatch(/^\/download-file\/path-name-[^?]+\/original-name-bulletin\.pdf\?expires=\d+&user=\d+&signature=[\w-]{43}$/);
    const opened = await open(pdf.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PDF)).toBe(true);
    expect(opened.headers['cache-control']).toBe('no-store');

    const other = await uploadAs('apprenti');
    const refused = [
      publicFileUrl('download', pdf),
      pdf.url.replace(/signature=[\w-]{3}/, 'signature=AAA'),
      pdf.url.replace(/user=\d+/, `user=${await userIdOf(test.app, 'tuteur')}`),
      pdf.url.replace(/expires=(\d+)/, (_all, expires: string) => `expires=${Number(expires) + 900}`),
      publicFileUrl('download', other) + grantOf(pdf.url),
    ];
    for (const url of refused) {
      const answer = await open(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ code: 404, message: MESSAGES.fileUnavailable });
    }

    const reader = { userId: await userIdOf(test.app, 'apprenti'), platformId };
    const stale = fileLinksFor(test.app.ctx.config.jwtSecret, reader, Date.now() - 3 * HOUR_MS).download(pdf);
    const expired = await open(stale);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ code: 403, message: MESSAGES.fileLinkExpired });
    expect((await open(`${publicFileUrl('download', pdf)}?expires=soon&user=1&signature=x`)).statusCode).toBe(400);
  });

  it("serve the platform's logos by record without a grant (cacheable), and its login-page and help documents (not cached)", async () => {
    const design = Design.parse((await getAs(test.app, '/api/fr/app/design')).json());
    const logo = await open(design.logos.logoType!);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=86400, immutable');

    const home = GlobalDocumentList.parse((await getAs(test.app, '/api/fr/app/document/home')).json());
    const config = AppConfig.parse((await getAs(test.app, '/api/fr/app/config')).json());
    const publicFiles = [home.documents[0]!.file, config.helpDocuments.find((document) => document.file)!.file!];
    for (const file of publicFiles) {
      const answer = await open(publicFileUrl('download', file));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it("come signed for the reader in the answers that show a file: a triad's documents and its home documents", async () => {
    const [triad] = await test.app.ctx.db
      .select({ id: triads.id })
      .from(triads)
      .where(eq(triads.apprenticeId, await userIdOf(test.app, 'apprenti')));
    const { categories } = DocumentCategoriesResponse.parse(
      (await getAs(test.app, '/api/fr/app/document/categories', tokens.apprenti)).json(),
    );
    const urls: string[] = [];
    for (const category of categories) {
      const list = DocumentListResponse.parse(
        (await getAs(test.app, `/api/fr/app/document/${triad!.id}/${category.code}/list`, tokens.apprenti)).json(),
      );
      urls.push(...list.documents.flatMap((document) => (document.file ? [document.file.url] : [])));
    }
    const dashboard = Triad.parse((await getAs(test.app, `/api/fr/app/triad/${triad!.id}`, tokens.apprenti)).json());
    const homeUrls = [...dashboard.generalDocuments, ...dashboard.pedagogicDocuments].flatMap((document) =>
      document.url ? [document.url] : [],
    );
    expect(urls.length).toBeGreaterThan(0);
    expect(homeUrls.length).toBeGreaterThan(0);
    for (const url of [...urls, ...homeUrls]) {
      expect(url).toContain(`&user=${await userIdOf(test.app, 'apprenti')}&signature=`);
      expect((await open(url)).statusCode, url).toBe(200);
      // Without its grant, the same file is not served.
      expect((await open(url.slice(0, url.indexOf('?')))).statusCode, url).toBe(404);
    }
  });

  it('get_file answers the uploader, a public file, or the grant of a link issued to the caller; anyone else gets 404', async () => {
    const pdf = await uploadAs('apprenti');
    const getFile = (username: string, query: string) =>
      getAs(test.app, `/api/fr/api/get_file?fileName=${pdf.pathName}${query}`, tokens[username]);
    expect((await getFile('apprenti', '')).statusCode).toBe(200);
    expect((await getFile('tuteur', '')).statusCode).toBe(404);
    // The apprentice's grant does not serve the tutor.
    expect((await getFile('tuteur', `&${grantOf(pdf.url).slice(1)}`)).statusCode).toBe(404);
    const tutorLink = fileLinksFor(test.app.ctx.config.jwtSecret, { userId: await userIdOf(test.app, 'tuteur'), platformId }).download(pdf);
    expect((await getFile('tuteur', `&${grantOf(tutorLink).slice(1)}`)).json()).toEqual({
      data: PDF.toString('base64'),
      mime_type: 'application/pdf',
    });

    const design = Design.parse((await getAs(test.app, '/api/fr/app/design')).json());
    const logoPath = decodeURIComponent(/path-name-([^/]+)\//.exec(design.logos.logoType!)![1]!);
    expect((await getAs(test.app, `/api/fr/api/get_file?fileName=${logoPath}`, tokens.tuteur)).statusCode).toBe(200);
  });
});
