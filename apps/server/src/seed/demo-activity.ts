import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { notepads, questionnaires, replies, timelineEntries, users } from '../db/schema/index.js';

/**
 * Notepad notes of the demo triad, one or more per profile, dated `daysAgo` before the seed. None is
 * pinned: pinning is what the notepad journey tries out from an empty pinned section.
 */
const NOTES = [
  {
    username: 'apprenti',
    profile: 1,
    daysAgo: 12,
    hour: 18,
    title: 'Questions pour la première visite',
    text: 'Demander comment sont évaluées les missions de support, et si je peux suivre le projet de migration des postes.',
  },
  {
    username: 'tuteur',
    profile: 2,
    daysAgo: 9,
    hour: 10,
    title: 'Calendrier des visites en entreprise',
    text: 'Première visite prévue fin novembre, seconde en mars. Le compte rendu est saisi dans le questionnaire « Visite en entreprise ».',
  },
  {
    username: 'maitre',
    profile: 3,
    daysAgo: 6,
    hour: 14,
    title: 'Accès aux outils de l’entreprise',
    text: 'Compte sur la forge interne et accès au ticketing créés. Badge d’accès au bâtiment B à récupérer à l’accueil.',
  },
  {
    username: 'apprenti',
    profile: 1,
    daysAgo: 2,
    hour: 9,
    title: 'Objectifs du mois',
    text: 'Terminer le module de supervision, documenter la procédure de sauvegarde, préparer la soutenance de projet.',
  },
] as const;

/** `days` before `today`, at `hour`:15 UTC. */
function daysBefore(today: Date, days: number, hour: number): Date {
  const day = new Date(today.getTime() - days * 86_400_000);
  day.setUTCHours(hour, 15, 0, 0);
  return day;
}

/**
 * The demo triad's activity (issue 4, demo data): notepad notes from the apprentice, the tutor and
 * the master, and the timeline entries of those notes and of the questionnaire signatures already
 * seeded, stamped with the same moments so that the dashboard and the screens agree.
 */
export async function insertDemoActivity(
  tx: Tx,
  params: { triadId: number; people: Map<string, number> },
  today = new Date(),
): Promise<void> {
  const nameOf = new Map(
    (await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users)).map((user) => [
      user.id,
      `${user.firstName} ${user.lastName}`,
    ]),
  );
  const entries: (typeof timelineEntries.$inferInsert)[] = [];
  for (const note of NOTES) {
    const userId = params.people.get(note.username);
    if (userId === undefined) throw new Error(`demo seed: no account ${note.username}`);
    const at = daysBefore(today, note.daysAgo, note.hour);
    await tx.insert(notepads).values({
      triadId: params.triadId,
      userId,
      profile: note.profile,
      title: note.title,
      text: note.text,
      createdAt: at,
      updatedAt: at,
    });
    entries.push({
      triadId: params.triadId,
      className: 'note',
      titlePart1: nameOf.get(userId) ?? '',
      titlePart2: note.title,
      userId,
      createdAt: at,
    });
  }
  const signed = await tx
    .select({ title: questionnaires.title, userId: replies.writerUserId, signedAt: replies.signedAt })
    .from(replies)
    .innerJoin(questionnaires, eq(questionnaires.id, replies.questionnaireId))
    .where(and(eq(replies.triadId, params.triadId), eq(replies.status, 3)));
  for (const reply of signed) {
    if (reply.userId === null || reply.signedAt === null) continue;
    entries.push({
      triadId: params.triadId,
      className: 'questionnaire',
      titlePart1: nameOf.get(reply.userId) ?? '',
      titlePart2: reply.title,
      userId: reply.userId,
      createdAt: reply.signedAt,
    });
  }
  await tx.insert(timelineEntries).values(entries);
}
