import { Accordion, Badge, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AudienceSettings, MarkSettings } from './settings-audience';
import { DateSettings, ReminderSettings } from './settings-dates';
import { GeneralSettings, ProfileSettings } from './settings-general';
import { sectionOf, SETTINGS_SECTIONS, type SettingsSection, type SettingsSectionProps } from './settings-types';

type Props = SettingsSectionProps & {
  /** The open sections: the page opens the one holding the first error. */
  opened: SettingsSection[];
  onOpenedChange: (opened: SettingsSection[]) => void;
  errorFields: string[];
};

const SECTIONS: Record<SettingsSection, (props: SettingsSectionProps) => React.JSX.Element> = {
  general: GeneralSettings,
  profiles: ProfileSettings,
  audience: AudienceSettings,
  dates: DateSettings,
  reminders: ReminderSettings,
  marks: MarkSettings,
};

/** The questionnaire's settings (spec 3 §3 editor model), one accordion section per subject. */
export function SettingsPanel({ opened, onOpenedChange, errorFields, ...props }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  return (
    <Paper withBorder radius="md" p={0} component="section" aria-label={t('settings.heading')}>
      <Text fw={700} px="md" pt="sm" pb={4}>
        {t('settings.heading')}
      </Text>
      <Accordion
        multiple
        value={opened}
        onChange={(value) => onOpenedChange(value as SettingsSection[])}
        variant="default"
        chevronPosition="right"
      >
        {SETTINGS_SECTIONS.map((section) => {
          const Section = SECTIONS[section];
          const errors = errorFields.filter((field) => sectionOf(field) === section).length;
          return (
            <Accordion.Item key={section} value={section}>
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {t(`settings.sections.${section}`)}
                  </Text>
                  {errors > 0 && (
                    <Badge color="red" size="sm" variant="light">
                      {t('settings.errorCount', { count: errors })}
                    </Badge>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Section {...props} />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Paper>
  );
}
