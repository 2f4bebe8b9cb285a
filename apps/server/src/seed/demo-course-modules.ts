import type { Tx } from '../db/client.js';
import { ensureCourseModules } from '../services/course-modules.js';

/**
 * The demo courses' modules (decision 028): the platform's catalogue and each course's modules,
 * from the menu the course was created with, so that the module screens and menus only read.
 */
export async function insertDemoCourseModules(tx: Tx, params: { platformId: number; courseIds: number[] }): Promise<void> {
  for (const id of params.courseIds) await ensureCourseModules(tx, { id, platformId: params.platformId });
}
