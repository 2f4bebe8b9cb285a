import { sql, type SQL } from 'drizzle-orm';
import type { HistoryType } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';

/** A history line before it is put in words: a `history_log` row (`h…`) or a signature (`s…`). */
export type HistoryRow = {
  id: string;
  at: Date;
  type: HistoryType;
  action: string;
  entity: string | null;
  entityId: number | null;
  userId: number | null;
  impersonatorId: number | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
};

export type HistoryFilter = {
  userId?: number | undefined;
  types?: readonly HistoryType[] | undefined;
  /** Inclusive days, Paris time. */
  from?: string | undefined;
  to?: string | undefined;
  /** Only the lines of these people (the course's), as a subquery of ids. */
  people?: SQL | undefined;
};

/**
 * The history of a platform, newest first, in one statement: its log lines (sign-ins, impersonation
 * switches, back-office writes, the signatures' cancellations) and the signatures of its booklets,
 * which `reply_signatures` keeps with their address and browser. A signature made while
 * impersonating is also logged (`questionnaire.sign`): the signature row stands for both.
 */
function historyLines(platformId: number): SQL {
  return sql`
    select 'h' || h.id as id, h.created_at as at, h.action, h.entity, h.entity_id, h.user_id, h.impersonator_id,
      h.ip, h.user_agent, h.details,
      case
        when h.action = 'user.login' then 'connection'
        when h.action = 'user.switch' then 'impersonation'
        when h.action = 'questionnaire.cancel-signature' then 'signature-cancel'
        when h.action like '%.delete%' or h.action like '%.remove%' then 'delete'
        else 'write'
      end as type
    from history_log h
    where h.platform_id = ${platformId} and h.action <> 'questionnaire.sign'
    union all
    select 's' || rs.id, rs.signed_at, 'questionnaire.sign', 'reply', rs.reply_id, rs.user_id, rs.impersonator_id,
      rs.ip, rs.user_agent,
      jsonb_build_object('questionnaire', q.title, 'profile', r.profile, 'method', rs.method, 'signedOn', rs.paper_signed_on,
        'recordedBy', rs.recorded_by_user_id),
      'signature'
    from reply_signatures rs
    join replies r on r.id = rs.reply_id
    join questionnaires q on q.id = r.questionnaire_id
    join training_courses c on c.id = q.training_course_id
    join trainings tr on tr.id = c.training_id
    where tr.platform_id = ${platformId}`;
}

function conditions(filter: HistoryFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.userId !== undefined) parts.push(sql`(l.user_id = ${filter.userId} or l.impersonator_id = ${filter.userId})`);
  if (filter.types !== undefined)
    parts.push(
      sql`l.type in (${sql.join(
        filter.types.map((type) => sql`${type}`),
        sql`, `,
      )})`,
    );
  if (filter.from !== undefined) parts.push(sql`l.at >= (${filter.from}::date)::timestamp at time zone 'Europe/Paris'`);
  if (filter.to !== undefined) parts.push(sql`l.at < ((${filter.to}::date + 1)::timestamp at time zone 'Europe/Paris')`);
  if (filter.people !== undefined) parts.push(sql`l.user_id in (${filter.people})`);
  return sql.join(parts, sql` and `);
}

type RawRow = Omit<HistoryRow, 'at' | 'entityId' | 'userId' | 'impersonatorId'> & {
  at: Date | string;
  entity_id: number | null;
  user_id: number | null;
  impersonator_id: number | null;
  user_agent: string | null;
  total: number | string;
};

/** One page of the filtered lines and the filtered count; `limit` null reads them all (the xlsx export). */
export async function listHistory(
  db: DbOrTx,
  platformId: number,
  filter: HistoryFilter,
  page: { limit: number | null; offset: number },
): Promise<{ rows: HistoryRow[]; count: number }> {
  const limit = page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`;
  // Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral type cannot say so.
  const result = (await db.execute(sql`
    select l.*, count(*) over () as total
    from (${historyLines(platformId)}) l
    where ${conditions(filter)}
    order by l.at desc, l.id desc
    ${limit}
  `)) as unknown as { rows: RawRow[] };
  return {
    count: Number(result.rows[0]?.total ?? 0),
    rows: result.rows.map((row) => ({
      id: row.id,
      at: new Date(row.at),
      type: row.type,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id === null ? null : Number(row.entity_id),
      userId: row.user_id === null ? null : Number(row.user_id),
      impersonatorId: row.impersonator_id === null ? null : Number(row.impersonator_id),
      ip: row.ip,
      userAgent: row.user_agent,
      details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
    })),
  };
}
