import { useState } from 'react';
import { ActionIcon, Card, Group, Stack, Table, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PdfDataResponse } from '@lea/shared';
import { downloadBase64 } from '../../../shell/base64-file';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { NeedsNetwork } from '../../../shell/needs-network';
import { NoTriadState } from '../../../shell/no-triad-state';
import { PageHeader } from '../../../shell/page-header';
import { PdfPreviewModal } from '../../../shell/pdf-preview-modal';
import { fetchGradebookPdf, useGradebooks } from '../api';
import { QueryStates } from '../../../shell/query-states';

/** /dashboard/gradebook (spec 2 §2): the gradebooks (year, period) with watch and PDF download actions. */
export default function GradebookPage() {
  const { t } = useTranslation('gradebook');
  const triadId = useCurrentTriadId();
  const list = useGradebooks(triadId);
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<PdfDataResponse | null>(null);
  if (triadId === null) return <NoTriadState icon={<IconSchool size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  const periodName = (year: number, period: number) => t(period === 1 ? 'period1' : 'period2', { year });
  const open = async (key: string, year: number, period: number, watch: boolean) => {
    setBusy(key);
    try {
      const file = await fetchGradebookPdf(triadId, year, period);
      // Spec 2 §8: a PDF answer without data is the error_file alert.
      if (!file.data) notifications.show({ color: 'red', message: t('fileError') });
      else if (watch) setPreview(file);
      else downloadBase64(file.data, file.fileName, 'application/pdf');
    } catch {
      notifications.show({ color: 'red', message: t('fileError') });
    } finally {
      setBusy(null);
    }
  };
  const gradebooks = list.data?.gradebooks ?? [];
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} />
      <QueryStates
        query={list}
        empty={gradebooks.length === 0}
        errorText={t('loadError')}
        emptyIcon={<IconSchool size={32} />}
        emptyTitle={t('empty')}
      >
        {() => (
          <Card withBorder radius="md" padding="md">
            <Table verticalSpacing="sm" aria-label={t('title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('year')}</Table.Th>
                  <Table.Th>{t('period')}</Table.Th>
                  <Table.Th aria-label={t('actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {gradebooks.map((book) => (
                  <Table.Tr key={book.key}>
                    <Table.Td>{book.year}</Table.Td>
                    <Table.Td>{periodName(book.year, book.period)}</Table.Td>
                    <Table.Td>
                      <NeedsNetwork>
                        {(offline) => (
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Tooltip label={t('watch')} withArrow>
                              <ActionIcon
                                variant="light"
                                loading={busy === `${book.key}-watch`}
                                disabled={offline || busy !== null}
                                aria-label={t('watchOf', { period: periodName(book.year, book.period) })}
                                onClick={() => void open(`${book.key}-watch`, book.year, book.period, true)}
                              >
                                <IconEye size={18} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('download')} withArrow>
                              <ActionIcon
                                variant="light"
                                loading={busy === `${book.key}-download`}
                                disabled={offline || busy !== null}
                                aria-label={t('downloadOf', { period: periodName(book.year, book.period) })}
                                onClick={() => void open(`${book.key}-download`, book.year, book.period, false)}
                              >
                                <IconDownload size={18} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        )}
                      </NeedsNetwork>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </QueryStates>
      <PdfPreviewModal file={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
