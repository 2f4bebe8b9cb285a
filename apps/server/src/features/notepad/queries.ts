import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notepads, trainingCourses, users } from '../../db/schema/index.js';

export type NoteRow = Awaited<ReturnType<typeof listTriadNotes>>[number];

/** Notes of a triad with their author, pinned first then newest. */
export function listTriadNotes(db: DbOrTx, triadId: number) {
  return db
    .select({
      note: notepads,
      user: { id: users.id, fullName: sql<string>`${users.firstName} || ' ' || ${users.lastName}` },
    })
    .from(notepads)
    .innerJoin(users, eq(users.id, notepads.userId))
    .where(eq(notepads.triadId, triadId))
    .orderBy(desc(notepads.pinned), desc(notepads.createdAt), desc(notepads.id));
}

export async function findNote(db: DbOrTx, id: number) {
  const [row] = await db.select().from(notepads).where(eq(notepads.id, id)).limit(1);
  return row ?? null;
}

export async function insertNote(db: DbOrTx, values: typeof notepads.$inferInsert): Promise<number> {
  const [row] = await db.insert(notepads).values(values).returning({ id: notepads.id });
  if (!row) throw new Error('note insert returned nothing');
  return row.id;
}

export async function updateNote(db: DbOrTx, id: number, values: { title: string; text: string }): Promise<void> {
  await db
    .update(notepads)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notepads.id, id));
}

export async function deleteNote(db: DbOrTx, id: number): Promise<void> {
  await db.delete(notepads).where(eq(notepads.id, id));
}

/** Flips the pinned flag in one statement and answers the new value. */
export async function togglePinned(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .update(notepads)
    .set({ pinned: sql`not ${notepads.pinned}` })
    .where(eq(notepads.id, id))
    .returning({ pinned: notepads.pinned });
  return row?.pinned ?? false;
}

/** The course's notepad settings (spec 3 §1 notepad): who may add notes, and the page's title. */
export async function findNotepadSettings(db: DbOrTx, courseId: number) {
  const [row] = await db
    .select({ writers: trainingCourses.notepadWriters, title: trainingCourses.notepadTitle })
    .from(trainingCourses)
    .where(eq(trainingCourses.id, courseId))
    .limit(1);
  return row ?? { writers: [], title: null };
}
