import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_LINES, MESSAGES } from '@lea/shared';
import { triads, users, workLocks } from '../db/schema/index.js';
import { managerClient, useManagerFixture, type ManagerCall } from './test-helpers.js';
import { TRIAD_HEADERS, streamedWorkbook, triadLine } from './xlsx-test-files.js';

/** The largest growth of the V8 heap seen while `work` runs (sampled every 5 ms) and right after it. */
async function heapGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage().heapUsed) - base };
  } finally {
    clearInterval(timer);
  }
}

const MiB = 1024 * 1024;

describe('xlsx import limits: size, lines, one import per course, a server that keeps answering', () => {
  const fixture = useManagerFixture();
  const db = () => fixture.test.app.ctx.db;
  const lockKey = () => `import:course:${fixture.courseId}`;
  const lockRows = () => db().select().from(workLocks).where(eq(workLocks.key, lockKey()));

  const upload = async (bytes: Buffer, token = fixture.token) => {
    const response = await fixture.test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${token}` },
      payload: { data: bytes.toString('base64'), originalName: 'trinomes.xlsx', type: 'import' },
    });
    const object = response.json().responses[0].object;
    return { id: object.id as number, originalName: object.originalName as string };
  };
  const postImport = (file: { id: number; originalName: string }, client: ManagerCall = fixture.call) =>
    client('POST', '/triad/import-post', { form: [{ code: 'import', form: { file } }], update: false });
  const counts = async () => ({
    triads: (await db().select({ n: count() }).from(triads))[0]!.n,
    users: (await db().select({ n: count() }).from(users))[0]!.n,
  });

  it('refuses a zip bomb from its directory, before inflating it', async () => {
    // About 100 MiB of sheet once unzipped, in 3 MiB: the shape of the audit's 10 MiB → 347 MiB file.
    const padded = (index: number) => [...triadLine('bomb')(index).slice(0, 10), 'Lorem ipsum dolor sit amet '.repeat(80), '', '', 'oui'];
    const bomb = await streamedWorkbook(TRIAD_HEADERS, 45_000, padded);
    const file = await upload(bomb);
    const before = await counts();
    const { result, growth } = await heapGrowthDuring(() => postImport(file));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({
      hasError: true,
      created: 0,
      updated: 0,
      errors: [],
      validationErrors: [{ field: 'file', message: MESSAGES.importTooLarge }],
    });
    expect(growth).toBeLessThan(32 * MiB);
    expect(await counts()).toEqual(before);
    expect(await lockRows()).toEqual([]);
  }, 60_000);

  it(`refuses a file of more than ${IMPORT_MAX_LINES} lines without reading past the limit, and writes nothing`, async () => {
    // The XML is broken after the lines: a reader that went on past the limit would call it unreadable.
    const long = await streamedWorkbook(
      TRIAD_HEADERS,
      IMPORT_MAX_LINES + 1,
      triadLine('long'),
      '<row r="999999"><c r="A999999" t="inlineStr"><is><t>',
    );
    const before = await counts();
    const response = await postImport(await upload(long));
    expect(response.json()).toEqual({
      hasError: true,
      created: 0,
      updated: 0,
      errors: [],
      validationErrors: [{ field: 'file', message: MESSAGES.importTooLong }],
    });
    expect(await counts()).toEqual(before);
  }, 60_000);

  it("leaves a course to the import another process runs, until that process's lock expires", async () => {
    const file = await upload(await streamedWorkbook(TRIAD_HEADERS, 1, triadLine('crashed')));
    await db()
      .insert(workLocks)
      .values({ key: lockKey(), holder: 'another-process', expiresAt: new Date(Date.now() + 60_000) });
    const refused = await postImport(file);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 409, message: MESSAGES.importRunning });
    expect(await lockRows()).toMatchObject([{ holder: 'another-process' }]);

    await db()
      .update(workLocks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workLocks.key, lockKey()));
    expect((await postImport(file)).json()).toMatchObject({ hasError: false, created: 1 });
    expect(await lockRows()).toEqual([]);
  });

  it('runs one import per course at a time: a second one is refused while the first runs, which still succeeds; another course imports beside it', async () => {
    const first = await upload(await streamedWorkbook(TRIAD_HEADERS, 2000, triadLine('first')));
    const second = await upload(await streamedWorkbook(TRIAD_HEADERS, 1, triadLine('second')));
    const otherCourse = managerClient(fixture.test.app, fixture.other.courseId, fixture.other.managerToken);
    const beside = await upload(await streamedWorkbook(TRIAD_HEADERS, 1, triadLine('beside')), fixture.other.managerToken);

    let firstDone = false;
    const running = postImport(first).finally(() => {
      firstDone = true;
    });
    let held = false;
    while (!firstDone && !held) {
      held = (await lockRows()).length > 0;
      if (!held) await sleep(5);
    }
    expect(held).toBe(true);
    const refused = await postImport(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 409, message: MESSAGES.importRunning });
    expect((await postImport(beside, otherCourse)).json()).toMatchObject({ hasError: false, created: 1 });
    expect((await running).json()).toMatchObject({ hasError: false, created: 2000 });
    expect(await lockRows()).toEqual([]);
  }, 60_000);

  it(`answers other requests while a legal import of ${IMPORT_MAX_LINES} lines and 25 MiB runs, giving the event loop turns all along`, async () => {
    // A notes column the import does not read makes each line about 4 KiB of XML.
    const header = [...TRIAD_HEADERS, 'Commentaire'];
    const noted = (index: number) => [...triadLine('busy')(index), createHash('sha256').update(String(index)).digest('hex').repeat(64)];
    const file = await upload(await streamedWorkbook(header, IMPORT_MAX_LINES, noted));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let importDone = false;
    const importing = postImport(file).finally(() => {
      importDone = true;
    });
    // One health check after another while the import runs, each after a turn of the event loop (setImmediate: an
    // injected request alone never leaves the microtask queue, which would starve the import). No clock: an import
    // that held the loop until its end would let at most one of them through.
    const answered: number[] = [];
    while (!importDone) {
      await new Promise((resolve) => setImmediate(resolve));
      if (!importDone) answered.push((await fixture.test.app.inject({ method: 'GET', url: '/health' })).statusCode);
    }
    const response = await importing;
    // A stall that ends with the import is only recorded by the next tick of the monitor.
    await sleep(50);
    delay.disable();
    expect(response.json()).toMatchObject({ hasError: false, created: IMPORT_MAX_LINES });
    expect(answered.length).toBeGreaterThanOrEqual(5);
    expect(new Set(answered)).toEqual(new Set([200]));
    // Reported, not asserted (timed assertions do not belong in tests): the figure depends on the machine's load.
    console.log(
      `[measure] ${fixture.test.engine}: ${answered.length} health checks answered and longest event-loop delay ${Math.round(delay.max / 1e6)} ms during an import of ${IMPORT_MAX_LINES} lines (25 MiB of XML)`,
    );
  }, 120_000);
});
