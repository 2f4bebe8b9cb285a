import type {
  DashboardEntry,
  DashboardFilter,
  Locale,
  DashboardPerson,
  DashboardReply,
  DashboardTriad,
  QuestionnaireDashboardResponse,
} from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import {
  loadDashboardData,
  presentProfiles,
  replyOf,
  windowFor,
  type DashboardData,
  type DashboardMember,
  type DashboardQuestionnaire,
  type DashboardTriadRow,
} from './dashboard-data.js';
import { replyIcon } from './rules.js';
import { text } from '../../texts/index.js';

const person = (member: DashboardMember | null): DashboardPerson | null =>
  member === null ? null : { id: member.id, firstName: member.firstName, lastName: member.lastName, fullName: member.fullName };

/** Categories by position then title (uncategorised last), each with its questionnaires by year then id. */
export function groupByCategory<T>(entries: DashboardQuestionnaire[], build: (entry: DashboardQuestionnaire) => T, locale: Locale) {
  const groups = new Map<number | null, { category: DashboardQuestionnaire['category']; items: DashboardQuestionnaire[] }>();
  for (const entry of entries) {
    const key = entry.category?.id ?? null;
    const group = groups.get(key) ?? { category: entry.category, items: [] };
    groups.set(key, group);
    group.items.push(entry);
  }
  const rank = (category: DashboardQuestionnaire['category']) =>
    [category === null ? 1 : 0, category?.position ?? 0, category?.title ?? ''] as const;
  return [...groups.values()]
    .sort((a, b) => {
      const [ra, rb] = [rank(a.category), rank(b.category)];
      return ra[0] - rb[0] || ra[1] - rb[1] || ra[2].localeCompare(rb[2], 'fr');
    })
    .map((group) => ({
      id: group.category?.id ?? null,
      title: group.category?.title ?? text(locale, 'questionnaire.noCategory'),
      questionnaires: group.items.map(build),
    }));
}

/** trainingCourse of the dashboards: the crews (by position) with their filtered triads; crew-less triads last. */
export function dashboardCourse(
  data: Pick<DashboardData, 'course' | 'crews' | 'triads'>,
  filter: Pick<DashboardFilter, 'crews'>,
  locale: Locale,
): QuestionnaireDashboardResponse['trainingCourse'] {
  const toTriad = (triad: DashboardTriadRow): DashboardTriad => ({
    id: triad.id,
    active: triad.active,
    apprentice: person(triad.apprentice),
    tutor: person(triad.tutor ?? triad.tutor2),
    apprenticeMaster: person(triad.apprenticeMaster ?? triad.apprenticeMaster2),
  });
  const crews = data.crews
    .filter((crew) => filter.crews === undefined || filter.crews.length === 0 || filter.crews.includes(crew.id))
    .map((crew) => ({
      id: crew.id as number | null,
      title: crew.title,
      triads: data.triads.filter((triad) => triad.crewId === crew.id).map(toTriad),
    }));
  const loose = data.triads.filter((triad) => triad.crewId === null);
  if (loose.length > 0) crews.push({ id: null, title: text(locale, 'manager.noCrew'), triads: loose.map(toTriad) });
  return { id: data.course.id, displayName: data.course.displayName, leaManagerColumn: data.course.leaManagerColumn, crews };
}

/** A profile's cell: the icon, the signature instant and the window's end; null when it does not sign or nobody holds it. */
export function dashboardReply(
  data: DashboardData,
  entry: DashboardQuestionnaire,
  triad: DashboardTriadRow,
  profile: number,
): DashboardReply | null {
  if (!entry.questionnaire.signedBy.includes(profile) || !presentProfiles(triad).includes(profile)) return null;
  const reply = replyOf(data, entry.questionnaire.id, triad.id, profile);
  const window = windowFor(entry, triad, profile);
  const signed = reply?.status === 3;
  return {
    icon: replyIcon(entry.questionnaire, window, reply, data.today),
    signedAt: signed ? reply.signedAt : null,
    endDate: window.endDate,
  };
}

type ProfileCells = { cell: DashboardReply; endDate: string | null; signs: boolean }[];

/** A triad's cell from the crew's precomputed one, unless its reply is signed or unlocked. */
function cellOf(
  data: DashboardData,
  questionnaireId: number,
  triadId: number,
  present: number[],
  cells: ProfileCells,
  profile: number,
): DashboardReply | null {
  const base = cells[profile - 1] as ProfileCells[number];
  if (!base.signs || !present.includes(profile)) return null;
  const reply = replyOf(data, questionnaireId, triadId, profile);
  if (reply?.status === 3) return { icon: 'check', signedAt: reply.signedAt, endDate: base.endDate };
  if (reply?.unlockedAt) return { icon: 'lock-open', signedAt: null, endDate: base.endDate };
  return base.cell;
}

/**
 * Every cell of one questionnaire, built for 1,000 triads at a time: the window and the icon of an
 * unsigned, not unlocked reply depend only on the crew and the profile, so they are computed once
 * per crew; a triad then only looks its replies up.
 */
export function questionnaireCells(data: DashboardData, entry: DashboardQuestionnaire): Record<string, DashboardEntry> {
  const { questionnaire } = entry;
  const crewIds = new Set(entry.crewIds);
  const triadIds = new Set(entry.triadIds);
  const everyone = crewIds.size === 0 && triadIds.size === 0;
  const byCrew = new Map<number | null, ProfileCells>();
  const cellsOf = (triad: DashboardTriadRow): ProfileCells => {
    let cells = byCrew.get(triad.crewId);
    if (!cells) {
      cells = [1, 2, 3, 4].map((profile) => {
        const window = windowFor(entry, triad, profile);
        return {
          cell: { icon: replyIcon(questionnaire, window, null, data.today), signedAt: null, endDate: window.endDate },
          endDate: window.endDate,
          signs: questionnaire.signedBy.includes(profile),
        };
      });
      byCrew.set(triad.crewId, cells);
    }
    return cells;
  };
  const result: Record<string, DashboardEntry> = {};
  for (const triad of data.triads) {
    if (!everyone && !triadIds.has(triad.id) && (triad.crewId === null || !crewIds.has(triad.crewId))) continue;
    const cells = cellsOf(triad);
    const present = presentProfiles(triad);
    result[String(triad.id)] = {
      apprentice: cellOf(data, questionnaire.id, triad.id, present, cells, 1),
      tutor: cellOf(data, questionnaire.id, triad.id, present, cells, 2),
      apprenticeMaster: cellOf(data, questionnaire.id, triad.id, present, cells, 3),
      leaManager: cellOf(data, questionnaire.id, triad.id, present, cells, 4),
    };
  }
  return result;
}

/** GET /app/lea-manager/{course}/dashboard: categories → questionnaires → cells per triad and profile. */
export async function getQuestionnaireDashboard(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  filter: DashboardFilter,
  locale: Locale,
  now = new Date(),
): Promise<QuestionnaireDashboardResponse> {
  const data = await loadDashboardData(db, caller, courseId, filter, { replies: 'icons', now });
  const categories = groupByCategory(
    data.questionnaires,
    (entry) => {
      const { questionnaire } = entry;
      return {
        id: questionnaire.id,
        title: questionnaire.title,
        year: questionnaire.year,
        signedBy: questionnaire.signedBy,
        dashboardData: questionnaireCells(data, entry),
      };
    },
    locale,
  );
  return { categories, trainingCourse: dashboardCourse(data, filter, locale) };
}
