import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProfileChecks } from './profile-checks';
import { RichTextArea } from './rich-text-area';
import type { SettingsSectionProps } from './settings-types';

const MAX_YEAR = 10;

/** Title, category, year, texts and the active/locked switches. */
export function GeneralSettings({ settings, options, error, onChange }: SettingsSectionProps) {
  const { t } = useTranslation('questionnaire-editor');
  // The course's years and the next one, so that a new year can be started here.
  const last = Math.min(MAX_YEAR, Math.max(settings.year, ...options.years, 0) + 1);
  const years = Array.from({ length: last }, (_, index) => String(index + 1));
  return (
    <Stack gap="sm">
      <TextInput
        label={t('settings.title')}
        withAsterisk
        value={settings.title}
        error={error('title')}
        maxLength={255}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
      />
      <Select
        label={t('settings.category')}
        withAsterisk
        data={options.categories.map((category) => ({ value: String(category.id), label: category.title }))}
        value={settings.category ? String(settings.category.id) : null}
        error={error('category')}
        onChange={(value) => onChange({ category: value === null ? null : { id: Number(value) } })}
        searchable
        nothingFoundMessage={t('settings.noCategory')}
      />
      <Select
        label={t('settings.year')}
        data={years.map((year) => ({ value: year, label: t('list.year', { year }) }))}
        value={String(settings.year)}
        allowDeselect={false}
        onChange={(value) => value && onChange({ year: Number(value) })}
      />
      <RichTextArea
        label={t('settings.description')}
        description={t('settings.descriptionHelp')}
        value={settings.description}
        onChange={(description) => onChange({ description })}
      />
      <RichTextArea
        label={t('settings.descriptionPdf')}
        description={t('settings.descriptionPdfHelp')}
        value={settings.descriptionPdf}
        onChange={(descriptionPdf) => onChange({ descriptionPdf })}
      />
      <Textarea
        label={t('settings.message')}
        description={t('settings.messageHelp')}
        value={settings.message ?? ''}
        autosize
        minRows={1}
        maxLength={5000}
        onChange={(event) => onChange({ message: event.currentTarget.value.trim() === '' ? null : event.currentTarget.value })}
      />
      <Switch
        label={t('settings.active')}
        checked={settings.active}
        onChange={(event) => onChange({ active: event.currentTarget.checked })}
      />
      <Switch
        label={t('settings.locked')}
        description={t('settings.lockedHelp')}
        checked={settings.locked}
        onChange={(event) => onChange({ locked: event.currentTarget.checked })}
      />
    </Stack>
  );
}

/** Who views, signs, sees the marks and may copy (spec 3 §5: a signer only among those who view). */
export function ProfileSettings({ settings, error, onChange }: SettingsSectionProps) {
  const { t } = useTranslation('questionnaire-editor');
  const setVisibleBy = (visibleBy: number[]) =>
    onChange({
      visibleBy,
      signedBy: settings.signedBy.filter((profile) => visibleBy.includes(profile)),
      interviewDateVisibleBy: settings.interviewDateVisibleBy.filter((profile) => visibleBy.includes(profile)),
    });
  return (
    <Stack gap="md">
      <ProfileChecks
        label={t('settings.visibleBy')}
        required
        value={settings.visibleBy}
        error={error('visibleBy')}
        onChange={setVisibleBy}
      />
      <ProfileChecks
        label={t('settings.signedBy')}
        description={t('settings.signedByHelp')}
        required
        value={settings.signedBy}
        profiles={settings.visibleBy}
        error={error('signedBy')}
        onChange={(signedBy) => onChange({ signedBy })}
      />
      <ProfileChecks
        label={t('settings.marksVisibleBy')}
        value={settings.marksVisibleBy}
        error={error('marksVisibleBy')}
        onChange={(marksVisibleBy) => onChange({ marksVisibleBy })}
      />
      <ProfileChecks
        label={t('settings.canBeCopiedBy')}
        description={t('settings.canBeCopiedByHelp')}
        value={settings.canBeCopiedBy}
        error={error('canBeCopiedBy')}
        onChange={(canBeCopiedBy) => onChange({ canBeCopiedBy })}
      />
      <Switch
        label={t('settings.useComments')}
        checked={settings.useComments}
        onChange={(event) => onChange({ useComments: event.currentTarget.checked })}
      />
    </Stack>
  );
}
