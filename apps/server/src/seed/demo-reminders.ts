import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { questionnaires } from '../db/schema/index.js';
import { parisDayAfter as isoDay } from './paris-day.js';

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
