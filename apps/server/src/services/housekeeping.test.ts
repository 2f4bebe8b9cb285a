import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginThrottle, passwordResetTokens, refreshTokens, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { purgeExpired } from './housekeeping.js';

describe('purgeExpired', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('deletes finished throttling counters, dead refresh families and old reset links, and keeps the rest', async () => {
    const { db } = test.app.ctx;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'apprenti'));
    const userId = user!.id;
    const now = new Date('2026-06-01T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const hour = 3600 * 1000;
    await db.insert(loginThrottle).values([
      { key: 'user:old', failures: 3, windowStart: ago(2 * hour), lockedUntil: null },
      { key: 'user:locked', failures: 5, windowStart: ago(2 * hour), lockedUntil: new Date(now.getTime() + hour) },
      { key: 'user:recent', failures: 1, windowStart: ago(60 * 1000), lockedUntil: null },
    ]);
    const token = (hash: string, expiresAt: Date) => ({
      userId,
      tokenHash: hash.padEnd(64, '0'),
      familyId: randomUUID(),
      platformId: 1,
      expiresAt,
    });
    await db.insert(refreshTokens).values([token('dead', ago(2 * 24 * hour)), token('alive', new Date(now.getTime() + hour))]);
    await db.insert(passwordResetTokens).values([
      { userId, tokenHash: 'old'.padEnd(64, '0'), expiresAt: ago(2 * 24 * hour) },
      { userId, tokenHash: 'new'.padEnd(64, '0'), expiresAt: new Date(now.getTime() + hour) },
    ]);

    expect(await purgeExpired(db, now, 900)).toEqual({ throttle: 1, refreshTokens: 1, resetTokens: 1 });
    const keys = (await db.select({ key: loginThrottle.key }).from(loginThrottle)).map((row) => row.key).sort();
    expect(keys).toEqual(['user:locked', 'user:recent']);
    expect((await db.select().from(refreshTokens)).map((row) => row.tokenHash.replace(/0+$/, ''))).toEqual(['alive']);
    expect((await db.select().from(passwordResetTokens)).map((row) => row.tokenHash.replace(/0+$/, ''))).toEqual(['new']);
    expect(await purgeExpired(db, now, 900)).toEqual({ throttle: 0, refreshTokens: 0, resetTokens: 0 });
  });

  it('keeps a counter until a whole window has passed since its lock ended, and a reset counter for its hour', async () => {
    const { db } = test.app.ctx;
    await db.delete(loginThrottle);
    const now = new Date('2026-06-02T12:00:00Z');
    const minutes = (count: number) => count * 60 * 1000;
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db.insert(loginThrottle).values([
      // The longest delay (15 min) ended a minute ago: its count must survive, or waiting out the
      // lock would hand the guesser a fresh set of free failures (decision 021).
      { key: 'pair:10.0.0.1|apprenti', failures: 13, windowStart: ago(minutes(16)), lockedUntil: ago(minutes(1)) },
      // Reset mails are counted per hour: 20 minutes in, the count still holds.
      { key: 'reset:apprenti', failures: 3, windowStart: ago(minutes(20)), lockedUntil: null },
      { key: 'pair:10.0.0.2|tuteur', failures: 5, windowStart: ago(minutes(90)), lockedUntil: ago(minutes(70)) },
    ]);

    expect((await purgeExpired(db, now, 900)).throttle).toBe(1);
    const keys = (await db.select({ key: loginThrottle.key }).from(loginThrottle)).map((row) => row.key).sort();
    expect(keys).toEqual(['pair:10.0.0.1|apprenti', 'reset:apprenti']);
  });
});
