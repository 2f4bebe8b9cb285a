import { MultiSelect, NumberInput, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SettingsSectionProps } from './settings-types';

const ids = (values: string[]) => values.map(Number);

/** Crews and triads the questionnaire applies to (none: every triad), and its secondary questionnaires. */
export function AudienceSettings({ settings, options, error, onChange }: SettingsSectionProps) {
  const { t } = useTranslation('questionnaire-editor');
  const triadGroups = [
    ...options.crews.map((crew) => ({
      group: crew.title,
      items: crew.triads.map((triad) => ({ value: String(triad.id), label: triad.title })),
    })),
    ...(options.triads.length > 0
      ? [{ group: t('settings.noCrew'), items: options.triads.map((triad) => ({ value: String(triad.id), label: triad.title })) }]
      : []),
  ].filter((group) => group.items.length > 0);
  const setCrews = (values: string[]) =>
    // A crew kept keeps its own dates.
    onChange({ crews: ids(values).map((id) => settings.crews.find((crew) => crew.id === id) ?? { id, startDate: null, endDate: null }) });
  return (
    <Stack gap="sm">
      <MultiSelect
        label={t('settings.crews')}
        description={t('settings.audienceHelp')}
        data={options.crews.map((crew) => ({ value: String(crew.id), label: crew.title }))}
        value={settings.crews.map((crew) => String(crew.id))}
        error={error('crews')}
        onChange={setCrews}
        searchable
        clearable
      />
      <MultiSelect
        label={t('settings.triads')}
        data={triadGroups}
        value={settings.triads.map((triad) => String(triad.id))}
        error={error('triads')}
        onChange={(values) => onChange({ triads: ids(values).map((id) => ({ id })) })}
        searchable
        clearable
      />
      <MultiSelect
        label={t('settings.secondaryQuestionnaires')}
        data={options.questionnaires.map((item) => ({
          value: String(item.id),
          label: `${item.title} (${t('list.year', { year: item.year })})`,
        }))}
        value={settings.secondaryQuestionnaires.map((item) => String(item.id))}
        error={error('secondaryQuestionnaires')}
        onChange={(values) => onChange({ secondaryQuestionnaires: ids(values).map((id) => ({ id })) })}
        searchable
        clearable
      />
    </Stack>
  );
}

/** Marks: computed automatically or not, and the questionnaire's maximum. */
export function MarkSettings({ settings, error, onChange }: SettingsSectionProps) {
  const { t } = useTranslation('questionnaire-editor');
  return (
    <Stack gap="sm">
      <Switch
        label={t('settings.markAutomatic')}
        description={t('settings.markAutomaticHelp')}
        checked={settings.markAutomatic}
        onChange={(event) => onChange({ markAutomatic: event.currentTarget.checked })}
      />
      <NumberInput
        label={t('settings.markMaximum')}
        value={settings.markMaximum ?? ''}
        min={1}
        max={100000}
        allowDecimal={false}
        error={error('markMaximum')}
        onChange={(value) => onChange({ markMaximum: typeof value === 'number' ? value : null })}
      />
    </Stack>
  );
}
