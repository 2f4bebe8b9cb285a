// The benchmark's platform of 10,000 accounts (issue 13 §1): the demo and the large course hold
// about 1,500; this adds people of varied names until the platform counts BENCH_PLATFORM_USERS,
// in one statement, before the measured server starts.
import { connect } from './bench-course.mjs';

export const BENCH_PLATFORM_USERS = 10_000;
/** Family names the accounts draw from, so that a name prefix matches a few hundred of them. */
const NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent'];
/** The prefixes the search is measured with (one of NAMES each, and a rarer e-mail start). */
export const BENCH_SEARCHES = ['mar', 'dub', 'lero', 'sim', 'pers'];

/** @param {{ dataDir: string, databaseUrl: string | null }} target @returns {Promise<number>} the platform's accounts */
export async function seedBenchUsers(target) {
  const db = await connect(target);
  try {
    const [platform] = await db.query(
      `select id from platforms where is_default or hostname = 'localhost' order by is_default desc limit 1`,
    );
    if (!platform) throw new Error('the demo platform is missing');
    const [{ total }] = /** @type {[{ total: number }]} */ (
      await db.query('select count(*)::int as total from user_platforms where platform_id = $1', [platform.id])
    );
    const missing = Math.max(0, BENCH_PLATFORM_USERS - total);
    const names = `(array[${NAMES.map((name) => `'${name}'`).join(', ')}])[1 + i % ${NAMES.length}]`;
    await db.query('begin');
    await db.query(
      `insert into users (username, email, first_name, last_name, type)
       select 'banc-personne-' || i, 'personne' || i || '@banc.example.com', 'Prénom' || i, ${names} || '-' || i, 'apprentice'
       from generate_series(1, ${missing}) i`,
    );
    await db.query(`insert into user_platforms (user_id, platform_id) select id, $1 from users where username like 'banc-personne-%'`, [
      platform.id,
    ]);
    await db.query('analyze users');
    await db.query('commit');
    return total + missing;
  } finally {
    await db.close();
  }
}

/**
 * The admin user list on the platform of 10,000 accounts (issue 13 §1: p95 under 50 ms on one
 * connection): paged through in the default order, and searched by name prefix, each request
 * asking for the next page or the next prefix. Only the one-connection rows are held to the p95 target;
 * the others show the list under load, without a verdict.
 * @param {Record<string, string>} admin @param {number[]} connectionCounts
 */
export function adminUserRoutes(admin, connectionCounts) {
  const pages = BENCH_PLATFORM_USERS / 10;
  /** @returns {import('autocannon').Request[]} */
  const cycle = (/** @type {(n: number) => string} */ pathOf) => {
    let next = 0;
    return [{ setupRequest: (request) => ({ ...request, path: pathOf(next++) }) }];
  };
  const pagePath = (/** @type {number} */ n) =>
    `/api/fr/app/admin/user/list?limit=10&offset=${((n * 37) % pages) * 10}&sortByField=1&sortOrder=ASC`;
  const searchPath = (/** @type {number} */ n) =>
    `/api/fr/app/admin/user/list?limit=10&offset=0&search=${BENCH_SEARCHES[n % BENCH_SEARCHES.length]}`;
  return connectionCounts.flatMap((connections) => [
    {
      name: `GET admin/user/list?offset=… (${BENCH_PLATFORM_USERS} users)`,
      method: /** @type {const} */ ('GET'),
      path: pagePath(0),
      headers: admin,
      connections,
      requests: cycle(pagePath),
      large: connections === 1,
    },
    {
      name: `GET admin/user/list?search=… (${BENCH_PLATFORM_USERS} users)`,
      method: /** @type {const} */ ('GET'),
      path: searchPath(0),
      headers: admin,
      connections,
      requests: cycle(searchPath),
      large: connections === 1,
    },
  ]);
}
