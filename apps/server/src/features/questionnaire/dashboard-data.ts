import { and, asc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccessWindow, DashboardFilter, DashboardPerson } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  crews,
  questionnaireCategories,
  questionnaireCrews,
  questionnaires,
  questionnaireTriads,
  questions,
  replies,
  triads,
  users,
} from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { resolveManagedCourse, type ManagedCourse } from '../../services/managed-course.js';
import { containsPattern, searchText } from '../../services/triad-membership.js';
import type { QuestionnaireRow, QuestionRow } from './queries.js';
import { appliesToTriad, effectiveWindow, parisDate } from './rules.js';

/**
 * What the manager area's dashboards, exports and reminders read about a course, in a fixed number
 * of queries whatever its size: the filtered questionnaires with their links, the crews, the
 * filtered triads with their people, and the replies of those questionnaires (only the columns
 * the icons, dates and reminders need).
 */

export type DashboardMember = DashboardPerson & { email: string };
export type DashboardTriadRow = {
  id: number;
  crewId: number | null;
  active: boolean;
  apprentice: DashboardMember | null;
  tutor: DashboardMember | null;
  tutor2: DashboardMember | null;
  apprenticeMaster: DashboardMember | null;
  apprenticeMaster2: DashboardMember | null;
};
export type DashboardQuestionnaire = {
  questionnaire: QuestionnaireRow;
  category: { id: number; title: string; position: number } | null;
  crewIds: number[];
  triadIds: number[];
  crewDates: Map<number, AccessWindow>;
};
export type DashboardReplyRow = {
  id: number;
  questionnaireId: number;
  triadId: number;
  profile: number;
  status: number;
  /** ISO instant of the signature. `id`, `writerUserId` and `interviewDate` are read in the `shared` scope only. */
  signedAt: string | null;
  /** Only set or not (a shared stand-in date): the rules ask no more. */
  unlockedAt: Date | null;
  writerUserId: number | null;
  interviewDate: string | null;
};
export type DashboardData = {
  course: ManagedCourse;
  questionnaires: DashboardQuestionnaire[];
  crews: { id: number; title: string }[];
  triads: DashboardTriadRow[];
  /** questionnaireId → replyKey(triad, profile) → reply; read through replyOf and triadReplies. */
  replies: Map<number, Map<number, DashboardReplyRow>>;
  today: string;
};

type PersonRow = { id: number; firstName: string; lastName: string; email: string } | null;
const toMember = (row: PersonRow): DashboardMember | null =>
  row === null
    ? null
    : { id: row.id, firstName: row.firstName, lastName: row.lastName, fullName: `${row.firstName} ${row.lastName}`, email: row.email };

const has = (list: number[] | undefined) => list !== undefined && list.length > 0;

/** The course's triads left by the filter's crews, active and search, with their people (also the skill dashboard's rows). */
export async function loadTriads(
  db: DbOrTx,
  courseId: number,
  filter: Pick<DashboardFilter, 'crews' | 'active' | 'search'>,
  /** Only this slice of the grid's order (crews by position, crew-less last, then apprentice name): the compact dashboard's page. */
  page?: { offset: number; limit: number },
): Promise<DashboardTriadRow[]> {
  const apprentice = alias(users, 'dashboard_apprentice');
  const tutor = alias(users, 'dashboard_tutor');
  const tutor2 = alias(users, 'dashboard_tutor2');
  const master = alias(users, 'dashboard_master');
  const master2 = alias(users, 'dashboard_master2');
  // Each alias has its own table type, so each one's columns are spelled out.
  const personColumns = <T extends { id: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }>(table: T) => ({
    id: table.id as T['id'],
    firstName: table.firstName as T['firstName'],
    lastName: table.lastName as T['lastName'],
    email: table.email as T['email'],
  });
  const base = db
    .select({
      id: triads.id,
      crewId: triads.crewId,
      active: triads.active,
      apprentice: personColumns(apprentice),
      tutor: personColumns(tutor),
      tutor2: personColumns(tutor2),
      apprenticeMaster: personColumns(master),
      apprenticeMaster2: personColumns(master2),
    })
    .from(triads)
    .leftJoin(apprentice, eq(apprentice.id, triads.apprenticeId))
    .leftJoin(tutor, eq(tutor.id, triads.tutorId))
    .leftJoin(tutor2, eq(tutor2.id, triads.tutor2Id))
    .leftJoin(master, eq(master.id, triads.apprenticeMasterId))
    .leftJoin(master2, eq(master2.id, triads.apprenticeMaster2Id))
    .where(triadConditions(courseId, filter, apprentice));
  const byName = [asc(apprentice.lastName), asc(apprentice.firstName), asc(triads.id)];
  const rows =
    page === undefined
      ? await base.orderBy(...byName)
      : await base
          .leftJoin(crews, eq(crews.id, triads.crewId))
          .orderBy(sql`${triads.crewId} is null`, asc(crews.position), asc(crews.id), ...byName)
          .limit(page.limit)
          .offset(page.offset);
  return rows.map((row) => ({
    id: row.id,
    crewId: row.crewId,
    active: row.active,
    apprentice: toMember(row.apprentice),
    tutor: toMember(row.tutor),
    tutor2: toMember(row.tutor2),
    apprenticeMaster: toMember(row.apprenticeMaster),
    apprenticeMaster2: toMember(row.apprenticeMaster2),
  }));
}

