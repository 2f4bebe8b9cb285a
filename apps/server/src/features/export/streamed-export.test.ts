import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, trainingCourses, triads } from '../../db/schema/index.js';
import { batchReader } from '../../generic/batched-rows.js';
import { streamWorkbook } from '../../generic/xlsx.js';
import { demoCourseId } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { bearer } from '../../test/login.js';
import { sheetRows } from '../../test/read-xlsx.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const MANY = 5_000;

/** Decision 032: exports stream, their rows read in batches, and a refusal is still a JSON error. */
describe('streamed exports', () => {
  let test: TestApp;
  let admin: string;
  let courseId: number;
  const get = (token: string, path: string) => test.app.inject({ method: 'GET', url: `/api/fr/app${path}`, headers: bearer(token) });

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    courseId = await demoCourseId(test.app);
    const [triad] = await test.app.ctx.db.select({ id: triads.id }).from(triads).where(eq(triads.trainingCourseId, courseId)).limit(1);
    // 5,000 contracts on one triad, in one statement: numbers that sort as they were made.
    await test.app.ctx.db.execute(sql`
      insert into contracts (triad_id, contract_number, start_date)
      select ${triad!.id}, 'FLUX-' || lpad(i::text, 5, '0'), date '2025-09-01' from generate_series(1, ${MANY}) i`);
  });
  afterAll(async () => test?.close());

  it('writes every one of 5,000 contracts into a complete workbook sent without a length', async () => {
    const response = await get(admin, '/admin/export/5');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await sheetRows(response.rawPayload);
    const [all] = await test.app.ctx.db.select({ n: count() }).from(contracts);
    expect(rows).toHaveLength(all!.n + 1);
    expect(rows[0]![5]).toBe('Numéro de contrat');
    const numbers = rows.map((row) => row[5]).filter((value) => value?.startsWith('FLUX-'));
    expect(numbers).toHaveLength(MANY);
    const expected = await test.app.ctx.db
      .select({ number: contracts.contractNumber })
      .from(contracts)
      .where(like(contracts.contractNumber, 'FLUX-%'))
      .orderBy(contracts.contractNumber);
    // The sheet's order (course, apprentice, start date) ties on these: the same numbers, each once.
    expect([...numbers].sort()).toEqual(expected.map((row) => row.number));
    expect(rows.find((row) => row[5] === 'FLUX-00001')![9]).toBe('01/09/2025');
  });

  it('reads a query in batches of the size asked, every row once', async () => {
    const sizes: number[] = [];
    const seen: string[] = [];
    await batchReader(test.app.ctx.database, 700)(
      sql`select contract_number from contracts where contract_number like 'FLUX-%' order by contract_number`,
      async (rows) => {
        sizes.push(rows.length);
        seen.push(...rows.map((row) => String(row.contract_number)));
      },
    );
    expect(sizes.slice(0, -1).every((size) => size === 700)).toBe(true);
    expect(seen).toHaveLength(MANY);
    expect(new Set(seen).size).toBe(MANY);
  });

  it('stops writing (and reading) when the client goes away instead of waiting for it', async () => {
    const output = new PassThrough({ highWaterMark: 1024 });
    let batches = 0;
    const written = streamWorkbook(output, 'lignes', ['texte'], [40], async (add) => {
      for (let batch = 0; batch < 1000; batch++) {
        batches += 1;
        // A batch read from the database takes a turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        // Incompressible cells, so that the zip's output fills the stream nobody reads.
        await add(Array.from({ length: 50 }, () => [randomBytes(48).toString('base64')]));
      }
    });
    setTimeout(() => output.destroy(), 100);
    await expect(written).rejects.toThrow(/closed/);
    expect(batches).toBeLessThan(1000);
  });

  it('answers a refusal as JSON before any byte of a file', async () => {
    const manager = await tokenFor(test.app, 'manager');
    const refused = await get(manager, '/admin/export/5');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    const notOffered = await get(manager, `/lea-manager/${courseId}/export/7`);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toHaveProperty('message');
    const [course] = await test.app.ctx.db
      .select({ id: trainingCourses.id })
      .from(trainingCourses)
      .orderBy(sql`id desc`)
      .limit(1);
    const missing = await get(admin, `/lea-manager/${course!.id + 1000}/export/5`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });
});
