import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus, IconFolders } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TrainingCourseSummary } from '@lea/shared';

/**
 * Managers' side block (spec 2 §2): the shared documents of a course they manage, listed or added
 * from the manager area. It follows the opened course when the user manages it.
 */
export function ManagerDocumentsBlock({ course }: { course: Pick<TrainingCourseSummary, 'id' | 'displayName'> }) {
  const { t } = useTranslation('training');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('side.sharedDocuments.title')}
        </Title>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {course.displayName}
        </Text>
        <Button component={Link} to={`/lea-manager/${course.id}/document/list`} variant="light" leftSection={<IconFolders size={18} />}>
          {t('side.sharedDocuments.list')}
        </Button>
        <Button component={Link} to={`/lea-manager/${course.id}/document/add`} leftSection={<IconFilePlus size={18} />}>
          {t('side.sharedDocuments.add')}
        </Button>
      </Stack>
    </Card>
  );
}
