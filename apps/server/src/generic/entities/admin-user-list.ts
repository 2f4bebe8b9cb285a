import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { ROLE_ADMIN } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { userPlatforms, users } from '../../db/schema/index.js';
import { text } from '../../texts/index.js';
import type { AdminScope, ListColumn, ListPage } from '../types.js';

/** An account's one role (spec 3 §4: administrator, user or course manager). */
export type UserRole = 'admin' | 'user' | 'leaManager';
export const USER_ROLES: readonly UserRole[] = ['admin', 'user', 'leaManager'];

export const isAdminAccount = sql`${users.roles} @> ${JSON.stringify([ROLE_ADMIN])}::jsonb`;
const roleSql = sql<UserRole>`case when ${isAdminAccount} then 'admin' when ${users.type} = 'lea_manager' then 'leaManager' else 'user' end`;

/** The role of a row of `users`. */
export function roleOf(user: Pick<typeof users.$inferSelect, 'roles' | 'type'>): UserRole {
  if (user.roles.includes(ROLE_ADMIN)) return 'admin';
  return user.type === 'lea_manager' ? 'leaManager' : 'user';
}

/** The dynamic columns of the list (spec 3 §3 User (admin)). */
export const USER_COLUMNS: readonly ListColumn[] = [
  { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
  { key: 'lastName', label: 'backOffice.word.lastName', filterable: true, sortable: true, format: 'text', hidden: false },
  { key: 'firstName', label: 'backOffice.word.firstName', filterable: true, sortable: true, format: 'text', hidden: false },
  { key: 'username', label: 'adminUsers.user.username', filterable: true, sortable: true, format: 'text', hidden: false },
  { key: 'email', label: 'backOffice.word.email', filterable: true, sortable: true, format: 'text', hidden: false },
  { key: 'role', label: 'adminUsers.user.role', filterable: false, sortable: true, format: 'text', hidden: false },
  { key: 'active', label: 'adminUsers.user.active', filterable: false, sortable: true, format: 'boolean', hidden: false },
  { key: 'lastLoginAt', label: 'adminUsers.user.lastLogin', filterable: false, sortable: true, format: 'date', hidden: false },
];

const SORTS: Record<string, SQL> = {
  firstName: sql`lower(${users.firstName})`,
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  role: roleSql,
  active: sql`${users.active}`,
  lastLoginAt: sql`${users.lastLoginAt}`,
};

const likePrefix = (word: string) => `${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Every word of the search starts the last name, the first name, the e-mail or the username: a
 * prefix match on `lower(…) collate "C"`, which the four prefix indexes of `users` answer.
 */
function searchOf(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 5);
  return and(
    ...words.map((word) => {
      const pattern = likePrefix(word);
      return sql`(lower(${users.lastName}) collate "C" like ${pattern} or lower(${users.firstName}) collate "C" like ${pattern} or lower(${users.email}) collate "C" like ${pattern} or lower(${users.username}) collate "C" like ${pattern})`;
    }),
  );
}

function filtersOf(filters: Readonly<Record<string, string>>): SQL[] {
  const conditions: SQL[] = [];
  const role = filters.role;
  if (role === 'admin' || role === 'user' || role === 'leaManager') conditions.push(sql`${roleSql} = ${role}`);
  if (filters.active === '1' || filters.active === '0') conditions.push(eq(users.active, filters.active === '1'));
  return conditions;
}

const userColumns = {
  id: users.id,
  lastName: users.lastName,
  firstName: users.firstName,
  username: users.username,
  email: users.email,
  role: roleSql,
  active: users.active,
  lastLoginAt: users.lastLoginAt,
};

/**
 * The ids of one page in the default order (last name, first name, id; the whole order turns when
 * sorted by last name descending) and the platform's count, both from `user_platforms` alone: the
 * page walks user_platforms_name_order_idx (the platform's memberships with the name keys the
 * triggers of migration 0007 copy there), skipping `offset` narrow index entries instead of
 * visiting `users` and checking the platform for each; the count reads the platform's memberships.
 */
async function pageInNameOrder(db: Db, platformId: number, page: ListPage): Promise<{ ids: number[]; count: number }> {
  const direction = page.sort?.descending ? desc : asc;
  const onPlatform = eq(userPlatforms.platformId, platformId);
  const [rows, count] = await Promise.all([
    db
      .select({ id: userPlatforms.userId })
      .from(userPlatforms)
      .where(onPlatform)
      .orderBy(direction(userPlatforms.lastNameKey), direction(userPlatforms.firstNameKey), direction(userPlatforms.userId))
      .limit(page.limit)
      .offset(page.offset),
    db.$count(userPlatforms, onPlatform),
  ]);
  return { ids: rows.map((row) => row.id), count };
}

/**
 * The ids of one page and the count of a searched, filtered or otherwise sorted list, in one
 * statement: the accounts the search and filters find (the prefix indexes), then those of them on
 * the platform, each set computed once (materialised), then counted and sorted, rather than once
 * for the count and again for the page (a walk of the name index that a rare prefix makes long).
 * Searching before checking the platform keeps the plan right when the planner's statistics of
 * `user_platforms` are stale (an embedded database never analyses on its own).
 */
async function pageMatching(db: Db, platformId: number, page: ListPage): Promise<{ ids: number[]; count: number }> {
  const where = and(page.search ? searchOf(page.search) : undefined, ...filtersOf(page.filters)) ?? sql`true`;
  const sortSql = page.sort && page.sort.key !== 'lastName' ? SORTS[page.sort.key] : undefined;
  const direction = sql.raw(page.sort?.descending ? 'desc' : 'asc');
  const byName = page.sort?.key === 'lastName' ? direction : sql.raw('asc');
  const order = sql.join(
    [...(sortSql ? [sql`m.sort_key ${direction}`] : []), sql`m.last_key ${byName}`, sql`m.first_key ${byName}`, sql`m.id ${byName}`],
    sql`, `,
  );
  const result = (await db.execute(sql`
    with found as materialized (
      select ${users.id} as id, lower(${users.lastName}) as last_key, lower(${users.firstName}) as first_key, ${sortSql ?? sql`null`} as sort_key
      from ${users} where ${where}
    ), matched as materialized (
      select * from found f where exists (select 1 from ${userPlatforms} up where up.user_id = f.id and up.platform_id = ${platformId})
    )
    select m.id, (select count(*) from matched)::int as total
    from matched m order by ${order} limit ${page.limit} offset ${page.offset}`)) as unknown as { rows: { id: number; total: number }[] };
  const rows = result.rows;
  if (rows.length > 0) return { ids: rows.map((row) => Number(row.id)), count: Number(rows[0]!.total) };
  // Past the last page: the count alone.
  const onPlatform = exists(
    db
      .select({ one: sql`1` })
      .from(userPlatforms)
      .where(and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId))),
  );
  return { ids: [], count: await db.$count(users, and(onPlatform, where)) };
}

/**
 * One page of the platform's accounts, searched, filtered, sorted and paged by the database, and
 * the total before paging: a list of 10,000 accounts is never read whole. Two statements find the
 * page's ids and the count (see pageInNameOrder, pageMatching), a third reads those few accounts.
 */
export async function pageUsers(db: Db, scope: AdminScope, page: ListPage): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const nameOrder = !page.search && filtersOf(page.filters).length === 0 && (!page.sort || page.sort.key === 'lastName');
  const { ids, count } = nameOrder ? await pageInNameOrder(db, scope.platformId, page) : await pageMatching(db, scope.platformId, page);
  const found = ids.length > 0 ? await db.select(userColumns).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    count,
    rows: rows.map(({ lastLoginAt, role, ...row }) => ({
      ...row,
      role: text(scope.locale, `adminUsers.role.${role}`),
      roleCode: role,
      lastLoginAt: lastLoginAt ? lastLoginAt.toISOString() : null,
    })),
  };
}
