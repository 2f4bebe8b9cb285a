import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SkillDashboardEntry, SkillDashboardLevel } from '@lea/shared';
import { gridClasses } from './dashboard-grid';
import { useProfileTitle } from '../../../shell/profile-title';

const PROFILES = [
  { profile: 1, key: 'apprenticeReply' },
  { profile: 2, key: 'tutorReply' },
  { profile: 3, key: 'apprenticeMasterReply' },
  { profile: 4, key: 'leaManagerReply' },
] as const;

/** Spec 3 §4: 1 acquired, 2 in progress, 3 not acquired. */
export const LEVELS: Record<SkillDashboardLevel, { key: string; color: string }> = {
  1: { key: 'dashboard.levelAcquired', color: 'var(--mantine-color-green-light)' },
  2: { key: 'dashboard.levelInProgress', color: 'var(--mantine-color-orange-light)' },
  3: { key: 'dashboard.levelNotAcquired', color: 'var(--mantine-color-red-light)' },
};

/** One triad's levels on one skill: a box per profile that rated it. */
export function SkillLevelCell({ entry }: { entry: SkillDashboardEntry | undefined }) {
  const { t } = useTranslation('questionnaire-editor');
  const titleOf = useProfileTitle();
  const levels = PROFILES.flatMap(({ profile, key }) => {
    const level = entry?.[key] ?? null;
    return level === null ? [] : [{ profile, level }];
  });
  if (levels.length === 0) {
    return (
      <Text size="xs" c="dimmed" ta="center">
        {t('dashboard.notRated')}
      </Text>
    );
  }
  return (
    <div className={gridClasses.profiles}>
      {levels.map(({ profile, level }) => {
        const word = t(LEVELS[level].key);
        return (
          <Tooltip key={profile} label={`${titleOf(profile)} : ${word}`}>
            <div
              className={gridClasses.profile}
              data-profile={profile}
              data-level={level}
              tabIndex={0}
              role="img"
              aria-label={`${titleOf(profile)} : ${word}`}
              style={{ background: LEVELS[level].color }}
            >
              <Text size="xs" fw={700} c="dimmed" aria-hidden>
                {titleOf(profile, 'titleAbbreviation')}
              </Text>
              <Text size="xs" fw={600} aria-hidden>
                {word}
              </Text>
            </div>
          </Tooltip>
        );
      })}
    </div>
  );
}
