import { EmptyState, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sectionOfPath } from '../sections';

/** Any manager sub-path until the manager-area feature brings its screens. */
export default function ManagerSectionPage() {
  const { t } = useTranslation('manager');
  const section = sectionOfPath(useParams()['*'] ?? '');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {section ? t(`menu.${section.key}`) : t('section.title')}
      </Title>
      <EmptyState
        icon={<IconTools size={32} />}
        withIndicatorBackground
        title={t('section.comingTitle')}
        description={t('section.coming')}
      />
    </Stack>
  );
}