/** The triads of the course left by the filter's crews, active and search (`apprentice`: the query's alias of the apprentice). */
function triadConditions(
  courseId: number,
  filter: Pick<DashboardFilter, 'crews' | 'active' | 'search'>,
  apprentice: { firstName: AnyPgColumn; lastName: AnyPgColumn },
) {
  const search = searchText(filter.search);
  const conditions: (SQL | undefined)[] = [eq(triads.trainingCourseId, courseId)];
  if (has(filter.crews)) conditions.push(inArray(triads.crewId, filter.crews as number[]));
  if (filter.active !== undefined) conditions.push(eq(triads.active, filter.active === '1'));
  if (search !== null) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(apprentice.firstName, pattern),
        ilike(apprentice.lastName, pattern),
        ilike(sql`${apprentice.firstName} || ' ' || ${apprentice.lastName}`, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** How many triads the filter leaves in each crew (null: the crew-less ones): the compact dashboard's counts. */
export async function countTriadsByCrew(
  db: DbOrTx,
  courseId: number,
  filter: Pick<DashboardFilter, 'crews' | 'active' | 'search'>,
): Promise<Map<number | null, number>> {
  const apprentice = alias(users, 'dashboard_apprentice');
  const rows = await db
    .select({ crewId: triads.crewId, count: sql<number>`count(*)::int` })
    .from(triads)
    .leftJoin(apprentice, eq(apprentice.id, triads.apprenticeId))
    .where(triadConditions(courseId, filter, apprentice))
    .groupBy(triads.crewId);
  return new Map(rows.map((row) => [row.crewId, Number(row.count)]));
}

/** The filtered active questionnaires of the course (also the replies' subquery, so both run at once). */
function questionnaireFilter(courseId: number, filter: DashboardFilter) {
  return and(
    eq(questionnaires.trainingCourseId, courseId),
    eq(questionnaires.active, true),
    has(filter.questionnaires) ? inArray(questionnaires.id, filter.questionnaires as number[]) : undefined,
    has(filter.categories) ? inArray(questionnaires.categoryId, filter.categories as number[]) : undefined,
    filter.year === undefined ? undefined : eq(questionnaires.year, filter.year),
  );
}

export async function loadQuestionnaires(db: DbOrTx, courseId: number, filter: DashboardFilter): Promise<DashboardQuestionnaire[]> {
  const rows = await db
    .select({
      questionnaire: questionnaires,
      category: { id: questionnaireCategories.id, title: questionnaireCategories.title, position: questionnaireCategories.position },
    })
    .from(questionnaires)
    .leftJoin(questionnaireCategories, eq(questionnaireCategories.id, questionnaires.categoryId))
    .where(questionnaireFilter(courseId, filter))
    .orderBy(asc(questionnaires.year), asc(questionnaires.id));
  const ids = rows.map((row) => row.questionnaire.id);
  if (ids.length === 0) return [];
  const [crewLinks, triadLinks] = await Promise.all([
    db.select().from(questionnaireCrews).where(inArray(questionnaireCrews.questionnaireId, ids)),
    db.select().from(questionnaireTriads).where(inArray(questionnaireTriads.questionnaireId, ids)),
  ]);
  return rows.map(({ questionnaire, category }) => {
    const own = crewLinks.filter((link) => link.questionnaireId === questionnaire.id);
    return {
      questionnaire,
      category,
      crewIds: own.map((link) => link.crewId),
      triadIds: triadLinks.filter((link) => link.questionnaireId === questionnaire.id).map((link) => link.triadId),
      crewDates: new Map(own.map((link) => [link.crewId, { startDate: link.startDate, endDate: link.endDate }])),
    };
  });
}

/** Stands for "unlocked by a manager": the rules only ask whether `unlockedAt` is set. */
const UNLOCKED = new Date(0);

/** One number per triad and profile: a flat map instead of 20,000 small ones. */
const replyKey = (triadId: number, profile: number) => triadId * 4 + profile - 1;

export function replyOf(data: DashboardData, questionnaireId: number, triadId: number, profile: number): DashboardReplyRow | null {
  return data.replies.get(questionnaireId)?.get(replyKey(triadId, profile)) ?? null;
}

/** The triad's replies to a questionnaire, by profile. */
export function triadReplies(data: DashboardData, questionnaireId: number, triadId: number): DashboardReplyRow[] {
  const list: DashboardReplyRow[] = [];
  for (const profile of [1, 2, 3, 4]) {
    const reply = replyOf(data, questionnaireId, triadId, profile);
    if (reply) list.push(reply);
  }
  return list;
}

const SEPARATOR = ';';

/**
 * Which replies a caller needs: `icons` the signed and unlocked ones (icons, reminders: a draft
 * changes neither), `shared` also the shared drafts with every column (interview dates, marks, PDF).
 */
export type ReplyScope = 'icons' | 'shared';
export type LoadOptions = { replies?: ReplyScope; now?: Date };

/** `2026-11-22 03:14:29.12345` (UTC) → `2026-11-22T03:14:29.123Z`, as Date#toISOString writes it (milliseconds truncated). */
function isoOf(text: string): string {
  const dot = text.indexOf('.', 19);
  const millis = dot === -1 ? '000' : text.slice(dot + 1, dot + 4).padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis}Z`;
}

/**
 * The replies as one text per questionnaire (`triad,profile,status,signedAt,unlocked[,id,writer,day];…`):
 * a course of 1,000 triads and 20 questionnaires has 80,000 replies, and row-by-row decoding
 * (timestamps into Date objects, one object per row) would cost more than the rest of the dashboard.
 * Private drafts change no icon, no reminder and no export: they are never read.
 */
export async function loadReplies(
  db: DbOrTx,
  courseId: number,
  filter: DashboardFilter,
  scope: ReplyScope,
  /** Only these triads' replies (a page of the compact dashboard); all of them when undefined. */
  triadIds?: number[],
): Promise<DashboardData['replies']> {
  const byQuestionnaire: DashboardData['replies'] = new Map();
  const questionnaireIds = db.select({ id: questionnaires.id }).from(questionnaires).where(questionnaireFilter(courseId, filter));
  const signedAt = sql`coalesce((${replies.signedAt} at time zone 'UTC')::text, '')`;
  const unlocked = sql`(${replies.unlockedAt} is not null)::int`;
  const line =
    scope === 'icons'
      ? sql`concat_ws(',', ${replies.triadId}, ${replies.profile}, ${replies.status}, ${signedAt}, ${unlocked})`
      : sql`concat_ws(',', ${replies.triadId}, ${replies.profile}, ${replies.status}, ${signedAt}, ${unlocked}, ${replies.id}, coalesce(${replies.writerUserId}, 0), coalesce(${replies.interviewDate}::text, ''))`;
  const wanted = scope === 'icons' ? eq(replies.status, 3) : gte(replies.status, 2);
  const rows = await db
    .select({ questionnaireId: replies.questionnaireId, list: sql<string>`string_agg(${line}, ${SEPARATOR})` })
    .from(replies)
    .where(
      and(
        inArray(replies.questionnaireId, questionnaireIds),
        triadIds === undefined ? undefined : inArray(replies.triadId, triadIds),
        or(wanted, isNotNull(replies.unlockedAt)),
      ),
    )
    .groupBy(replies.questionnaireId);
  for (const row of rows) {
    const byKey = new Map<number, DashboardReplyRow>();
    byQuestionnaire.set(row.questionnaireId, byKey);
    for (const text of row.list.split(SEPARATOR)) {
      const [triadId, profile, status, signed, isUnlocked, id, writer, day] = text.split(',');
      const reply: DashboardReplyRow = {
        id: id === undefined ? 0 : Number(id),
        questionnaireId: row.questionnaireId,
        triadId: Number(triadId),
        profile: Number(profile),
        status: Number(status),
        signedAt: signed ? isoOf(signed) : null,
        unlockedAt: isUnlocked === '1' ? UNLOCKED : null,
        writerUserId: writer === undefined || writer === '0' ? null : Number(writer),
        interviewDate: day ? day : null,
      };
      byKey.set(replyKey(reply.triadId, reply.profile), reply);
    }
  }
  return byQuestionnaire;
}

export async function loadDashboardData(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  filter: DashboardFilter,
  options: LoadOptions = {},
): Promise<DashboardData> {
  return loadCourseDashboard(
    db,
    await resolveManagedCourse(db, caller, courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'view' }),
    filter,
    options,
  );
}

/** The same without a caller (the reminders job): the course is already known. */
export async function loadCourseDashboard(
  db: DbOrTx,
  course: ManagedCourse,
  filter: DashboardFilter,
  options: LoadOptions = {},
): Promise<DashboardData> {
  const [list, crewRows, triadRows, replyMap] = await Promise.all([
    loadQuestionnaires(db, course.id, filter),
    db
      .select({ id: crews.id, title: crews.name })
      .from(crews)
      .where(eq(crews.trainingCourseId, course.id))
      .orderBy(asc(crews.position), asc(crews.id)),
    loadTriads(db, course.id, filter),
    loadReplies(db, course.id, filter, options.replies ?? 'shared'),
  ]);
  return {
    course,
    questionnaires: list,
    crews: crewRows,
    triads: triadRows,
    replies: replyMap,
    today: parisDate(options.now ?? new Date()),
  };
}

/** The template items of questionnaires (not the rows triads added), for the has-to-complete rule. */
export async function loadTemplateQuestions(db: DbOrTx, questionnaireIds: number[]): Promise<QuestionRow[]> {
  if (questionnaireIds.length === 0) return [];
  return db
    .select()
    .from(questions)
    .where(and(inArray(questions.questionnaireId, questionnaireIds), isNull(questions.triadId)))
    .orderBy(asc(questions.index), asc(questions.id));
}

export const appliesTo = (entry: DashboardQuestionnaire, triad: DashboardTriadRow) =>
  appliesToTriad({ crewIds: entry.crewIds, triadIds: entry.triadIds }, triad);

/** The profile's window for the triad (crew dates when the questionnaire uses them). */
export function windowFor(entry: DashboardQuestionnaire, triad: DashboardTriadRow, profile: number): AccessWindow {
  const crewDates = triad.crewId === null ? null : (entry.crewDates.get(triad.crewId) ?? null);
  return effectiveWindow(entry.questionnaire, profile, crewDates);
}

/** Profiles 1–3 held by someone in the triad, and the manager profile (always). */
export function presentProfiles(triad: DashboardTriadRow): number[] {
  const present: number[] = [];
  if (triad.apprentice) present.push(1);
  if (triad.tutor || triad.tutor2) present.push(2);
  if (triad.apprenticeMaster || triad.apprenticeMaster2) present.push(3);
  present.push(4);
  return present;
}

/** The people holding a profile in the triad (two tutors, two masters share theirs). */
export function membersOf(triad: DashboardTriadRow, profile: number): DashboardMember[] {
  const held =
    profile === 1
      ? [triad.apprentice]
      : profile === 2
        ? [triad.tutor, triad.tutor2]
        : profile === 3
          ? [triad.apprenticeMaster, triad.apprenticeMaster2]
          : [];
  return held.filter((member): member is DashboardMember => member !== null);
}
