import { and, asc, eq, isNull, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { skillCategories, skills, skillTypes } from '../../db/schema/index.js';
import { textRef, type TextRef } from '../../texts/index.js';
import { COUNT_SLOT } from '../text.js';
import type { ExchangeColumn, ExchangeDeclaration, ImportLine, ImportProblem, ImportResult, ManagerScope } from '../types.js';
import { categoryTree } from './skill-choices.js';

/** A skill as the model and the update file show it. */
export type SkillExportRow = {
  id: number;
  category: string;
  subCategory: string;
  name: string;
  type: string;
  tooltip: string;
  justification: boolean;
};

const YES = new Set(['oui', 'o', 'yes', 'y', 'x', '1']);
const NO = new Set(['non', 'n', 'no', '0']);
const parseYesNo = (cell: string): { value: boolean } | TextRef => {
  const word = cell.trim().toLowerCase();
  if (word === '' || NO.has(word)) return { value: false };
  return YES.has(word) ? { value: true } : textRef('backOffice.import.yesNo');
};
const parseId = (cell: string) => (/^\d{1,9}$/.test(cell) ? { value: Number(cell) } : textRef('backOffice.import.badId'));
const cellText = (value: unknown) =>
  typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value);

const columns = (update: boolean): ExchangeColumn<SkillExportRow>[] => [
  ...(update
    ? [
        {
          key: 'id',
          header: 'backOffice.import.id' as const,
          required: true,
          parse: parseId,
          value: (row: SkillExportRow) => row.id,
          width: 12,
        },
      ]
    : []),
  {
    key: 'category',
    header: 'skillManage.file.category',
    required: true,
    value: (row) => row.category,
    example: textRef('skillManage.file.exampleCategory'),
    width: 40,
  },
  {
    key: 'subCategory',
    header: 'skillManage.file.subCategory',
    value: (row) => row.subCategory,
    example: textRef('skillManage.file.exampleSubCategory'),
    width: 30,
  },
  {
    key: 'name',
    header: 'skillManage.file.skill',
    required: true,
    value: (row) => row.name,
    example: textRef('skillManage.file.exampleSkill'),
    width: 60,
  },
  { key: 'type', header: 'skillManage.file.type', value: (row) => row.type, width: 20 },
  { key: 'tooltip', header: 'skillManage.file.tooltip', value: (row) => row.tooltip, width: 40 },
  {
    key: 'justification',
    header: 'skillManage.file.justification',
    parse: parseYesNo,
    value: (row) => (row.justification ? textRef('backOffice.import.yes') : textRef('backOffice.import.no')),
    example: textRef('backOffice.import.no'),
    width: 16,
  },
];

/** The category named `name` under `motherId`, created at the end of its siblings when missing. */
async function categoryNamed(tx: Tx, courseId: number, name: string, motherId: number | null): Promise<number> {
  const mother = motherId === null ? isNull(skillCategories.motherId) : eq(skillCategories.motherId, motherId);
  const [found] = await tx
    .select({ id: skillCategories.id })
    .from(skillCategories)
    .where(and(eq(skillCategories.trainingCourseId, courseId), mother, eq(skillCategories.name, name)))
    .orderBy(asc(skillCategories.id))
    .limit(1);
  if (found) return found.id;
  const [last] = await tx
    .select({ last: max(skillCategories.position) })
    .from(skillCategories)
    .where(and(eq(skillCategories.trainingCourseId, courseId), mother));
  const [row] = await tx
    .insert(skillCategories)
    .values({ trainingCourseId: courseId, motherId, name: name.slice(0, 500), position: (last?.last ?? -1) + 1 })
    .returning({ id: skillCategories.id });
  return row!.id;
}

/**
 * The skills of an import file (spec 3 §2.2 skill import, decision 015): a line names its category
 * (and sub-category), created when missing, and its skill; a type must be one of the course's. An
 * update file changes the skills it names by id. Any error rolls the whole file back.
 */
