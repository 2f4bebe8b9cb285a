import type { Tx } from '../db/client.js';
import {
  skillAnswerHistories,
  skillAnswers,
  skillCategories,
  skillConfigurations,
  skillReplies,
  skills,
  skillSessionCategories,
  skillSessions,
  skillTypes,
} from '../db/schema/index.js';
import { parisDayAfter } from './paris-day.js';

type DemoSkill = { name: string; tooltip?: string; needJustificative?: boolean; type?: 0 | 1 };
type DemoCategory = { name: string; code?: string; skills: DemoSkill[]; daughters?: DemoCategory[] };

/** The demo course's grid: an RNCP block as the import writes it, and a nested category of the school's own. */
const CATEGORIES: DemoCategory[] = [
  {
    name: 'Support et mise à disposition de services informatiques',
    code: 'RNCP35340BC01',
    skills: [
      { name: 'Gérer le patrimoine informatique', type: 0 },
      { name: 'Répondre aux incidents et aux demandes d’assistance et d’évolution', type: 0, needJustificative: true },
      { name: 'Développer la présence en ligne de l’organisation', type: 0 },
      { name: 'Travailler en mode projet', type: 1 },
    ],
  },
  {
    name: 'Compétences en entreprise',
    skills: [],
    daughters: [
      {
        name: 'Savoir-faire techniques',
        skills: [
          { name: 'Installer et configurer un poste de travail', tooltip: 'Système, comptes, logiciels métier', type: 0 },
          { name: 'Rédiger une documentation technique', type: 0, needJustificative: true },
        ],
      },
      {
        name: 'Savoir-être',
        skills: [
          { name: 'Communiquer avec les utilisateurs', type: 1 },
          { name: 'Respecter les délais et les consignes', type: 1 },
        ],
      },
    ],
  },
];

/** Levels by profile (apprentice, tutor, master) for the n-th skill of the grid, per session. */
const RATINGS: Record<'closed' | 'open', [number, number, number][]> = {
  closed: [
    [3, 2, 3],
    [2, 2, 1],
    [1, 1, 2],
    [3, 3, 3],
    [4, 3, 4],
    [2, 2, 2],
    [3, 3, 4],
    [4, 4, 3],
  ],
  open: [
    [4, 3, 0],
    [3, 0, 2],
    [0, 2, 0],
    [4, 0, 4],
  ],
};

async function insertCategory(
  tx: Tx,
  courseId: number,
  category: DemoCategory,
  motherId: number | null,
  position: number,
  typeIds: number[],
) {
  const [row] = await tx
    .insert(skillCategories)
    .values({ trainingCourseId: courseId, motherId, name: category.name, code: category.code ?? null, position })
    .returning({ id: skillCategories.id });
  const id = row!.id;
  const skillIds = category.skills.length
    ? (
        await tx
          .insert(skills)
          .values(
            category.skills.map((skill, index) => ({
              skillCategoryId: id,
              skillTypeId: skill.type === undefined ? null : (typeIds[skill.type] ?? null),
              name: skill.name,
              tooltip: skill.tooltip ?? null,
              needJustificative: skill.needJustificative ?? false,
              position: index,
            })),
          )
          .returning({ id: skills.id })
      ).map((skill) => skill.id)
    : [];
  for (const [index, daughter] of (category.daughters ?? []).entries()) {
    skillIds.push(...(await insertCategory(tx, courseId, daughter, id, index, typeIds)).skillIds);
  }
  return { id, skillIds };
}

/**
 * The demo course's skills (issue 14 §6): its settings, two sessions (the first closed), nested
 * categories with an RNCP block, skills needing a justification, and the demo triad's ratings by the
 * apprentice, the tutor and the master with their history.
 */
export async function insertDemoSkills(
  tx: Tx,
  params: { courseId: number; triadId: number; people: Map<string, number> },
  today = new Date(),
) {
  const { courseId, triadId } = params;
  await tx.insert(skillConfigurations).values({ trainingCourseId: courseId, maxSkillLevel: 4, levelLabels: [], skillRoles: [1, 2, 3] });
  const typeIds = (
    await tx
      .insert(skillTypes)
      .values([
        { trainingCourseId: courseId, name: 'Technique', position: 0 },
        { trainingCourseId: courseId, name: 'Comportementale', position: 1 },
      ])
      .returning({ id: skillTypes.id })
  ).map((row) => row.id);
  const roots: number[] = [];
  const skillIds: number[] = [];
  for (const [index, category] of CATEGORIES.entries()) {
    const inserted = await insertCategory(tx, courseId, category, null, index, typeIds);
    roots.push(inserted.id);
    skillIds.push(...inserted.skillIds);
  }
  const sessions = await tx
    .insert(skillSessions)
    .values([
      {
        trainingCourseId: courseId,
        name: 'Semestre 1',
        startDate: parisDayAfter(today, -200),
        endDate: parisDayAfter(today, -20),
        position: 0,
      },
      {
        trainingCourseId: courseId,
        name: 'Semestre 2',
        startDate: parisDayAfter(today, -10),
        endDate: parisDayAfter(today, 160),
        position: 1,
      },
    ])
    .returning({ id: skillSessions.id });
  await tx
    .insert(skillSessionCategories)
    .values(sessions.flatMap((session) => roots.map((root) => ({ skillSessionId: session.id, skillCategoryId: root }))));

  const raters = ['apprenti', 'tuteur', 'maitre'].map((username) => params.people.get(username) ?? null);
  const plan = [
    { sessionId: sessions[0]!.id, ratings: RATINGS.closed, at: new Date(today.getTime() - 25 * 86_400_000) },
    { sessionId: sessions[1]!.id, ratings: RATINGS.open, at: new Date(today.getTime() - 2 * 86_400_000) },
  ];
  for (const { sessionId, ratings, at } of plan) {
    for (const [column, userId] of raters.entries()) {
      const [reply] = await tx
        .insert(skillReplies)
        .values({ triadId, skillSessionId: sessionId, profile: column + 1, userId, updatedAt: at })
        .returning({ id: skillReplies.id });
      const values = ratings
        .map((levels, index) => ({ skillId: skillIds[index], value: levels[column] ?? 0 }))
        .filter((entry): entry is { skillId: number; value: number } => entry.skillId !== undefined && entry.value > 0);
      if (values.length === 0) continue;
      const answers = await tx
        .insert(skillAnswers)
        .values(values.map((entry) => ({ skillReplyId: reply!.id, skillId: entry.skillId, value: entry.value })))
        .returning({ id: skillAnswers.id, value: skillAnswers.value });
      await tx
        .insert(skillAnswerHistories)
        .values(answers.map((answer) => ({ skillAnswerId: answer.id, userId, value: answer.value, createdAt: at })));
    }
  }
}
