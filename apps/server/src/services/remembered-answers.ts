/**
 * The answers of the busiest reads, kept per server process as the bytes that were sent, by course
 * (decision 042). Database triggers (migration 0014) announce every write by the course it touched, or
 * "any course" (null); the cache bus (services/shared-cache.ts) hands those notices here, and a write
 * answered by this process forgets everything here at once (its notice may arrive a moment later).
 *
 * An answer read while a notice about its course (or about any course) arrived is not kept: it may
 * be older than that change. An entry also lives `ttlMs` at most, and no longer than the hour it was
 * read in (the answers that depend on the day change at midnight, Paris time, a whole UTC hour).
 */

/** The course whose writes make an answer old, or null: any course's. */
export type AnswerCourse = number | null;

export type RememberedAnswer = {
  /** The JSON sent, as bytes. */
  body: Buffer;
  /** The same compressed, by encoding, made when first asked for. */
  encoded: Map<string, Buffer>;
};

type Entry = RememberedAnswer & { key: string; course: AnswerCourse; expires: number; hour: number };

/** Where a read started in the stream of notices: `keep` refuses what a later notice may have changed. */
export type ReadMark = number;

export type AnswerLimits = { maxBytes: number; maxEntries: number; ttlMs: number };

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = { maxBytes: 64 * 1024 * 1024, maxEntries: 5000, ttlMs: 60_000 };

/** How many recent notices are remembered to judge a read that overlapped them; a longer read is not kept. */
const NOTICE_LOG_SIZE = 1024;

const hourOf = (now: number) => Math.floor(now / 3_600_000);

export class RememberedAnswers {
  private readonly entries = new Map<string, Entry>();
  /** Keys by course; `null` holds the answers that any course's change makes old. */
  private readonly byCourse = new Map<AnswerCourse, Set<string>>();
  private bytes = 0;
  /** Notices heard so far; the last NOTICE_LOG_SIZE of them, by their number modulo the size. */
  private heard = 0;
  private readonly log: AnswerCourse[] = new Array<AnswerCourse>(NOTICE_LOG_SIZE).fill(null);
  /** Reads in flight by key: the requests that miss meanwhile wait for the same one. */
  private readonly reading = new Map<string, Promise<RememberedAnswer>>();

  constructor(
    private readonly enabled: () => boolean,
    private readonly limits: AnswerLimits = DEFAULT_ANSWER_LIMITS,
  ) {}

  /** The answer kept under `key`, if still fresh. */
  get(key: string, now = Date.now()): RememberedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now || entry.hour !== hourOf(now) || !this.enabled()) {
      this.remove(key);
      return undefined;
    }
    // Least recently used first: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The answer under `key`: the kept one, else the one a read already running for it gives, else what
   * `read` answers (kept for its course unless a change of it was heard meanwhile). A failed read fails
   * every request that waited for it (they share its key: the same caller and request).
   */
  async answer(key: string, read: () => Promise<{ body: Buffer; course: AnswerCourse }>): Promise<RememberedAnswer> {
    const kept = this.get(key);
    if (kept) return kept;
    const running = this.reading.get(key);
    if (running) return running;
    const mark = this.mark();
    const reading = read().then(({ body, course }) => this.keep(key, body, course, mark) ?? { body, encoded: new Map() });
    this.reading.set(key, reading);
    try {
      return await reading;
    } finally {
      if (this.reading.get(key) === reading) this.reading.delete(key);
    }
  }

  /** Taken before a read: what `keep` checks the notices heard since against. */
  mark(): ReadMark {
    return this.heard;
  }

  /** Keeps what a read started at `mark` answered, unless a change of its course was heard since. */
  keep(key: string, body: Buffer, course: AnswerCourse, mark: ReadMark, now = Date.now()): RememberedAnswer | null {
    if (!this.enabled() || body.length > this.limits.maxBytes / 4 || this.changedSince(mark, course)) return null;
    this.remove(key);
    const entry: Entry = { key, body, encoded: new Map(), course, expires: now + this.limits.ttlMs, hour: hourOf(now) };
    this.entries.set(key, entry);
    let keys = this.byCourse.get(course);
    if (!keys) this.byCourse.set(course, (keys = new Set()));
    keys.add(key);
    this.bytes += body.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) break;
      this.remove(oldest);
    }
    return entry;
  }

  /** The answer's body compressed by `encoding`, made once per kept answer (and counted in its budget). */
  encodedBody(answer: RememberedAnswer, encoding: string, make: () => Buffer): Buffer {
    let encoded = answer.encoded.get(encoding);
    if (!encoded) {
      encoded = make();
      answer.encoded.set(encoding, encoded);
      if ('key' in answer && this.entries.get(answer.key as string) === answer) this.bytes += encoded.length;
    }
    return encoded;
  }

  /** A course changed (null: any course, or something every answer may show): its answers go. */
  forget(course: AnswerCourse): void {
    this.log[this.heard % NOTICE_LOG_SIZE] = course;
    this.heard += 1;
    // A read already running may be older than this change: later requests do not wait for it.
    this.reading.clear();
    if (course === null) {
      this.entries.clear();
      this.byCourse.clear();
      this.bytes = 0;
      return;
    }
    for (const scope of [course, null]) for (const key of this.byCourse.get(scope) ?? []) this.remove(key);
  }

  /** Entries and bytes held now (the tests' probe). */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private changedSince(mark: ReadMark, course: AnswerCourse): boolean {
    if (this.heard - mark > NOTICE_LOG_SIZE) return true;
    for (let index = mark; index < this.heard; index++) {
      const changed = this.log[index % NOTICE_LOG_SIZE];
      if (changed === null || course === null || changed === course) return true;
    }
    return false;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.byCourse.get(entry.course)?.delete(key);
    this.bytes -= entry.body.length;
    for (const encoded of entry.encoded.values()) this.bytes -= encoded.length;
  }
}
