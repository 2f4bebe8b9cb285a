import { describe, expect, it } from 'vitest';
import type { SkillSessionView } from '@lea/shared';
import { radarData } from './radar-data';

const skill = (id: number, answers: Record<string, number>) => ({
  id,
  name: `Compétence ${id}`,
  tooltip: null,
  needJustificative: false,
  requiredValue: null,
  computed: false,
  answers: Object.fromEntries(Object.entries(answers).map(([profile, value]) => [profile, { value, assessment: null, files: [] }])),
});

const session = (categories: SkillSessionView['skillCategories']): SkillSessionView => ({
  id: 1,
  name: 'Semestre 1',
  startDate: '2026-01-01',
  endDate: '2026-06-30',
  open: true,
  currentSkillSession: true,
  skillCategories: categories,
});

describe('radarData', () => {
  it('gives one axis per category holding skills, depth first, with each profile’s mean of its rated levels', () => {
    const { rows, hasData } = radarData(
      session([
        {
          id: 1,
          name: 'Bloc 1',
          code: null,
          mother: null,
          skills: [skill(1, { '1': 4, '2': 2 }), skill(2, { '1': 2, '2': 0 })],
          daughters: [{ id: 2, name: 'Savoir-être', code: null, mother: 1, skills: [skill(3, { '2': 3 })], daughters: [] }],
        },
        { id: 3, name: 'Vide', code: null, mother: null, skills: [], daughters: [] },
      ]),
      [1, 2],
    );
    expect(hasData).toBe(true);
    // Unrated skills (0) are left out of the mean: the tutor's 2 alone on Bloc 1.
    expect(rows).toEqual([
      { category: 'Bloc 1', index: 1, p1: 3, p2: 2 },
      { category: 'Savoir-être', index: 2, p1: 0, p2: 3 },
    ]);
  });

  it('says when no profile rated anything', () => {
    expect(
      radarData(session([{ id: 1, name: 'Bloc', code: null, mother: null, skills: [skill(1, {})], daughters: [] }]), [1, 2, 3]).hasData,
    ).toBe(false);
  });
});
