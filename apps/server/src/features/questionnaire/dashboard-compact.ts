import { asc, eq } from 'drizzle-orm';
import {
  COMPACT_DASHBOARD_LENGTH,
  DASHBOARD_CELL_CODES,
  type CompactDashboardResponse,
  type CompactDashboardTriad,
  type DashboardPerson,
  type DashboardQuery,
  type Locale,
  type ReplyIcon,
} from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { crews } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { text } from '../../texts/index.js';
import {
  appliesTo,
  countTriadsByCrew,
  loadQuestionnaires,
  loadReplies,
  loadTriads,
  presentProfiles,
  replyOf,
  windowFor,
  type DashboardData,
  type DashboardMember,
  type DashboardQuestionnaire,
  type DashboardTriadRow,
} from './dashboard-data.js';
import { groupByCategory } from './dashboard.js';
import { parisDate, replyIcon } from './rules.js';

/** Icon → its one-character code in `cells` (the inverse of DASHBOARD_CELL_CODES). */
const CODE_OF: Record<ReplyIcon, string> = { lock: 'l', 'lock-open': 'o', check: 'c', 'hourglass-start': 'h' };
const PROFILES = [1, 2, 3, 4] as const;

const person = (member: DashboardMember | null): DashboardPerson | null =>
  member === null ? null : { id: member.id, firstName: member.firstName, lastName: member.lastName, fullName: member.fullName };

/**
 * GET /app/lea-manager/{course}/dashboard?compact=1 (decision 035): the same cells as the full
 * answer, written as one character per cell and profile, for one page of triads. Four round trips
 * whatever the course's size: the course (access), then the questionnaires with their links, the
 * crews and the triads at once, then the replies of the page's triads only.
 */
export async function getCompactDashboard(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  query: DashboardQuery,
  locale: Locale,
  now = new Date(),
): Promise<CompactDashboardResponse> {
  const course = await resolveManagedCourse(db, caller, courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'view' });
  const filter = query;
  const page = query.page ?? 0;
  const length = query.length ?? COMPACT_DASHBOARD_LENGTH;
  // Only the page's triads are read (in the grid's order, by SQL), with every crew's count beside them.
  const [list, crewRows, slice, counts] = await Promise.all([
    loadQuestionnaires(db, course.id, filter),
    db
      .select({ id: crews.id, title: crews.name })
      .from(crews)
      .where(eq(crews.trainingCourseId, course.id))
      .orderBy(asc(crews.position), asc(crews.id)),
    loadTriads(db, course.id, filter, { offset: page * length, limit: length }),
    countTriadsByCrew(db, course.id, filter),
  ]);

  // The crews of the filter by position, crew-less triads last (when there are some): the full answer's groups.
  const wanted = filter.crews !== undefined && filter.crews.length > 0 ? new Set(filter.crews) : null;
  const groups: { id: number | null; title: string }[] = crewRows.filter((crew) => wanted === null || wanted.has(crew.id));
  if ((counts.get(null) ?? 0) > 0) groups.push({ id: null, title: text(locale, 'manager.noCrew') });
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);

  const replyMap =
    slice.length === 0 || list.length === 0
      ? new Map()
      : await loadReplies(
          db,
          course.id,
          filter,
          'icons',
          slice.map((triad) => triad.id),
        );

  const categories = groupByCategory(
    list,
    (entry) => ({ entry, id: entry.questionnaire.id, title: entry.questionnaire.title, year: entry.questionnaire.year }),
    locale,
  );
  const columns = categories.flatMap((category) => category.questionnaires.map((column) => column.entry));
  const data: Pick<DashboardData, 'replies' | 'today'> = { replies: replyMap, today: parisDate(now) };

  // A cell's window and unsigned icon depend only on the crew and the profile: computed once per crew.
  const crewCells = new Map<number | null, { endDates: (string | null)[]; codes: string[] }>();
  for (const group of groups) {
    const endDates: (string | null)[] = [];
    const codes: string[] = [];
    const stand = { crewId: group.id } as DashboardTriadRow;
    for (const entry of columns) {
      for (const profile of PROFILES) {
        const window = windowFor(entry, stand, profile);
        endDates.push(window.endDate);
        codes.push(CODE_OF[replyIcon(entry.questionnaire, window, null, data.today)]);
      }
    }
    crewCells.set(group.id, { endDates, codes });
  }

  const triads = slice.map((triad) => compactTriad(data as DashboardData, columns, triad, crewCells.get(triad.crewId)?.codes ?? []));
  return {
    categories: categories.map((category) => ({
      id: category.id,
      title: category.title,
      questionnaires: category.questionnaires.map(({ id, title, year, entry }) => ({
        id,
        title,
        year,
        signedBy: entry.questionnaire.signedBy,
      })),
    })),
    legend: { ...DASHBOARD_CELL_CODES },
    trainingCourse: {
      id: course.id,
      displayName: course.displayName,
      leaManagerColumn: course.leaManagerColumn,
      crews: groups.map((group) => ({
        id: group.id,
        title: group.title,
        count: counts.get(group.id) ?? 0,
        endDates: crewCells.get(group.id)?.endDates ?? [],
      })),
    },
    triads,
    page,
    length,
    total,
  };
}

/** One triad's row: its people, and 4 codes per column, as questionnaireCells decides them for the full answer. */
function compactTriad(
  data: DashboardData,
  columns: DashboardQuestionnaire[],
  triad: DashboardTriadRow,
  crewCodes: string[],
): CompactDashboardTriad {
  const present = presentProfiles(triad);
  const signedAt: number[] = [];
  let cells = '';
  columns.forEach((entry, column) => {
    if (!appliesTo(entry, triad)) {
      cells += 'xxxx';
      return;
    }
    for (const profile of PROFILES) {
      if (!entry.questionnaire.signedBy.includes(profile) || !present.includes(profile)) {
        cells += '-';
        continue;
      }
      const reply = replyOf(data, entry.questionnaire.id, triad.id, profile);
      if (reply?.status === 3) {
        cells += 'c';
        signedAt.push(reply.signedAt === null ? 0 : Date.parse(reply.signedAt));
      } else if (reply?.unlockedAt) cells += 'o';
      else cells += crewCodes[column * 4 + profile - 1] ?? '-';
    }
  });
  return {
    id: triad.id,
    crewId: triad.crewId,
    active: triad.active,
    apprentice: person(triad.apprentice),
    tutor: person(triad.tutor ?? triad.tutor2),
    apprenticeMaster: person(triad.apprenticeMaster ?? triad.apprenticeMaster2),
    cells,
    signedAt,
  };
}
