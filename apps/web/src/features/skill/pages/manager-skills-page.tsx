import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconCalendarStats,
  IconCategory,
  IconCertificate,
  IconChecklist,
  IconFileImport,
  IconForms,
  IconTags,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shell/breadcrumb';
import { Link, useParams } from 'react-router';

type Entry = { key: string; path: string; icon: TablerIcon };

/** The screens of the skills area (spec 3 §2.1 skill: list, categories, sessions, types, configuration, import). */
const ENTRIES: Entry[] = [
  { key: 'skills', path: 'skill/skill', icon: IconChecklist },
  { key: 'categories', path: 'skill/skill-category', icon: IconCategory },
  { key: 'sessions', path: 'skill/skill-session', icon: IconCalendarStats },
  { key: 'types', path: 'skill/skill-type', icon: IconTags },
  { key: 'configuration', path: 'skill/configuration/edit', icon: IconAdjustments },
  { key: 'import', path: 'skill/skill/import', icon: IconFileImport },
  { key: 'rncp', path: 'skill/france-competence', icon: IconCertificate },
  { key: 'generate', path: 'skill/generate-questionnaire', icon: IconForms },
];

/** /lea-manager/{course}/skill (MODULE_LEA_MANAGER_SKILLS): the skills area's home, one card per screen of the engine. */
export default function ManagerSkillsPage() {
  const { t } = useTranslation('skill');
  usePageTitle(t('manager.title'));
  const courseId = Number(useParams().trainingCourseId);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('manager.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {ENTRIES.map((entry) => (
          <Card key={entry.key} withBorder radius="md" padding="md" component={Link} to={`/lea-manager/${courseId}/${entry.path}`}>
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="lg">
                <entry.icon size={20} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600}>{t(`manager.${entry.key}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`manager.${entry.key}.text`)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
