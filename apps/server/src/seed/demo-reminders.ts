import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { questionnaires } from '../db/schema/index.js';

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** A calendar day of Europe/Paris (the reminders' calendar) `offsetDays` after `today`. */
function isoDay(today: Date, offsetDays: number): string {
  const [year, month, day] = PARIS_DAY.format(today).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + offsetDays)).toISOString().slice(0, 10);
}

/** Reminder dates of the open demo questionnaires (decision 016), in the days to come: none is sent at start. */
const REMINDERS: { title: string; first: number; second: number }[] = [
  { title: 'Accueil en entreprise', first: 3, second: 17 },
  { title: 'Visite en entreprise', first: 7, second: 21 },
];

/** Gives the demo course's open questionnaires their first and second reminder dates (issue 6 demo data). */
export async function insertDemoReminders(tx: Tx, courseId: number, today = new Date()): Promise<void> {
  for (const reminder of REMINDERS) {
    await tx
      .update(questionnaires)
      .set({ firstReminder: isoDay(today, reminder.first), secondReminder: isoDay(today, reminder.second) })
      .where(and(eq(questionnaires.trainingCourseId, courseId), eq(questionnaires.title, reminder.title)));
  }
}
