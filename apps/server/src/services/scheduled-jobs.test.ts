import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openSecondProcess, type SecondProcess } from '../test/second-process.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { scheduleJob } from './scheduled-jobs.js';

const quiet = { debug: () => {}, info: () => {}, error: () => {} };

describe('scheduled jobs (decision 036)', () => {
  let test: TestApp;
  let second: SecondProcess | null;
  beforeAll(async () => {
    test = await createTestApp({ seed: false });
    second = await openSecondProcess(test);
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
  });

  it('run in one process at a time: a run while another holds the job skips its turn, the next turn runs', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    // The first schedule's immediate run holds the lock until released.
    const first = scheduleJob(test.app.ctx.db, quiet, {
      name: 'test-job',
      intervalMs: 3_600_000,
      lockSeconds: 60,
      work: async () => {
        runs.push('first');
        await held;
        return null;
      },
      report: () => null,
    });
    const otherDb = second?.app.ctx.db ?? test.app.ctx.db;
    // Let the first run take the lock before the other process starts.
    while (runs.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const other = scheduleJob(otherDb, quiet, {
      name: 'test-job',
      intervalMs: 3_600_000,
      lockSeconds: 60,
      work: async () => {
        runs.push('other');
        return null;
      },
      report: () => null,
    });
    await other.run();
    expect(runs).toEqual(['first']);
    release();
    // Once the first run has ended (and freed the lock), each process's next turn runs.
    await eventually(async () => {
      await other.run();
      return runs.includes('other');
    });
    await first.run();
    expect(runs.filter((run) => run === 'first')).toHaveLength(2);
    first.stop();
    other.stop();
  });
});
