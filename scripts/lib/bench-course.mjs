// The benchmark's large course (issue 4): 1,000 triads, their people, contracts and 25 timeline
// entries each, added to the demo database in one transaction before the measured server starts.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './freshness.mjs';

export const BENCH_COURSE_NAME = 'Banc d’essai - 1000 livrets';
export const BENCH_TRIADS = 1000;
const TUTORS = 50;
const MASTERS = 400;
const CREWS = 10;
const TIMELINE_PER_TRIAD = 25;
/** Questionnaires of the course for the manager's signature dashboard (issue 6): 1,000 triads × 20. */
export const BENCH_QUESTIONNAIRES = 20;
/** The member account the benchmark signs in as: the apprentice of the course's middle triad. */
export const BENCH_APPRENTICE = 'banc-apprenti-0500';

/**
 * @typedef {{ query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>, close: () => Promise<void> }} SqlClient
 */

// Both drivers are dependencies of the server workspace: resolve them from there.
const serverRequire = createRequire(join(ROOT, 'apps/server/package.json'));

/** The embedded database of a stopped server, or a PostgreSQL database. @returns {Promise<SqlClient>} */
export async function connect(/** @type {{ dataDir: string, databaseUrl: string | null }} */ target) {
  if (target.databaseUrl) {
    const pg = serverRequire('pg');
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return {
      query: async (sql, params = []) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const { PGlite } = serverRequire('@electric-sql/pglite');
  const db = new PGlite(join(target.dataDir, 'pglite'));
  await db.waitReady;
  return {
    query: async (sql, params = []) => (await db.query(sql, params)).rows,
    close: () => db.close(),
  };
}

const pad = (/** @type {string} */ expression, /** @type {number} */ width) => `lpad((${expression})::text, ${width}, '0')`;

/**
 * Adds the course to the demo's training, managed by the demo `manager`, with its crews, people
 * (sharing the demo password), triads, one contract each and their timelines.
 * @param {{ dataDir: string, databaseUrl: string | null }} target
 * @returns {Promise<{ courseId: number, triadId: number }>}
 */
export async function seedBenchCourse(target) {
  const db = await connect(target);
  try {
    await db.query('begin');
    const [demo] = await db.query(
      `select c.training_id, c.menu, c.info_blocks, t.platform_id from training_courses c join trainings t on t.id = c.training_id where c.display_name = 'BTS SIO 2025-2027'`,
    );
    if (!demo) throw new Error('the demo course is missing: the server did not seed the demo');
    const [course] = await db.query(
      `insert into training_courses (training_id, display_name, start_year, end_year, menu, info_blocks) values ($1, $2, 2025, 2027, $3, $4) returning id`,
      [demo.training_id, BENCH_COURSE_NAME, JSON.stringify(demo.menu), JSON.stringify(demo.info_blocks)],
    );
    const courseId = Number(course?.id);
    await db.query(
      `insert into training_course_managers (training_course_id, user_id) select $1, id from users where username = 'manager'`,
      [courseId],
    );
    await db.query(
      `insert into crews (training_course_id, name, position) select $1, 'Groupe ' || g, g from generate_series(1, ${CREWS}) g`,
      [courseId],
    );
    const people = /** @type {const} */ ([
      ['apprenti', BENCH_TRIADS, 4, 'apprentice'],
      ['tuteur', TUTORS, 2, 'tutor'],
      ['maitre', MASTERS, 3, 'apprentice_master'],
    ]);
    for (const [kind, total, width, type] of people) {
      await db.query(
        `insert into users (username, email, password_hash, first_name, last_name, type)
         select 'banc-${kind}-' || ${pad('i', width)}, 'banc-${kind}-' || i || '@example.com',
                (select password_hash from users where username = 'apprenti'), 'Prénom ${kind} ' || i, 'Banc${kind}' || ${pad('i', width)}, $1
         from generate_series(1, ${total}) i`,
        [type],
      );
    }
    await db.query(`insert into user_platforms (user_id, platform_id) select id, $1 from users where username like 'banc-%'`, [
      demo.platform_id,
    ]);
    await db.query(
      `insert into triads (training_course_id, crew_id, apprentice_id, tutor_id, apprentice_master_id)
       select $1, crew.id, a.id, t.id, m.id
       from generate_series(1, ${BENCH_TRIADS}) i
       join users a on a.username = 'banc-apprenti-' || ${pad('i', 4)}
       join users t on t.username = 'banc-tuteur-' || ${pad(`1 + i % ${TUTORS}`, 2)}
       join users m on m.username = 'banc-maitre-' || ${pad(`1 + i % ${MASTERS}`, 3)}
       join crews crew on crew.training_course_id = $1 and crew.position = 1 + i % ${CREWS}`,
      [courseId],
    );
    await db.query(
      `insert into contracts (triad_id, company_id, contract_type_id, start_date, end_date)
       select id, (select min(id) from companies), (select min(id) from contract_types), '2025-09-01', '2027-08-31'
       from triads where training_course_id = $1`,
      [courseId],
    );
    await db.query(
      `insert into timeline_entries (triad_id, class_name, title_part1, title_part2, created_at)
       select t.id, (array['questionnaire', 'document', 'note'])[1 + k % 3], 'Banc', 'Activité ' || k, now() - k * interval '1 hour'
       from triads t cross join generate_series(1, ${TIMELINE_PER_TRIAD}) k where t.training_course_id = $1`,
      [courseId],
    );
    // Signed by the four profiles; half the replies of profiles 1-3 signed, the others shared drafts.
    await db.query(
      `insert into questionnaires (training_course_id, title, year, signed_by, access_dates)
       select $1, 'Bilan ' || g, 1 + g % 2, '[1,2,3,4]'::jsonb, '{"all":{"startDate":"2025-09-01","endDate":"2027-08-31"}}'::jsonb
       from generate_series(1, ${BENCH_QUESTIONNAIRES}) g`,
      [courseId],
    );
    await db.query(
      `insert into replies (questionnaire_id, triad_id, profile, status, signed_at)
       select q.id, t.id, p, case when (t.id + q.id + p) % 2 = 0 then 3 else 2 end,
              case when (t.id + q.id + p) % 2 = 0 then now() - (t.id % 90) * interval '1 day' end
       from questionnaires q join triads t on t.training_course_id = q.training_course_id cross join generate_series(1, 3) p
       where q.training_course_id = $1`,
      [courseId],
    );
    const [triad] = await db.query(`select t.id from triads t join users a on a.id = t.apprentice_id where a.username = $1`, [
      BENCH_APPRENTICE,
    ]);
    await db.query('commit');
    return { courseId, triadId: Number(triad?.id) };
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await db.close();
  }
}
