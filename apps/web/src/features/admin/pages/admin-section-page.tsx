import { EmptyState, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sectionOfPath } from '../sections';

/** Any admin sub-path until each admin screen arrives with its own feature. */
export default function AdminSectionPage() {
  const { t } = useTranslation('admin');
  const section = sectionOfPath(useParams()['*'] ?? '');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {section ? t(`menu.${section.key}`) : t('area')}
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
