import { asc, eq } from 'drizzle-orm';
import type { FieldChoice } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { skillCategories, skillTypes } from '../../db/schema/index.js';

type CategoryRow = { id: number; name: string; code: string | null; motherId: number | null; position: number };

/** The course's categories in tree order, each with its path (Mother › Daughter) and depth. */
export async function categoryTree(db: DbOrTx, courseId: number) {
  const rows: CategoryRow[] = await db
    .select({
      id: skillCategories.id,
      name: skillCategories.name,
      code: skillCategories.code,
      motherId: skillCategories.motherId,
      position: skillCategories.position,
    })
    .from(skillCategories)
    .where(eq(skillCategories.trainingCourseId, courseId))
    .orderBy(asc(skillCategories.position), asc(skillCategories.id));
  const known = new Set(rows.map((row) => row.id));
  const ordered: (CategoryRow & { path: string; depth: number })[] = [];
  const walk = (motherId: number | null, prefix: string, depth: number, seen: Set<number>) => {
    for (const row of rows.filter(
      (entry) => entry.motherId === motherId || (motherId === null && entry.motherId !== null && !known.has(entry.motherId)),
    )) {
      if (seen.has(row.id)) continue;
      const path = prefix ? `${prefix} › ${row.name}` : row.name;
      ordered.push({ ...row, path, depth });
      walk(row.id, path, depth + 1, new Set([...seen, row.id]));
    }
  };
  walk(null, '', 0, new Set());
  return ordered;
}

/** A category and every category below it. */
export function descendantsOf(tree: { id: number; motherId: number | null }[], id: number): Set<number> {
  const found = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of tree) {
      if (row.motherId !== null && found.has(row.motherId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}

export async function categoryChoices(
  db: DbOrTx,
  courseId: number,
  options: { rootsOnly?: boolean; except?: Set<number> } = {},
): Promise<FieldChoice[]> {
  const tree = await categoryTree(db, courseId);
  return tree
    .filter((row) => (!options.rootsOnly || row.motherId === null) && !options.except?.has(row.id))
    .map((row) => ({ value: String(row.id), label: row.path }));
}

export async function skillTypeChoices(db: DbOrTx, courseId: number): Promise<FieldChoice[]> {
  const rows = await db
    .select({ id: skillTypes.id, name: skillTypes.name })
    .from(skillTypes)
    .where(eq(skillTypes.trainingCourseId, courseId))
    .orderBy(asc(skillTypes.position), asc(skillTypes.id));
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}
