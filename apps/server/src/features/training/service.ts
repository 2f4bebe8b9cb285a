import type { TrainingListResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { searchText } from '../../services/triad-membership.js';
import { countCourses, listCourses } from './queries.js';

export type TrainingListInput = { archive: number; page: number; length: number; search?: string };

/**
 * The training courses of the caller's platform that the caller manages or has a triad in
 * (every course for an administrator); archive 1 = active, 2 = archived (spec 2 §2). One
 * statement: the page carries the count before paging.
 */
export async function listTrainingCourses(db: Db, caller: Caller, input: TrainingListInput): Promise<TrainingListResponse> {
  const filter = {
    platformId: caller.platformId,
    userId: caller.userId,
    admin: caller.admin,
    archived: input.archive === 2,
    search: searchText(input.search),
    limit: input.length,
    offset: input.page * input.length,
  };
  const rows = await listCourses(db, filter);
  const total = rows.length > 0 ? rows[0]!.total : filter.offset === 0 ? 0 : await countCourses(db, filter);
  return {
    count: total,
    trainingCourses: rows.map((row) => ({
      id: row.id,
      displayName: row.displayName,
      nbTriad: row.nbTriad,
      isLeaManager: row.isManager,
      archive: row.archived,
      startYear: row.startYear,
      endYear: row.endYear,
      menu: row.menu,
    })),
  };
}
