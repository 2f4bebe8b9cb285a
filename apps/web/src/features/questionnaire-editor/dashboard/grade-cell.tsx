import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GradebookEntry } from '@lea/shared';
import { PROFILE_KEYS } from './dashboard-data';
import { gridClasses } from './dashboard-grid';
import { useProfileTitle } from '../../../shell/profile-title';
import { numberFormat } from '../../../shell/intl-formats';

/** `12,5 / 20` in the user's language. */
export function formatMark(mark: number, maximalMark: number, language: string): string {
  const format = numberFormat(language.startsWith('en') ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 2 });
  return `${format.format(mark)} / ${format.format(maximalMark)}`;
}

/** One triad's marks in a questionnaire column: a 94 px box per profile whose shared or signed reply has marks. */
export function GradeCell({ entry }: { entry: GradebookEntry | undefined }) {
  const { t, i18n } = useTranslation('questionnaire-editor');
  const titleOf = useProfileTitle();
  if (!entry) {
    return (
      <Text size="xs" c="dimmed" ta="center">
        {t('dashboard.notConcerned')}
      </Text>
    );
  }
  const marks = PROFILE_KEYS.flatMap(({ profile, key }) => {
    const mark = entry[key];
    return mark ? [{ profile, mark }] : [];
  });
  if (marks.length === 0) {
    return (
      <Text size="xs" c="dimmed" ta="center">
        {t('dashboard.noMark')}
      </Text>
    );
  }
  return (
    <div className={gridClasses.profiles}>
      {marks.map(({ profile, mark }) => {
        const text = formatMark(mark.mark, mark.maximalMark, i18n.language);
        return (
          <Tooltip key={profile} label={`${titleOf(profile)} : ${text}`}>
            <div
              className={gridClasses.profile}
              data-profile={profile}
              tabIndex={0}
              role="img"
              aria-label={`${titleOf(profile)} : ${text}`}
            >
              <Text size="xs" fw={700} c="dimmed" aria-hidden>
                {titleOf(profile, 'titleAbbreviation')}
              </Text>
              <Text size="sm" fw={600} aria-hidden>
                {text}
              </Text>
            </div>
          </Tooltip>
        );
      })}
    </div>
  );
}
