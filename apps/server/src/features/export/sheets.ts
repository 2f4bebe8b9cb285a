import { sql, type SQL } from 'drizzle-orm';
import { REPLY_STATUS, type Locale } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { EXPECTED_SIGNATURES } from '../../services/expected-signatures.js';
import { titleOf, type ProfileTitles } from '../../services/profile-titles.js';
import { text, type PlainTextKey } from '../../texts/index.js';
import type { ReadBatches } from '../../generic/batched-rows.js';
import type { AddRows } from '../../generic/xlsx.js';
import { courseRunsIn, coursesOf, dayIn, dayText, fullName, instantIn, instantText, type Cell, type ExportScope } from './scope.js';

type Rows = { rows: Record<string, unknown>[] };
/** Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral type cannot say so. */
async function rowsOf(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as unknown as Rows).rows;
}
const cell = (value: unknown): Cell => (value === null || value === undefined ? null : typeof value === 'number' ? value : String(value));

/** The joins every triad-based sheet starts from: the triad, its course, training, crew and apprentice. */
const TRIAD_JOINS = sql.raw(`
  join training_courses c on c.id = t.training_course_id
  join trainings tr on tr.id = c.training_id
  left join crews cr on cr.id = t.crew_id
  left join users ap on ap.id = t.apprentice_id`);

/**
 * The headers that are a profile's title (`Apprenti`, `Tuteur pédagogique`…): the platform's own
 * (decision 024), not the catalogue's default words.
 */
const PROFILE_HEADERS: Readonly<Record<string, [profile: 1 | 2 | 3 | 4, form: 'title' | 'titlePlural']>> = {
  apprentice: [1, 'title'],
  apprentices: [1, 'titlePlural'],
  tutor: [2, 'title'],
  apprenticeMaster: [3, 'title'],
};

/** Column headers: names of the `export` domain of the catalogue, the profiles named with the platform's titles. */
export function headerWords(locale: Locale, titles: ProfileTitles, names: string[]): string[] {
  return names.map((name) => {
    const profile = PROFILE_HEADERS[name];
    return profile ? titleOf(titles, profile[0], profile[1]) : text(locale, `export.${name}` as PlainTextKey);
  });
}

/** The four profiles' titles, the follow-up sheet's last columns. */
export const profileHeaders = (titles: ProfileTitles): string[] => [1, 2, 3, 4].map((profile) => titleOf(titles, profile));

/** 1 — every signature given (cancelled ones left out): who signed which questionnaire for which triad, and when. */
export async function signatureRows(read: ReadBatches, scope: ExportScope, titles: ProfileTitles, add: AddRows): Promise<void> {
  await read(
    sql`select tr.title as training, c.display_name as course, cr.name as crew, ${fullName('ap')} as apprentice,
        q.title as questionnaire, r.profile, ${fullName('sg')} as signer, ${instantText('rs.signed_at')} as signed_at,
        ${fullName('im')} as impersonator
      from reply_signatures rs
      join replies r on r.id = rs.reply_id
      join questionnaires q on q.id = r.questionnaire_id
      join triads t on t.id = r.triad_id
      ${TRIAD_JOINS}
      left join users sg on sg.id = rs.user_id
      left join users im on im.id = rs.impersonator_id
      where rs.cancelled_at is null and ${coursesOf(scope)} and ${instantIn(sql.raw('rs.signed_at'), scope)}
      order by c.display_name, cr.name nulls last, ap.last_name, ap.first_name, rs.signed_at`,
    (rows) =>
      add(
        rows.map((row) => [
          cell(row.training),
          cell(row.course),
          cell(row.crew),
          cell(row.apprentice),
          cell(row.questionnaire),
          titleOf(titles, Number(row.profile)),
          cell(row.signer),
          cell(row.signed_at),
          cell(row.impersonator),
        ]),
      ),
  );
}

/** 4 — company visits: the interview dates the profiles gave in their shared or signed replies. */
export async function visitRows(read: ReadBatches, scope: ExportScope, titles: ProfileTitles, add: AddRows): Promise<void> {
  await read(
    sql`select tr.title as training, c.display_name as course, cr.name as crew, ${fullName('ap')} as apprentice,
        ${fullName('tu')} as tutor, ${fullName('ma')} as master, q.title as questionnaire,
        ${dayText('r.interview_date')} as visit, r.profile
      from replies r
      join questionnaires q on q.id = r.questionnaire_id
      join triads t on t.id = r.triad_id
      ${TRIAD_JOINS}
      left join users tu on tu.id = coalesce(t.tutor_id, t.tutor2_id)
      left join users ma on ma.id = coalesce(t.apprentice_master_id, t.apprentice_master2_id)
      where r.interview_date is not null and r.status >= ${REPLY_STATUS.sharedDraft} and q.use_interview_date
        and ${coursesOf(scope)} and ${dayIn(sql.raw('r.interview_date'), scope)}
      order by r.interview_date, c.display_name, ap.last_name, r.profile`,
    (rows) =>
      add(
        rows.map((row) => [
          cell(row.training),
          cell(row.course),
          cell(row.crew),
          cell(row.apprentice),
          cell(row.tutor),
          cell(row.master),
          cell(row.questionnaire),
          cell(row.visit),
          titleOf(titles, Number(row.profile)),
        ]),
      ),
  );
}

