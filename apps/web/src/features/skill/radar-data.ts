import type { SkillCategoryView, SkillSessionView } from '@lea/shared';

export type RadarRow = { category: string; index: number } & Record<string, number | string>;

/** Categories holding skills, depth first. */
function rated(categories: SkillCategoryView[]): SkillCategoryView[] {
  return categories.flatMap((category) => [...(category.skills.length > 0 ? [category] : []), ...rated(category.daughters)]);
}

/**
 * One radar axis per category with skills, one value per profile: the mean of that profile's rated
 * levels there (unrated skills left out). `hasData` is false when no profile rated anything.
 */
export function radarData(session: SkillSessionView, columns: number[]): { rows: RadarRow[]; hasData: boolean } {
  let hasData = false;
  const rows = rated(session.skillCategories).map((category, position) => {
    const row: RadarRow = { category: category.name, index: position + 1 };
    for (const profile of columns) {
      const values = category.skills.map((skill) => skill.answers[String(profile)]?.value ?? 0).filter((value) => value > 0);
      const mean = values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
      if (values.length) hasData = true;
      row[`p${profile}`] = Math.round(mean * 100) / 100;
    }
    return row;
  });
  return { rows, hasData };
}
