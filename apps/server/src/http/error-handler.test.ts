import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './error-handler.js';

describe('error handler', () => {
  it('answers 400 with field messages for a ZodError thrown inside a handler, and logs it as an error', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) });
    const app = Fastify({ logger: { level: 'error', stream } });
    installErrorHandler(app);
    app.get('/parse', async () => z.object({ user: z.object({ name: z.string() }) }).parse({ user: {} }));
    const response = await app.inject({ method: 'GET', url: '/parse' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Invalid request',
      errors: [{ field: 'user.name', message: 'Invalid input: expected string, received undefined' }],
    });
    expect(lines.some((line) => line.includes('ZodError') && line.includes('/parse'))).toBe(true);
    await app.close();
  });
});
