import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, User } from '@lea/shared';
import { historyLog, platforms, refreshTokens, users } from '../../db/schema/index.js';
import { signAccessToken } from '../../http/jwt.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, loginAs } from '../../test/login.js';
import { hashToken } from '../../services/session-tokens.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('profile', () => {
  let test: TestApp;
  let apprenti: { id: number; token: string; refreshToken: string };
  let tuteur: { id: number; token: string };
  let platformId: number;
  beforeAll(async () => {
    test = await createTestApp();
    platformId = (await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost')))[0]!.id;
    const idOf = async (username: string) =>
      (await test.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
    apprenti = { id: await idOf('apprenti'), ...(await loginAs(test.app, 'apprenti', { stayConnected: true })) };
    tuteur = { id: await idOf('tuteur'), token: (await loginAs(test.app, 'tuteur')).token };
  });
  afterAll(async () => {
    await test.close();
  });

  const get = (url: string, token: string) => test.app.inject({ method: 'GET', url, headers: bearer(token) });
  const put = (locale: string, id: number, token: string, payload: object) =>
    test.app.inject({ method: 'PUT', url: `/api/${locale}/app/user/put/${id}`, headers: bearer(token), payload });
  const userRow = async (id: number) => (await test.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('answers the signed-in user in fr and en', async () => {
    for (const locale of ['fr', 'en']) {
      const response = await get(`/api/${locale}/app/user/me`, apprenti.token);
      expect(response.statusCode).toBe(200);
      const me = User.parse(response.json());
      expect(me).toMatchObject({
        id: apprenti.id,
        username: 'apprenti',
        fullName: 'Lucas Martin',
        type: 'apprentice',
        userNewMessage: 0,
        impersonator: null,
      });
      expect(me.roles).toContain('ROLE_LEA_USER');
      expect(me.personalAddress.city).toBe('Villeurbanne');
    }
  });

  it('needs a bearer token', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/fr/app/user/me' });
    expect(response.statusCode).toBe(401);
  });

  it('shows a triad partner by name, photo and role (user-info.test.ts has the rest), and 404 for an unknown id', async () => {
    const response = await get(`/api/en/app/user/info/${tuteur.id}`, apprenti.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ summary: true, id: tuteur.id, type: 'tutor' });
    expect(response.json()).not.toHaveProperty('email');
    expect((await get('/api/fr/app/user/info/999999', apprenti.token)).statusCode).toBe(404);
  });

  it('updates the own profile in fr and en and answers a new pair in the same family', async () => {
    const fields = {
      firstName: 'Lucas',
      lastName: 'Martin-Dupont',
      email: 'lucas.martin@example.com',
      parentFirstName: '',
      personalAddress: {
        address: '3 rue Garibaldi',
        complement: null,
        postCode: '69006',
        city: 'Lyon',
        phone: '04 78 00 00 00',
        mobile: '+33612345678',
      },
    };
    for (const locale of ['fr', 'en']) {
      const response = await put(locale, apprenti.id, apprenti.token, fields);
      expect(response.statusCode).toBe(200);
      const pair = response.json() as { token: string; refreshToken: string };
      const me = (await get(`/api/${locale}/app/user/me`, pair.token)).json();
      expect(me).toMatchObject({
        lastName: 'Martin-Dupont',
        fullName: 'Lucas Martin-Dupont',
        email: 'lucas.martin@example.com',
        parentFirstName: null,
      });
      expect(me.personalAddress).toEqual({
        address: '3 rue Garibaldi',
        complement: null,
        postCode: '69006',
        city: 'Lyon',
        phone: '04 78 00 00 00',
        mobile: '+33612345678',
      });
      const [oldRow] = await test.app.ctx.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(apprenti.refreshToken)));
      const [newRow] = await test.app.ctx.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(pair.refreshToken)));
      expect(newRow!.familyId).toBe(oldRow!.familyId);
      expect(newRow!.expiresAt.getTime()).toBe(oldRow!.expiresAt.getTime());
    }
  });

  it("refuses another user's profile with 403 and changes nothing, for administrators too", async () => {
    const before = await userRow(tuteur.id);
    const admin = await loginAs(test.app, 'admin');
    for (const token of [apprenti.token, admin.token]) {
      const response = await put('fr', tuteur.id, token, { firstName: 'Pirate', lastName: 'Pirate', email: 'pirate@example.org' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(403);
    }
    expect(await userRow(tuteur.id)).toEqual(before);
  });

  it('answers 400 with field errors for empty required fields and changes nothing', async () => {
    const before = await userRow(tuteur.id);
    const response = await put('fr', tuteur.id, tuteur.token, {
      firstName: '  ',
      lastName: '',
      email: 'not-an-email',
      personalAddress: { phone: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'firstName', message: MESSAGES.required },
      { field: 'lastName', message: MESSAGES.required },
      { field: 'email', message: MESSAGES.email },
      { field: 'personalAddress.phone', message: MESSAGES.phone },
    ]);
    const missing = await put('en', tuteur.id, tuteur.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: { field: string }) => error.field)).toEqual(['firstName', 'lastName', 'email']);
    expect(await userRow(tuteur.id)).toEqual(before);
  });

  it('sets the photo from an image the user uploaded, and refuses other files', async () => {
    const upload = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: bearer(tuteur.token),
      payload: { data: PNG.toString('base64'), originalName: 'moi.png' },
    });
    const file = upload.json().responses[0].object as { id: number; pathName: string };
    const pdf = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: bearer(tuteur.token),
      payload: { data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'), originalName: 'cv.pdf' },
    });
    const pdfId = pdf.json().responses[0].object.id as number;

    // Another user's upload and a PDF are refused.
    for (const [caller, fileId] of [
      [apprenti, file.id],
      [tuteur, pdfId],
    ] as const) {
      const refused = await put('fr', caller.id, caller.token, { photo: fileId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'photo', message: MESSAGES.fileFormat }]);
    }

    const response = await put('fr', tuteur.id, tuteur.token, { photo: file.id });
    expect(response.statusCode).toBe(200);
    const me = (await get('/api/fr/app/user/me', response.json().token)).json();
    expect(me.photo).toMatchObject({ pathName: file.pathName, name: file.pathName, originalName: 'moi.png' });
    // Shown inline under a link signed for the reader (decision 018); the bare path is not served.
    expect(me.photo.url).toMatch(/^\/inline-file\/path-name-[^?]+\/original-name-moi\.png\?expires=\d+&user=\d+&signature=/);
    const image = await test.app.inject({ method: 'GET', url: me.photo.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('no-store');
    expect((await test.app.inject({ method: 'GET', url: me.photo.url.slice(0, me.photo.url.indexOf('?')) })).statusCode).toBe(404);
  });

  it('shows the impersonator and logs writes made while impersonating with both ids', async () => {
    const [admin] = await test.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const token = await signAccessToken(
      { sub: String(tuteur.id), username: 'tuteur', roles: ['ROLE_LEA_USER'], platform: platformId, impersonator: admin!.id },
      test.app.ctx.config.jwtSecret,
    );
    const me = (await get('/api/fr/app/user/me', token)).json();
    expect(me.impersonator).toEqual({ id: admin!.id, fullName: 'Claire Morel' });

    const response = await put('fr', tuteur.id, token, { firstName: 'Julien', lastName: 'Bernard', email: 'julien.bernard@example.com' });
    expect(response.statusCode).toBe(200);
    const logs = await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'profile.update'));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userId: tuteur.id, impersonatorId: admin!.id, entity: 'user', entityId: tuteur.id });
    // The new pair keeps impersonating.
    const after = (await get('/api/fr/app/user/me', response.json().token)).json();
    expect(after.impersonator).toEqual({ id: admin!.id, fullName: 'Claire Morel' });
  });
});
