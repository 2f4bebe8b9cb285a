import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileDownloadResponse } from '@lea/shared';
import { apiRequest, ApiRequestError } from '../../../shell/api-client';
import { downloadBase64 } from '../../../shell/base64-file';
import { NeedsNetwork } from '../../../shell/needs-network';

/** One's own personal data (GDPR access and portability): a zip of data.json and one's files, GET /app/user/personal-data. */
export function PersonalDataCard() {
  const { t } = useTranslation('personal-data');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await apiRequest('/app/user/personal-data', { schema: FileDownloadResponse });
      downloadBase64(file.data, file.filename, file.type);
      notifications.show({ color: 'green', message: t('done') });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof ApiRequestError && error.message ? error.message : t('failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" mt="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('description')}
        </Text>
        <Group>
          <NeedsNetwork>
            {(offline) => (
              <Button
                variant="light"
                leftSection={<IconDownload size={18} />}
                loading={busy}
                disabled={offline}
                onClick={() => void download()}
              >
                {t('download')}
              </Button>
            )}
          </NeedsNetwork>
        </Group>
      </Stack>
    </Card>
  );
}
