import { useState } from 'react';
import { Button, Card, Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { useReportAreaError } from '../../../back-office/area-error';
import { NeedsNetwork } from '../../../shell/needs-network';
import { downloadExport, saveFile, useExportChoices, type ExportArea, type Progress as Received } from '../api';

/** The year switch and one card per export type; a download shows its progress while the workbook streams in. */
export function ExportPanel({ area }: { area: ExportArea }) {
  const { t, i18n } = useTranslation('export');
  const kilobytes = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
  const sizeText = (bytes: number) => kilobytes.format(bytes / 1024);
  const choices = useExportChoices(area);
  useReportAreaError(choices.error);
  const [year, setYear] = useState('all');
  const [running, setRunning] = useState<{ type: number; progress: Received } | null>(null);

  const run = async (type: number) => {
    setRunning({ type, progress: { received: 0, total: null } });
    try {
      const file = await downloadExport(area, type, year, (progress) => setRunning({ type, progress }));
      saveFile(file.blob, file.filename);
      notifications.show({ color: 'green', message: t('done', { name: file.filename }) });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : t('failed') });
    } finally {
      setRunning(null);
    }
  };

  if (!choices.data)
    return <LoadFallback pending={choices.isPending} failure={choices.error instanceof Error ? choices.error.message : t('failed')} />;
  return (
    <Stack gap="md">
      <Select
        label={t('year')}
        data={[
          { value: 'all', label: t('allYears') },
          ...choices.data.years.map((value) => ({ value: String(value), label: String(value) })),
        ]}
        value={year}
        onChange={(value) => setYear(value ?? 'all')}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {choices.data.types.map((entry) => {
          const mine = running?.type === entry.type ? running.progress : null;
          const percent = mine?.total ? Math.round((mine.received / mine.total) * 100) : null;
          return (
            <Card key={entry.type} withBorder radius="md" padding="md">
              <Stack gap="sm" h="100%" justify="space-between">
                <Group gap="sm" wrap="nowrap" align="start">
                  <IconFileSpreadsheet size={22} aria-hidden style={{ flexShrink: 0 }} />
                  <Text fw={600}>{entry.label}</Text>
                </Group>
                {mine && (
                  <Stack gap={2}>
                    <Progress value={percent ?? 100} animated={percent === null} aria-label={t('progress', { name: entry.label })} />
                    <Text size="xs" c="dimmed">
                      {percent !== null
                        ? t('received', { size: sizeText(mine.received), percent })
                        : mine.received > 0
                          ? t('receivedSoFar', { size: sizeText(mine.received) })
                          : t('preparing')}
                    </Text>
                  </Stack>
                )}
                <NeedsNetwork>
                  {(offline) => (
                    <Button
                      variant="light"
                      leftSection={<IconDownload size={16} />}
                      loading={mine !== null}
                      disabled={offline || (running !== null && !mine)}
                      onClick={() => void run(entry.type)}
                      aria-label={t('downloadOne', { name: entry.label })}
                    >
                      {t('download')}
                    </Button>
                  )}
                </NeedsNetwork>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