async function applySkills(tx: Tx, scope: ManagerScope, lines: ImportLine[], update: boolean): Promise<ImportResult> {
  const courseId = scope.course.id;
  const types = new Map(
    (await tx.select({ id: skillTypes.id, name: skillTypes.name }).from(skillTypes).where(eq(skillTypes.trainingCourseId, courseId))).map(
      (row) => [row.name.trim().toLowerCase(), row.id],
    ),
  );
  const known = update ? new Set((await categoryTree(tx, courseId)).map((row) => row.id)) : new Set<number>();
  const errors: ImportProblem[] = [];
  let count = 0;
  for (const line of lines) {
    const typeName = cellText(line.values.type);
    const typeId = typeName ? types.get(typeName.toLowerCase()) : null;
    if (typeId === undefined) {
      errors.push({ line: line.line, column: 'type', message: textRef('skillManage.file.unknownType', { name: typeName }) });
      continue;
    }
    const root = await categoryNamed(tx, courseId, cellText(line.values.category), null);
    const sub = cellText(line.values.subCategory);
    const categoryId = sub ? await categoryNamed(tx, courseId, sub, root) : root;
    const values = {
      skillCategoryId: categoryId,
      skillTypeId: typeId,
      name: cellText(line.values.name).slice(0, 2000),
      tooltip: cellText(line.values.tooltip) || null,
      needJustificative: line.values.justification === true,
    };
    if (update) {
      const id = Number(line.values.id);
      const [current] = await tx.select({ categoryId: skills.skillCategoryId }).from(skills).where(eq(skills.id, id));
      if (!current || !known.has(current.categoryId)) {
        errors.push({ line: line.line, column: 'id', message: textRef('skillManage.file.unknownSkill') });
        continue;
      }
      await tx.update(skills).set(values).where(eq(skills.id, id));
    } else {
      const [last] = await tx
        .select({ last: max(skills.position) })
        .from(skills)
        .where(eq(skills.skillCategoryId, categoryId));
      await tx.insert(skills).values({ ...values, position: (last?.last ?? -1) + 1 });
    }
    count += 1;
  }
  return update ? { created: 0, updated: count, errors } : { created: count, updated: 0, errors };
}

export const skillExchange: ExchangeDeclaration<SkillExportRow, ManagerScope> = {
  fileName: 'lea-competences',
  modelFileName: 'modele_import_competences.xlsx',
  sheetName: 'skillManage.skill.list',
  texts: {
    import: 'skillManage.file.importText',
    update: 'skillManage.file.updateText',
    created: { one: textRef('skillManage.file.createdOne', COUNT_SLOT), other: textRef('skillManage.file.createdOther', COUNT_SLOT) },
    updated: { one: textRef('skillManage.file.updatedOne', COUNT_SLOT), other: textRef('skillManage.file.updatedOther', COUNT_SLOT) },
    thanks: 'skillManage.file.thanks',
  },
  columns,
  async exportRecords(db, scope) {
    const tree = await categoryTree(db, scope.course.id);
    const byId = new Map(tree.map((row) => [row.id, row]));
    const rows = await db
      .select({ skill: skills, type: skillTypes.name })
      .from(skills)
      .innerJoin(skillCategories, eq(skillCategories.id, skills.skillCategoryId))
      .leftJoin(skillTypes, eq(skillTypes.id, skills.skillTypeId))
      .where(eq(skillCategories.trainingCourseId, scope.course.id))
      .orderBy(asc(skills.position), asc(skills.id));
    return rows.map(({ skill, type }) => {
      const category = byId.get(skill.skillCategoryId);
      const mother = category?.motherId ? byId.get(category.motherId) : undefined;
      return {
        id: skill.id,
        category: mother ? mother.path : (category?.path ?? ''),
        subCategory: mother ? (category?.name ?? '') : '',
        name: skill.name,
        type: type ?? '',
        tooltip: skill.tooltip ?? '',
        justification: skill.needJustificative,
      };
    });
  },
  apply: (tx, scope, lines, update) => applySkills(tx, scope, lines, update),
};
