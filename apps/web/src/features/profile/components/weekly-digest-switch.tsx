import { useTranslation } from 'react-i18next';
import { WeeklyDigestSetting } from '@lea/shared';
import { PreferenceSwitch } from '../../../shell/preference-switch';

/** The weekly to-do digest by e-mail (issue 20 §4): the reader's own preference, on by default. */
export function WeeklyDigestSwitch() {
  const { t } = useTranslation('profile');
  return (
    <PreferenceSwitch
      path="/app/user/weekly-digest"
      field="weeklyDigest"
      schema={WeeklyDigestSetting}
      queryKey={['profile', 'weekly-digest']}
      texts={{
        label: t('weeklyDigest.label'),
        description: t('weeklyDigest.description'),
        on: t('weeklyDigest.on'),
        off: t('weeklyDigest.off'),
        error: t('weeklyDigest.error'),
      }}
    />
  );
}
