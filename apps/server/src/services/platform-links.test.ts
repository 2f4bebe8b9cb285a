import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForeignCourse } from '../test/foreign-course.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { platformLinks } from './platform-url.js';

/** The mails that link to the portal (reminders, digests, notices, the calendar feed) use the platform's own hostname. */
describe('platformLinks', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it("answers a platform's name and its links' base on its hostname", async () => {
    const { platformId } = await createForeignCourse(test.app.ctx.db, 'cfa-sud.example.org');
    expect(await platformLinks(test.app.ctx.db, 'https://lea.example.org:8443', platformId)).toEqual({
      name: 'CFA cfa-sud.example.org',
      baseUrl: 'https://cfa-sud.example.org:8443',
    });
  });

  it('keeps PUBLIC_URL for the demo platform (localhost) and for an unknown platform', async () => {
    const demo = await platformLinks(test.app.ctx.db, 'http://localhost:3000', 1);
    expect(demo.baseUrl).toBe('http://localhost:3000');
    expect(await platformLinks(test.app.ctx.db, 'http://localhost:3000', 2_000_000)).toEqual({
      name: 'lea',
      baseUrl: 'http://localhost:3000',
    });
  });
});
