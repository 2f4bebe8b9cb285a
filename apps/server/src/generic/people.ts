import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import { triads, triadUsers, userPlatforms, users } from '../db/schema/index.js';
import { unreachableAmong } from '../services/manager-reach.js';
import type { Scope } from './types.js';

/** A person as a triad form or an import line names them; matched by e-mail on the platform. */
export type PersonInput = { lastName: string; firstName: string; email: string; type: string | null };
export type KnownPerson = { id: number; firstName: string; lastName: string; email: string };

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

export const emailKey = (email: string) => email.trim().toLowerCase();

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) parts.push(items.slice(start, start + CHUNK));
  return parts;
}

/**
 * The platform's users by lower-cased e-mail, in one query per thousand addresses. When several
 * accounts share an address, the oldest one is the person (users.email is not unique).
 */
export async function findPeopleByEmail(db: DbOrTx, platformId: number, emails: readonly string[]): Promise<Map<string, KnownPerson>> {
  const found = new Map<string, KnownPerson>();
  const keys = [...new Set(emails.map(emailKey))];
  for (const part of chunks(keys)) {
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
      .where(inArray(sql`lower(${users.email})`, part))
      .orderBy(asc(users.id));
    for (const row of rows) {
      const key = emailKey(row.email);
      if (!found.has(key)) found.set(key, row);
    }
  }
  return found;
}

/**
 * Usernames for new accounts: the e-mail itself, or the e-mail with a random suffix when another
 * account (of any platform: usernames are unique across the deployment) already holds it.
 */
async function freeUsernames(tx: DbOrTx, emails: readonly string[]): Promise<Map<string, string>> {
  const taken = new Set<string>();
  for (const part of chunks(emails.map(emailKey))) {
    const rows = await tx
      .select({ username: sql<string>`lower(${users.username})` })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, part));
    for (const row of rows) taken.add(row.username);
  }
  return new Map(
    emails.map((email) => {
      const key = emailKey(email);
      return [key, taken.has(key) ? `${key}-${randomBytes(3).toString('hex')}` : key];
    }),
  );
}

/**
 * Creates the people who are not users of the platform yet: no password (the welcome e-mail sets
 * it), linked to the platform. Batched: a thousand people cost a handful of statements.
 */
async function createPeople(tx: Tx, platformId: number, people: readonly PersonInput[]): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  if (people.length === 0) return created;
  const usernames = await freeUsernames(
    tx,
    people.map((person) => person.email),
  );
  for (const part of chunks(people)) {
    const rows = await tx
      .insert(users)
      .values(
        part.map((person) => ({
          username: usernames.get(emailKey(person.email))!,
          email: person.email.trim(),
          passwordHash: null,
          firstName: person.firstName,
          lastName: person.lastName,
          type: person.type,
        })),
      )
      .returning({ id: users.id, email: users.email });
    await tx.insert(userPlatforms).values(rows.map((row) => ({ userId: row.id, platformId })));
    for (const row of rows) created.set(emailKey(row.email), row.id);
  }
  return created;
}

/** The people of a form or a file by lower-cased e-mail, and the addresses refused (see resolvePeople). */
export type ResolvedPeople = { ids: Map<string, number>; refused: Set<string> };

/**
 * The user id of every person, by lower-cased e-mail: unknown addresses are created; a known
 * person is attached as they are, never given another address, and only when the caller reaches
 * them (services/manager-reach.ts), else their address is `refused` and nothing is written.
 * `kept` are the people already in the records being saved (a triad's members): they stay even
 * out of reach. With `rename` (a manager's triad form), the kept people the caller reaches take
 * the names the form gives, and a kept person out of reach may not be renamed (refused).
 */
export async function resolvePeople(
  tx: Tx,
  scope: Scope,
  people: readonly PersonInput[],
  options: { kept?: ReadonlySet<number>; rename?: boolean } = {},
): Promise<ResolvedPeople> {
  const kept = options.kept ?? new Set<number>();
  const unique = new Map<string, PersonInput>();
  for (const person of people) if (!unique.has(emailKey(person.email))) unique.set(emailKey(person.email), person);
  const known = await findPeopleByEmail(tx, scope.caller.platformId, [...unique.keys()]);
  const outOfReach = await unreachableAmong(
    tx,
    scope.caller,
    [...known.values()].map((person) => person.id),
  );
  const ids = new Map<string, number>();
  const refused = new Set<string>();
  const renames: { id: number; person: PersonInput }[] = [];
  const missing: PersonInput[] = [];
  for (const [key, person] of unique) {
    const found = known.get(key);
    if (!found) {
      missing.push(person);
      continue;
    }
    const rename =
      options.rename === true && kept.has(found.id) && (found.firstName !== person.firstName || found.lastName !== person.lastName);
    if (outOfReach.has(found.id) && (!kept.has(found.id) || rename)) {
      refused.add(key);
      continue;
    }
    ids.set(key, found.id);
    if (rename) renames.push({ id: found.id, person });
  }
  if (refused.size > 0) return { ids, refused };
  for (const { id, person } of renames) {
    await tx.update(users).set({ firstName: person.firstName, lastName: person.lastName, updatedAt: new Date() }).where(eq(users.id, id));
  }
  for (const [key, id] of await createPeople(tx, scope.caller.platformId, missing)) ids.set(key, id);
  return { ids, refused };
}

/** The ids of the people of the course's triads: the six members and the secondary users. */
export function courseUserIds(db: DbOrTx, courseId: number) {
  const member = (column: typeof triads.apprenticeId) =>
    db
      .select({ id: sql<number>`${column}`.as('id') })
      .from(triads)
      .where(and(eq(triads.trainingCourseId, courseId), sql`${column} is not null`));
  return member(triads.apprenticeId)
    .union(member(triads.tutorId))
    .union(member(triads.tutor2Id))
    .union(member(triads.apprenticeMasterId))
    .union(member(triads.apprenticeMaster2Id))
    .union(member(triads.companyManagerId))
    .union(
      db
        .select({ id: triadUsers.userId })
        .from(triadUsers)
        .innerJoin(triads, eq(triads.id, triadUsers.triadId))
        .where(eq(triads.trainingCourseId, courseId)),
    );
}
