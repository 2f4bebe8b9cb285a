import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Select, Stack, Table, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadBase64 } from '../../../shell/base64-file';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { NeedsNetwork } from '../../../shell/needs-network';
import { NoTriadState } from '../../../shell/no-triad-state';
import { PageHeader } from '../../../shell/page-header';
import { useTriad } from '../../../shell/shell-queries';
import { fetchAttestationPdf, useAttestations } from '../api';
import { TriadPeople } from '../components/triad-people';
import { QueryStates } from '../../../shell/query-states';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * /dashboard/attestations (spec 2 §2): the triad members, the monthly attendance certificates
 * (year, month, identity) with their PDF, and one export of any month asked by year and month.
 */
export default function AttestationsPage() {
  const { t, i18n } = useTranslation('attestation');
  const triadId = useCurrentTriadId();
  const triad = useTriad(triadId);
  const list = useAttestations(triadId);
  const today = new Date();
  const [year, setYear] = useState<string | null>(String(today.getFullYear()));
  const [month, setMonth] = useState<string | null>(String(today.getMonth() + 1));
  const [busy, setBusy] = useState<string | null>(null);
  if (triadId === null) return <NoTriadState icon={<IconCertificate size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  const monthName = (y: number, m: number) =>
    new Intl.DateTimeFormat(i18n.language.startsWith('en') ? 'en-GB' : 'fr-FR', { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, 1)),
    );
  const download = async (key: string, y: number, m: number) => {
    setBusy(key);
    try {
      const file = await fetchAttestationPdf(triadId, y, m);
      if (!downloadBase64(file.data, file.fileName, 'application/pdf')) notifications.show({ color: 'red', message: t('fileError') });
    } catch {
      notifications.show({ color: 'red', message: t('fileError') });
    } finally {
      setBusy(null);
    }
  };
  const years = Array.from({ length: 6 }, (_, index) => String(today.getFullYear() + 1 - index));
  const attestations = list.data?.attestations ?? [];
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} />
      {triad.data && <TriadPeople triad={triad.data} />}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('export')}
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select label={t('year')} data={years} value={year} onChange={setYear} allowDeselect={false} w={120} />
            <Select
              label={t('month')}
              data={MONTHS.map((m) => ({ value: String(m), label: monthName(2000, m) }))}
              value={month}
              onChange={setMonth}
              allowDeselect={false}
              w={180}
            />
            <NeedsNetwork>
              {(offline) => (
                <Button
                  leftSection={<IconDownload size={18} />}
                  loading={busy === 'export'}
                  disabled={offline || year === null || month === null}
                  onClick={() => void download('export', Number(year), Number(month))}
                >
                  {t('exportButton')}
                </Button>
              )}
            </NeedsNetwork>
          </Group>
        </Stack>
      </Card>
      <QueryStates
        query={list}
        empty={attestations.length === 0}
        errorText={t('loadError')}
        emptyIcon={<IconCertificate size={32} />}
        emptyTitle={t('empty')}
      >
        {() => (
          <Card withBorder radius="md" padding="md">
            <Table verticalSpacing="sm" aria-label={t('title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('year')}</Table.Th>
                  <Table.Th>{t('month')}</Table.Th>
                  <Table.Th>{t('identity')}</Table.Th>
                  <Table.Th aria-label={t('actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {attestations.map((item) => {
                  const key = `${item.year}-${item.month}`;
                  const name = `${monthName(item.year, item.month)} ${item.year}`;
                  return (
                    <Table.Tr key={key}>
                      <Table.Td>{item.year}</Table.Td>
                      <Table.Td>{monthName(item.year, item.month)}</Table.Td>
                      <Table.Td>{item.identity}</Table.Td>
                      <Table.Td>
                        <NeedsNetwork>
                          {(offline) => (
                            <Tooltip label={t('download')} withArrow>
                              <ActionIcon
                                variant="light"
                                loading={busy === key}
                                disabled={offline || busy !== null}
                                aria-label={t('downloadOf', { month: name })}
                                onClick={() => void download(key, item.year, item.month)}
                              >
                                <IconDownload size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </NeedsNetwork>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </QueryStates>
    </Stack>
  );
}
