import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus, IconFiles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Managers' side block (spec 2 §2): their shared documents across courses, and adding one (spec 3 §2.1 `shared-document`). */
export function SharedDocumentsBlock() {
  const { t } = useTranslation('training');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="shared-documents-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="shared-documents-title">
          {t('side.shared.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('side.shared.help')}
        </Text>
        <Button component={Link} to="/lea-manager/shared-document" variant="light" leftSection={<IconFiles size={18} />}>
          {t('side.shared.list')}
        </Button>
        <Button component={Link} to="/lea-manager/shared-document/add" leftSection={<IconFilePlus size={18} />}>
          {t('side.shared.add')}
        </Button>
      </Stack>
    </Card>
  );
}
