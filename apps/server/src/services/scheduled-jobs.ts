import type { Db } from '../db/client.js';
import { tryWorkLock } from './work-locks.js';

type Logger = {
  debug: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type ScheduledJob = {
  /** Runs the job now (unless another process is running it); settles when done or skipped. */
  run(): Promise<void>;
  stop(): void;
};

type JobOptions<T> = {
  /** The job's work-lock key (`job:<name>`) and its name in the logs. */
  name: string;
  intervalMs: number;
  /** The longest run: past it the lock frees itself (a process that died while running the job). */
  lockSeconds: number;
  work: () => Promise<T>;
  /** What to log after a run that did something; nothing when it answers null. */
  report: (value: T) => { obj: object; msg: string } | null;
};

/**
 * A job every server process schedules at start and then every `intervalMs` (decision 036): each run
 * holds the job's work lock in the database, so that across the processes behind the load balancer
 * one runs it at a time and the others skip that turn. The work itself stays safe to run twice
 * (claims in the database), the lock saving the duplicate effort and the races.
 */
export function scheduleJob<T>(db: Db, log: Logger, options: JobOptions<T>): ScheduledJob {
  const run = async () => {
    try {
      const outcome = await tryWorkLock(db, `job:${options.name}`, options.lockSeconds, options.work);
      if (!outcome.ran) {
        log.debug({ job: options.name }, 'scheduled job skipped: another process runs it');
        return;
      }
      const line = options.report(outcome.value);
      if (line) log.info({ job: options.name, ...line.obj }, line.msg);
    } catch (error) {
      log.error({ job: options.name, err: error instanceof Error ? error.message : String(error) }, `${options.name} failed`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