/** 5 — contracts of the triads, those running in the year when one is asked. */
export async function contractRows(read: ReadBatches, scope: ExportScope, add: AddRows): Promise<void> {
  const year = scope.year;
  const running =
    year === null
      ? sql`true`
      : sql`k.start_date <= ${`${year}-12-31`}::date and (k.end_date is null or k.end_date >= ${`${year}-01-01`}::date)`;
  await read(
    sql`select tr.title as training, c.display_name as course, cr.name as crew, ap.last_name, ap.first_name,
        k.contract_number, ct.title as contract_type, co.company_name, co.city,
        ${dayText('k.start_date')} as start_date, ${dayText('k.end_date')} as end_date,
        ${dayText('k.rupture_date')} as rupture_date, k.rupture_cause, ${fullName('ma')} as master
      from contracts k
      join triads t on t.id = k.triad_id
      ${TRIAD_JOINS}
      left join contract_types ct on ct.id = k.contract_type_id
      left join companies co on co.id = k.company_id
      left join users ma on ma.id = k.apprentice_master_id
      where ${coursesOf(scope)} and ${running}
      order by c.display_name, ap.last_name, ap.first_name, k.start_date`,
    (rows) =>
      add(
        rows.map((row) =>
          [
            'training',
            'course',
            'crew',
            'last_name',
            'first_name',
            'contract_number',
            'contract_type',
            'company_name',
            'city',
            'start_date',
            'end_date',
            'rupture_date',
            'rupture_cause',
            'master',
          ].map((key) => cell(row[key])),
        ),
      ),
  );
}

/** The active triads of the scope's courses running in the year: the `scope` CTE that EXPECTED_SIGNATURES reads. */
const triadScope = (scope: ExportScope) => sql`
  select t.* from triads t join training_courses c on c.id = t.training_course_id join trainings tr on tr.id = c.training_id
  where t.active and ${coursesOf(scope)} and ${courseRunsIn(scope)}`;

/** 6 — the follow-up dashboard: per active triad and questionnaire that applies to it, each signing profile's state. */
export async function followUpRows(db: DbOrTx, scope: ExportScope, locale: Locale): Promise<Cell[][]> {
  const rows = await rowsOf(
    db,
    sql`with scope as (${triadScope(scope)}), expected as (${EXPECTED_SIGNATURES})
      select tr.title as training, c.display_name as course, cr.name as crew, ${fullName('ap')} as apprentice,
        q.title as questionnaire, e.profile, e.status, ${dayText("(e.signed_at at time zone 'Europe/Paris')")} as signed_at
      from expected e
      join triads t on t.id = e.triad_id
      ${TRIAD_JOINS}
      join questionnaires q on q.id = e.questionnaire_id
      order by c.display_name, cr.name nulls last, ap.last_name, ap.first_name, t.id, q.year, q.title, q.id, e.profile`,
  );
  const state = (status: unknown, signedAt: unknown) =>
    Number(status) === REPLY_STATUS.signed
      ? text(locale, 'export.statusSigned', { date: String(signedAt ?? '') })
      : Number(status) === REPLY_STATUS.sharedDraft
        ? text(locale, 'export.statusShared')
        : text(locale, 'export.statusPending');
  const lines = new Map<string, Cell[]>();
  for (const row of rows) {
    const key = [row.course, row.crew, row.apprentice, row.questionnaire].join('\u0000');
    const line = lines.get(key) ?? [
      cell(row.training),
      cell(row.course),
      cell(row.crew),
      cell(row.apprentice),
      cell(row.questionnaire),
      null,
      null,
      null,
      null,
    ];
    line[4 + Number(row.profile)] = state(row.status, row.signed_at);
    lines.set(key, line);
  }
  return [...lines.values()];
}

/** 7 — the summary table: per course, its people, its booklets' fill rate, its contracts and absence hours. */
export async function summaryRows(db: DbOrTx, scope: ExportScope): Promise<Cell[][]> {
  const rows = await rowsOf(
    db,
    sql`with scope as (${triadScope(scope)}), expected as (${EXPECTED_SIGNATURES})
      select tr.title as training, c.display_name as course,
        concat_ws('-', c.start_year, c.end_year) as years,
        (select count(*)::int from crews x where x.training_course_id = c.id) as crews,
        (select count(*)::int from triads x where x.training_course_id = c.id) as triads,
        (select count(*)::int from triads x where x.training_course_id = c.id and x.active) as active_triads,
        (select count(*)::int from questionnaires x where x.training_course_id = c.id and x.active) as questionnaires,
        (select count(*)::int from expected e where e.training_course_id = c.id) as expected,
        (select count(*)::int from expected e where e.training_course_id = c.id and e.status = ${REPLY_STATUS.signed}) as signed,
        (select count(*)::int from contracts k join triads x on x.id = k.triad_id where x.training_course_id = c.id) as contracts,
        (select coalesce(sum(ev.hours), 0)::float from calendar_events ev where ev.training_course_id = c.id and ev.type = 3) as absence_hours
      from training_courses c join trainings tr on tr.id = c.training_id
      where ${coursesOf(scope)} and ${courseRunsIn(scope)}
      order by tr.title, c.display_name`,
  );
  return rows.map((row) => {
    const expected = Number(row.expected);
    const signed = Number(row.signed);
    return [
      cell(row.training),
      cell(row.course),
      cell(row.years) || null,
      Number(row.crews),
      Number(row.triads),
      Number(row.active_triads),
      Number(row.questionnaires),
      expected,
      signed,
      expected === 0 ? null : Math.round((signed / expected) * 1000) / 10,
      Number(row.contracts),
      Math.round(Number(row.absence_hours) * 100) / 100,
    ];
  });
}
