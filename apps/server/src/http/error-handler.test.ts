import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '@lea/shared';
import { textRef } from '../texts/index.js';
import { installErrorHandler } from './error-handler.js';
import { badRequest } from './errors.js';

describe('error handler', () => {
  it('answers 400 with field messages for a ZodError thrown inside a handler, and logs it as an error', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) });
    const app = Fastify({ logger: { level: 'error', stream } });
    app.decorateRequest('locale', 'fr');
    installErrorHandler(app);
    app.get('/parse', async () => z.object({ user: z.object({ name: z.string() }) }).parse({ user: {} }));
    const response = await app.inject({ method: 'GET', url: '/parse' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Requête invalide',
      errors: [{ field: 'user.name', message: 'Invalid input: expected string, received undefined' }],
    });
    expect(lines.some((line) => line.includes('ZodError') && line.includes('/parse'))).toBe(true);
    await app.close();
  });

  it('renders an AppError in the request locale: its catalogue text and its field messages', async () => {
    const app = Fastify();
    app.decorateRequest('locale', 'fr');
    app.addHook('onRequest', async (request) => {
      request.locale = request.url.startsWith('/en') ? 'en' : 'fr';
    });
    installErrorHandler(app);
    const failure = () => {
      throw badRequest(textRef('common.invalidRequest'), [
        { field: 'title', message: MESSAGES.required },
        { field: 'triad', message: textRef('common.triadNotFound') },
      ]);
    };
    app.get('/fr/fail', failure);
    app.get('/en/fail', failure);
    expect((await app.inject({ method: 'GET', url: '/en/fail' })).json()).toEqual({
      code: 400,
      message: 'Invalid request',
      errors: [
        { field: 'title', message: 'This field is required' },
        { field: 'triad', message: 'Triad not found' },
      ],
    });
    expect((await app.inject({ method: 'GET', url: '/fr/fail' })).json()).toEqual({
      code: 400,
      message: 'Requête invalide',
      errors: [
        { field: 'title', message: 'Ce champ est obligatoire' },
        { field: 'triad', message: 'Trinôme introuvable' },
      ],
    });
    await app.close();
  });

  it('answers 503 with Retry-After when the database cannot be reached (a restart, a failover), 500 for anything else', async () => {
    const app = Fastify();
    app.decorateRequest('locale', 'fr');
    installErrorHandler(app);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    app.get('/refused', async () => {
      throw new Error('Failed query: select 1', { cause: refused });
    });
    app.get('/shutdown', async () => {
      throw shutdown;
    });
    app.get('/lost', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/bug', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    });
    for (const url of ['/refused', '/shutdown', '/lost']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        code: 503,
        message: 'Le service est momentanément indisponible, réessayez dans quelques instants',
      });
    }
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});
