import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig, DataAgreement, Design, GlobalDocumentList, PlatformInfo } from '@lea/shared';
import { platforms } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const INLINE_URL = /^\/inline-file\/path-name-[0-9a-f-]+\.svg\/original-name-[\w.-]+$/;

describe('platform data calls (demo on)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const get = (url: string, host = 'localhost') => test.app.inject({ method: 'GET', url, headers: { host } });

  it.each(['fr', 'en'])('GET /api/%s/app/design answers the platform look without a token', async (locale) => {
    const response = await get(`/api/${locale}/app/design`);
    expect(response.statusCode).toBe(200);
    const design = Design.parse(response.json());
    expect(design).toMatchObject({ name: 'CFA Campus Demo', hostname: 'localhost', principalColor: '#1c5d99', upload_dir: 'upload' });
    expect(design.logos.logoType).toMatch(INLINE_URL);
    expect(design.logos.logoCfa).toMatch(INLINE_URL);
    expect(design.logos.logoHomepage).toMatch(INLINE_URL);
    expect(design.favicon).toMatch(INLINE_URL);
    expect(design.presentation).toContain('Bienvenue');
  });

  it('links logos that the inline-file route serves', async () => {
    const design = Design.parse((await get('/api/fr/app/design')).json());
    const logo = await get(design.logos.logoCfa ?? '');
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('<svg');
  });

  it('serves another hostname its own texts, with black colours and no logos when unconfigured', async () => {
    await test.app.ctx.db.insert(platforms).values({ hostname: 'autre.example.com', name: 'CFA Autre', legalNotice: '<p>Autre</p>' });
    const response = await get('/api/en/app/design', 'autre.example.com');
    const design = Design.parse(response.json());
    expect(design).toMatchObject({ name: 'CFA Autre', principalColor: '#000000', secondaryColor: '#000000', favicon: null });
    expect(design.logos).toEqual({ logoType: null, logoCfa: null, logoHomepage: null });
    const agreement = DataAgreement.parse((await get('/api/fr/app/data-agreement', 'autre.example.com')).json());
    expect(agreement).toEqual({
      legalNotice: '<p>Autre</p>',
      termOfService: null,
      learnerPrivacy: null,
      professionalTutorPrivacy: null,
      pedagogicTutorPrivacy: null,
    });
    const documents = GlobalDocumentList.parse((await get('/api/fr/app/document/home', 'autre.example.com')).json());
    expect(documents.documents).toEqual([]);
  });

  it.each(['fr', 'en'])('GET /api/%s/app/document/home lists the global documents in order', async (locale) => {
    const response = await get(`/api/${locale}/app/document/home`);
    expect(response.statusCode).toBe(200);
    const { documents } = GlobalDocumentList.parse(response.json());
    expect(documents.map((doc) => doc.title)).toEqual(['Règlement intérieur', "Calendrier de l'alternance 2025-2026"]);
    expect(documents[0]?.file.originalName).toBe('reglement-interieur.pdf');
    const bytes = await test.app.ctx.files.get(documents[0]?.file.pathName ?? '');
    expect(bytes?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.each(['fr', 'en'])('GET /api/%s/app/platform resolves frontHostname', async (locale) => {
    const response = await get(`/api/${locale}/app/platform?frontHostname=localhost`);
    expect(response.statusCode).toBe(200);
    expect(PlatformInfo.parse(response.json())).toMatchObject({ hostname: 'localhost', name: 'CFA Campus Demo' });
    const origin = await get(`/api/${locale}/app/platform?frontHostname=${encodeURIComponent('https://LOCALHOST:5173/')}`);
    expect(origin.json()).toMatchObject({ hostname: 'localhost' });
    const own = await get(`/api/${locale}/app/platform`);
    expect(own.json()).toMatchObject({ hostname: 'localhost' });
  });

  it('falls back to the default platform for an unknown hostname while the demo is on', async () => {
    const response = await get('/api/fr/app/platform?frontHostname=inconnu-demo.example.org');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ hostname: 'localhost', name: 'CFA Campus Demo' });
  });

  it.each(['fr', 'en'])('GET /api/%s/app/config answers version, limits and help documents', async (locale) => {
    const response = await get(`/api/${locale}/app/config`);
    expect(response.statusCode).toBe(200);
    const config = AppConfig.parse(response.json());
    expect(config).toMatchObject({
      version: '3.0.0',
      locales: ['fr', 'en'],
      defaultLocale: 'fr',
      uploadMaxBytes: 5242880,
      uploadHardMaxBytes: 10485760,
      chatbot: false,
    });
    expect(config.allowedExtensions).toContain('pdf');
    const [file, text] = config.helpDocuments;
    expect(file).toMatchObject({ documentType: 1, title: 'Guide de démarrage', file: { originalName: 'guide-demarrage.pdf' } });
    expect(text).toMatchObject({ documentType: 2, file: null });
    expect(text?.description).toContain('Signer');
  });

  it.each(['fr', 'en'])('GET /api/%s/app/data-agreement answers the three privacy notices', async (locale) => {
    const response = await get(`/api/${locale}/app/data-agreement`);
    expect(response.statusCode).toBe(200);
    const agreement = DataAgreement.parse(response.json());
    expect(agreement.learnerPrivacy).toContain('apprenti');
    expect(agreement.professionalTutorPrivacy).toContain('maître');
    expect(agreement.pedagogicTutorPrivacy).toContain('tuteur');
    expect(agreement.legalNotice).toContain('Mentions légales');
    expect(agreement.termOfService).toContain('Conditions');
  });

  it('answers the same texts in both locales', async () => {
    const [fr, en] = await Promise.all([get('/api/fr/app/design'), get('/api/en/app/design')]);
    expect(fr.json()).toEqual(en.json());
  });

  it('rejects an unknown locale', async () => {
    expect((await get('/api/de/app/design')).statusCode).toBe(404);
  });

  it('keeps the principal colour configured on the platform', async () => {
    const [row] = await test.app.ctx.db
      .update(platforms)
      .set({ principalColor: '#123456' })
      .where(eq(platforms.hostname, 'localhost'))
      .returning({ id: platforms.id });
    // Written past the application, so told to the design cache as the design save does (decision 033).
    await test.app.ctx.cache.changed('design', row!.id);
    const design = Design.parse((await get('/api/fr/app/design')).json());
    expect(design.principalColor).toBe('#123456');
  });
});

describe('platform data calls (demo off)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { LEA_DEMO: '0' } });
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers 404 {code, message} for an unknown frontHostname', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/fr/app/platform?frontHostname=inconnu-prod.example.org',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: expect.stringContaining('inconnu-prod.example.org') });
  });

  it('answers 404 for any call from an unknown hostname', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/en/app/design', headers: { host: 'nowhere-prod.example.org' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404 });
  });
});
