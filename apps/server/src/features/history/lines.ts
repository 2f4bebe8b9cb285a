import { inArray } from 'drizzle-orm';
import type { HistoryLine, Locale } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { profileTitlesOf, titleOf, type ProfileTitles } from '../../services/profile-titles.js';
import { text } from '../../texts/index.js';
import type { HistoryRow } from './queries.js';

type Person = { id: number; fullName: string };

/** The people named by the lines, by id (a deleted user's id stays unnamed). */
export async function peopleOf(db: DbOrTx, ids: readonly (number | null)[]): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id, fullName: `${row.firstName} ${row.lastName}` }]));
}

function labelOf(row: HistoryRow, people: Map<number, Person>, locale: Locale, titles: ProfileTitles): string {
  const details = row.details ?? {};
  switch (row.type) {
    case 'connection':
      // How the session was opened (issue 20 §1, §2): by password unless the line says otherwise.
      if (details.method === 'email-code') return text(locale, 'history.connectionEmailCode');
      if (details.method === 'email-link') return text(locale, 'history.connectionEmailLink');
      if (details.method === 'sso') return text(locale, 'history.connectionSso', { provider: String(details.provider ?? '') });
      return text(locale, 'history.type.connection');
    case 'impersonation':
      return text(locale, 'history.switchTo', { name: (row.userId !== null && people.get(row.userId)?.fullName) || '?' });
    case 'signature': {
      const signed = {
        questionnaire: String(details.questionnaire ?? ''),
        profile: typeof details.profile === 'number' ? titleOf(titles, details.profile) : '',
      };
      if (details.method === 'email-code' || details.method === 'email-link') return text(locale, 'history.signedAfterEmail', signed);
      if (details.method === 'sso') return text(locale, 'history.signedAfterSso', signed);
      if (details.method !== 'paper') return text(locale, 'history.signed', signed);
      // A signature given on paper (issue 20 §3): the day on the page and who recorded it.
      const recorder = typeof details.recordedBy === 'number' ? people.get(details.recordedBy)?.fullName : undefined;
      return text(locale, 'history.signedOnPaper', {
        ...signed,
        date: String(details.signedOn ?? '')
          .split('-')
          .reverse()
          .join('/'),
        name: recorder ?? '?',
      });
    }
    default:
      // A first single sign-on linking the account (issue 20 §2).
      if (row.action === 'user.sso-link') return text(locale, 'history.ssoLinked', { provider: String(details.provider ?? '') });
      return row.entity !== null && row.entityId !== null
        ? text(locale, 'history.written', { action: row.action, entity: row.entity, id: row.entityId })
        : text(locale, 'history.writtenNoEntity', { action: row.action });
  }
}

/** The lines as the screens and the xlsx show them: in words, with the people named and the platform's profile titles. */
export async function describeLines(db: DbOrTx, rows: HistoryRow[], locale: Locale, platformId: number): Promise<HistoryLine[]> {
  const [people, titles] = await Promise.all([
    peopleOf(
      db,
      rows.flatMap((row) => [row.userId, row.impersonatorId, typeof row.details?.recordedBy === 'number' ? row.details.recordedBy : null]),
    ),
    profileTitlesOf(db, platformId),
  ]);
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    type: row.type,
    action: row.action,
    label: labelOf(row, people, locale, titles[locale]),
    user: person(row.userId),
    impersonator: person(row.impersonatorId),
    entity: row.entity,
    entityId: row.entityId,
    ip: row.ip,
    userAgent: row.userAgent,
  }));
}

/** A date-time as the workbooks print it: `dd/mm/yyyy hh:mm`, Paris time. */
export function parisDateTime(value: string | Date): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(value));
  return parts.replace(',', '');
}
