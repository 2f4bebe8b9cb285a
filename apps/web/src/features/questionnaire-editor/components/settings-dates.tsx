import { Fieldset, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditorWindow } from '@lea/shared';
import { DayInput } from '../../../forms/day-input';
import { ProfileChecks } from './profile-checks';
import type { SettingsSectionProps } from './settings-types';
import { useProfileTitle } from '../../../shell/profile-title';

type WindowKey = 'all' | 1 | 2 | 3 | 4;

type WindowProps = {
  legend: string;
  path: string;
  window: EditorWindow | null;
  required: boolean;
  error: SettingsSectionProps['error'];
  onChange: (window: EditorWindow) => void;
};

function WindowInputs({ legend, path, window, required, error, onChange }: WindowProps) {
  const { t } = useTranslation('questionnaire-editor');
  const current = window ?? { startDate: null, endDate: null };
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DayInput
          placeholder={t('settings.datePlaceholder')}
          label={t('settings.startDate')}
          required={required}
          value={current.startDate}
          error={error(`${path}.startDate`)}
          onChange={(startDate) => onChange({ ...current, startDate })}
        />
        <DayInput
          placeholder={t('settings.datePlaceholder')}
          label={t('settings.endDate')}
          required={required}
          value={current.endDate}
          minDate={current.startDate}
          error={error(`${path}.endDate`)}
          onChange={(endDate) => onChange({ ...current, endDate })}
        />
      </Group>
    </Fieldset>
  );
}

/**
 * Access dates (spec 3 §5): one window for every profile when the switch is on, else one per profile
 * that may view, required only for the profiles that sign; per-crew dates; the completeness date.
 */
export function DateSettings({ settings, options, error, onChange }: SettingsSectionProps) {
  const { t } = useTranslation('questionnaire-editor');
  const titleOf = useProfileTitle();
  const setWindow = (key: WindowKey, window: EditorWindow) => onChange({ accessDates: { ...settings.accessDates, [key]: window } });
  const crewTitle = (id: number) => options.crews.find((crew) => crew.id === id)?.title ?? `#${id}`;
  return (
    <Stack gap="md">
      <Switch
        label={t('settings.allProfileDates')}
        checked={settings.allProfileDates}
        onChange={(event) => onChange({ allProfileDates: event.currentTarget.checked })}
      />
      {settings.allProfileDates ? (
        <WindowInputs
          legend={t('settings.allProfiles')}
          path="accessDates.all"
          window={settings.accessDates.all}
          required
          error={error}
          onChange={(window) => setWindow('all', window)}
        />
      ) : (
        settings.visibleBy.map((profile) => (
          <WindowInputs
            key={profile}
            legend={titleOf(profile)}
            path={`accessDates.${profile}`}
            window={settings.accessDates[profile as 1 | 2 | 3 | 4]}
            required={settings.signedBy.includes(profile)}
            error={error}
            onChange={(window) => setWindow(profile as 1 | 2 | 3 | 4, window)}
          />
        ))
      )}
      <DayInput
        placeholder={t('settings.datePlaceholder')}
        label={t('settings.completenessDate')}
        value={settings.completenessDate}
        error={error('completenessDate')}
        onChange={(completenessDate) => onChange({ completenessDate })}
      />
      <Switch
        label={t('settings.useCrewDates')}
        checked={settings.useCrewDates}
        onChange={(event) => onChange({ useCrewDates: event.currentTarget.checked })}
      />
      {settings.useCrewDates &&
        (settings.crews.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('settings.noCrewChosen')}
          </Text>
        ) : (
          settings.crews.map((crew, index) => (
            <WindowInputs
              key={crew.id}
              legend={crewTitle(crew.id)}
              path={`crews.${index}`}
              window={crew}
              required={false}
              error={error}
              onChange={(window) => onChange({ crews: settings.crews.map((item, at) => (at === index ? { ...item, ...window } : item)) })}
            />
          ))
        ))}
    </Stack>
  );
}

/** First and second reminders, and the interview date with its label and who gives it. */
export function ReminderSettings({ settings, options, error, onChange }: SettingsSectionProps) {
  const { t } = useTranslation('questionnaire-editor');
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DayInput
          placeholder={t('settings.datePlaceholder')}
          label={t('settings.firstReminder')}
          value={settings.firstReminder}
          error={error('firstReminder')}
          onChange={(firstReminder) => onChange({ firstReminder })}
        />
        <DayInput
          placeholder={t('settings.datePlaceholder')}
          label={t('settings.secondReminder')}
          value={settings.secondReminder}
          minDate={settings.firstReminder}
          error={error('secondReminder')}
          onChange={(secondReminder) => onChange({ secondReminder })}
        />
      </Group>
      <Switch
        label={t('settings.useInterviewDate')}
        description={t('settings.useInterviewDateHelp')}
        checked={settings.useInterviewDate}
        onChange={(event) => onChange({ useInterviewDate: event.currentTarget.checked })}
      />
      {settings.useInterviewDate && (
        <>
          <TextInput
            label={t('settings.interviewDateLabel')}
            placeholder={options.defaultInterviewDateLabel}
            value={settings.interviewDateLabel ?? ''}
            maxLength={255}
            error={error('interviewDateLabel')}
            onChange={(event) => onChange({ interviewDateLabel: event.currentTarget.value === '' ? null : event.currentTarget.value })}
          />
          <ProfileChecks
            label={t('settings.interviewDateVisibleBy')}
            required
            profiles={settings.visibleBy}
            value={settings.interviewDateVisibleBy}
            error={error('interviewDateVisibleBy')}
            onChange={(interviewDateVisibleBy) => onChange({ interviewDateVisibleBy })}
          />
        </>
      )}
    </Stack>
  );
}
