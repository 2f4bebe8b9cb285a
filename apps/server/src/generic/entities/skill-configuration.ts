import { MAX_SKILL_LEVEL, MIN_SKILL_LEVEL, PROFILE, SkillConfigurationInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { skillConfigurations } from '../../db/schema/index.js';
import { levelLabelsFor, loadSkillConfig } from '../../services/skill-levels.js';
import { buildFormModel, choicesOf } from '../form-builder.js';
import { profileLabel } from '../text.js';
import { defineEntity } from '../types.js';

type ConfigurationRecord = {
  id: number;
  maxSkillLevel: number;
  levelLabels: string[];
  skillRoles: number[];
  skillPresentation: string | null;
};

async function configurationOf(db: DbOrTx, courseId: number, locale: 'fr' | 'en'): Promise<ConfigurationRecord> {
  const config = await loadSkillConfig(db, courseId);
  return { id: courseId, ...config, levelLabels: levelLabelsFor(config.maxSkillLevel, config.levelLabels, locale) };
}

const LEVEL_COUNTS = Array.from({ length: MAX_SKILL_LEVEL - MIN_SKILL_LEVEL + 1 }, (_, index) => String(MIN_SKILL_LEVEL + index));

/**
 * skill-configuration (manager area, spec 3 §2.1 skill/configuration, §4–§5): the number of levels,
 * one label per level (extra labels trimmed when the maximum goes down, the spec's defaults for
 * missing ones), the profiles who rate and the presentation. A singleton: the scope's course.
 */
export const skillConfigurationEntity = defineEntity<ConfigurationRecord, SkillConfigurationInput, 'manager'>({
  alias: 'skill-configuration',
  table: skillConfigurations,
  area: 'manager',
  access: 'MODULE_LEA_SKILL',
  screen: { path: 'skill/configuration' },
  titles: {
    list: 'skillManage.config.title',
    add: 'skillManage.config.edit',
    edit: 'skillManage.config.edit',
    back: 'skillManage.config.back',
  },
  async find(db, scope, id) {
    return id === scope.course.id ? configurationOf(db, id, scope.locale) : null;
  },
  singleton: { one: (db, scope) => configurationOf(db, scope.course.id, scope.locale) },
  async form(_db, scope, { record }) {
    const profiles = [PROFILE.apprentice, PROFILE.tutor, PROFILE.apprenticeMaster, PROFILE.manager];
    return buildFormModel(
      'skill-configuration',
      scope,
      [
        {
          code: 'skillConfiguration',
          label: 'skillManage.config.tab',
          fields: [
            {
              name: 'maxSkillLevel',
              kind: 'select',
              label: 'skillManage.word.maxSkillLevel',
              required: true,
              choices: LEVEL_COUNTS.map((value) => ({ value, label: value })),
            },
            {
              name: 'levelLabels',
              kind: 'multiselect',
              label: 'skillManage.word.levelLabels',
              help: 'skillManage.word.levelLabelsHelp',
              attributes: { taggable: true, maxTags: MAX_SKILL_LEVEL },
            },
            {
              name: 'skillRoles',
              kind: 'checkboxgroup',
              label: 'skillManage.word.skillRoles',
              choices: choicesOf(
                scope,
                profiles.map((profile) => ({ value: String(profile), label: profileLabel(profile) })),
              ),
            },
            { name: 'skillPresentation', kind: 'textarea', label: 'skillManage.word.presentation' },
          ],
        },
      ],
      record
        ? {
            maxSkillLevel: String(record.maxSkillLevel),
            levelLabels: record.levelLabels,
            skillRoles: record.skillRoles.map(String),
            skillPresentation: record.skillPresentation,
          }
        : null,
    );
  },
  input: SkillConfigurationInput,
  async save(tx, scope, input) {
    // The labels of the levels kept, the defaults of that count for the others: extra ones are trimmed.
    const stored = levelLabelsFor(input.maxSkillLevel, input.levelLabels, scope.locale);
    const values = {
      maxSkillLevel: input.maxSkillLevel,
      levelLabels: stored,
      skillRoles: [...new Set(input.skillRoles)].sort(),
      skillPresentation: input.skillPresentation,
    };
    await tx
      .insert(skillConfigurations)
      .values({ trainingCourseId: scope.course.id, ...values })
      .onConflictDoUpdate({ target: skillConfigurations.trainingCourseId, set: values });
    return scope.course.id;
  },
  messages: { saved: 'skillManage.config.saved' },
});
