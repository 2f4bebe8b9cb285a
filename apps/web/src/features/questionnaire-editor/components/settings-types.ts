import type { QuestionnaireEditorOptions } from '@lea/shared';
import type { Settings } from '../editor/blocks';

/** What every part of the settings panel receives. */
export type SettingsSectionProps = {
  settings: Settings;
  options: QuestionnaireEditorOptions;
  /** The translated error of a body path (`title`, `accessDates.2.endDate`), if any. */
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<Settings>) => void;
};

export const SETTINGS_SECTIONS = ['general', 'profiles', 'audience', 'dates', 'reminders', 'marks'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** The section holding a settings field, to open it when that field is in error. */
export function sectionOf(field: string): SettingsSection {
  const root = field.split('.')[0] ?? '';
  if (['visibleBy', 'signedBy', 'marksVisibleBy', 'canBeCopiedBy', 'useComments'].includes(root)) return 'profiles';
  if (['triads', 'secondaryQuestionnaires'].includes(root)) return 'audience';
  if (['allProfileDates', 'accessDates', 'useCrewDates', 'crews', 'completenessDate'].includes(root)) return 'dates';
  if (['firstReminder', 'secondReminder', 'useInterviewDate', 'interviewDateLabel', 'interviewDateVisibleBy'].includes(root))
    return 'reminders';
  if (['markAutomatic', 'markMaximum'].includes(root)) return 'marks';
  return 'general';
}
