import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { answerComments, answers, documents, notepads, replies, timelineEntries, triads, triadUsers, users } from '../db/schema/index.js';

/** Every string inside an answer's value (texts, choices, rows), tags removed. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/<[^>]*>/g, ' ')];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** `name` as a whole word (accented letters count as letters, so "Léa" is not found in "Léandre"). */
const names = (text: string, name: string) => new RegExp(`(?<!\\p{L})${name}(?!\\p{L})`, 'u').test(text);

/**
 * Demo texts belong to their triad (issue 11 §10): a reply, a note, a document or a timeline entry of
 * a triad names only the people of that triad, never another apprentice.
 */
describe('demo texts', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('name only the members of the triad they belong to', async () => {
    const { db } = test.app.ctx;
    const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users);
    const members = new Map<number, Set<number>>();
    for (const triad of await db.select().from(triads)) {
      const ids = [
        triad.apprenticeId,
        triad.tutorId,
        triad.tutor2Id,
        triad.apprenticeMasterId,
        triad.apprenticeMaster2Id,
        triad.companyManagerId,
      ];
      members.set(triad.id, new Set(ids.filter((id): id is number => id !== null)));
    }
    for (const row of await db.select().from(triadUsers)) members.get(row.triadId)?.add(row.userId);

    const texts: { triadId: number; where: string; text: string }[] = [];
    const answerRows = await db
      .select({ triadId: replies.triadId, value: answers.value, answerComment: answers.answerComment })
      .from(answers)
      .innerJoin(replies, eq(replies.id, answers.replyId));
    for (const row of answerRows) {
      for (const text of [...textsOf(row.value), row.answerComment ?? '']) texts.push({ triadId: row.triadId, where: 'answer', text });
    }
    const commentRows = await db
      .select({ triadId: replies.triadId, text: answerComments.value })
      .from(answerComments)
      .innerJoin(answers, eq(answers.id, answerComments.answerId))
      .innerJoin(replies, eq(replies.id, answers.replyId));
    texts.push(...commentRows.map((row) => ({ ...row, where: 'answer comment' })));
    for (const row of await db.select().from(notepads))
      texts.push({ triadId: row.triadId, where: 'note', text: `${row.title} ${row.text}` });
    for (const row of await db.select().from(documents).where(isNotNull(documents.triadId))) {
      texts.push({ triadId: row.triadId as number, where: 'document', text: `${row.title} ${row.text ?? ''}` });
    }
    for (const row of await db.select().from(timelineEntries))
      texts.push({ triadId: row.triadId, where: 'timeline', text: `${row.titlePart1} ${row.titlePart2}` });
    expect(texts.filter((entry) => entry.where === 'answer').length).toBeGreaterThan(3);

    const strangers = texts.flatMap(({ triadId, where, text }) =>
      people
        .filter((person) => !members.get(triadId)?.has(person.id) && names(text, person.firstName))
        .map((person) => `${where} of triad ${triadId} names ${person.firstName} ${person.lastName}: ${text.trim().slice(0, 80)}`),
    );
    expect(strangers).toEqual([]);
  });
});
