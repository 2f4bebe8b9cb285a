import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QualiopiQuery, QualiopiReportResponse, QualiopiRow } from '@lea/shared';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { useReportAreaError } from '../../../back-office/area-error';
import { DayInput } from '../../../forms/day-input';
import { usePageTitle } from '../../../shell/breadcrumb';
import { NeedsNetwork } from '../../../shell/needs-network';
import { PageHeader } from '../../../shell/page-header';
import { useManagerHome } from '../api';
import { downloadReport, useQualiopiReport } from '../qualiopi-api';
import { defaultPeriod, isValidPeriod } from '../qualiopi-period';

const day = (value: string) => value.split('-').reverse().join('/');
const todayInParis = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

type Figures = Pick<QualiopiRow, 'questionnaires' | 'absences' | 'absenceAlerts' | 'reminders'>;

/** The figures every row and the totals share, as table cells. */
function FigureCells({ figures, hours }: { figures: Figures; hours: (value: number) => string }) {
  const counts = figures.questionnaires;
  return (
    <>
      <Table.Td ta="center">{counts.expected}</Table.Td>
      <Table.Td ta="center">{counts.onTime}</Table.Td>
      <Table.Td ta="center">{counts.late}</Table.Td>
      <Table.Td ta="center">{counts.missing}</Table.Td>
      <Table.Td ta="center">{counts.pending}</Table.Td>
      <Table.Td ta="center">
        {figures.absences.count} · {hours(figures.absences.hours)}
      </Table.Td>
      <Table.Td ta="center">{figures.absenceAlerts}</Table.Td>
      <Table.Td ta="center">{figures.reminders}</Table.Td>
    </>
  );
}

function ReportTable({ report }: { report: QualiopiReportResponse }) {
  const { t, i18n } = useTranslation('qualiopi');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const hours = (value: number) => t('hours', { hours: number.format(value) });
  const { totals } = report;
  return (
    // A native scroller the keyboard can reach (the table holds nothing focusable): Tab, then the arrows.
    <Table.ScrollContainer minWidth={1100} type="native" tabIndex={0} role="region" aria-label={t('scrollLabel')}>
      <Table striped withTableBorder withColumnBorders verticalSpacing="xs" aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apprentice')}</Table.Th>
            <Table.Th>{t('contracts')}</Table.Th>
            <Table.Th>{t('visits')}</Table.Th>
            <Table.Th ta="center">{t('expected')}</Table.Th>
            <Table.Th ta="center">{t('onTime')}</Table.Th>
            <Table.Th ta="center">{t('late')}</Table.Th>
            <Table.Th ta="center">{t('missing')}</Table.Th>
            <Table.Th ta="center">{t('pending')}</Table.Th>
            <Table.Th ta="center">{t('absences')}</Table.Th>
            <Table.Th ta="center">{t('absenceAlerts')}</Table.Th>
            <Table.Th ta="center">{t('reminders')}</Table.Th>
            <Table.Th>{t('skillSessions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => {
            const missing = row.expected.filter((entry) => entry.status === 'missing');
            return (
              <Table.Tr key={row.triadId} data-testid={`qualiopi-row-${row.triadId}`}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {row.apprentice ?? t('noApprentice')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.crew ?? t('noCrew')}
                  </Text>
                  {!row.active && (
                    <Badge size="xs" color="gray" variant="light">
                      {t('inactive')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.contracts.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('none')}
                    </Text>
                  ) : (
                    row.contracts.map((contract, index) => (
                      <Text size="xs" key={index}>
                        {[contract.type, contract.company].filter(Boolean).join(' – ')}
                        <br />
                        {day(contract.startDate)} → {contract.endDate ? day(contract.endDate) : '…'}
                        {contract.ruptureDate && ` (${t('rupture', { date: day(contract.ruptureDate) })})`}
                      </Text>
                    ))
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.visits.length}
                  </Text>
                  {row.visits.map((visit) => (
                    <Text size="xs" c="dimmed" key={`${visit.date}-${visit.questionnaire}`}>
                      {day(visit.date)}
                    </Text>
                  ))}
                </Table.Td>
                <FigureCells figures={row} hours={hours} />
                <Table.Td>
                  <Text size="xs">
                    {t('skillsOf', { evaluated: row.skillSessions.evaluated.length, total: row.skillSessions.inPeriod })}
                  </Text>
                  {row.skillSessions.evaluated.map((session) => (
                    <Text size="xs" c="dimmed" key={session.name}>
                      {session.name}
                    </Text>
                  ))}
                  {missing.length > 0 && (
                    <Text size="xs" c="red.9" mt={4}>
                      {t('missingTitles', { titles: missing.map((entry) => entry.title).join(', ') })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} data-testid="qualiopi-totals">
            <Table.Td>{t('totalApprentices', { count: totals.apprentices })}</Table.Td>
            <Table.Td>{totals.contracts}</Table.Td>
            <Table.Td>{totals.visits}</Table.Td>
            <FigureCells figures={totals} hours={hours} />
            <Table.Td>{t('skillSessionsEvaluated', { count: totals.skillSessionsEvaluated })}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /lea-manager/{course}/qualiopi (issue 20 §5): the follow-up of each apprentice over a period,
 * for the Qualiopi audit (indicators 12 and 13), with its workbook and PDF.
 */
export default function QualiopiPage() {
  const { t } = useTranslation('qualiopi');
  usePageTitle(t('title'));
  const courseId = Number(useParams().trainingCourseId);
  const home = useManagerHome(courseId);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [crew, setCrew] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<'xlsx' | 'pdf' | null>(null);

  // The period starts on the course's years once they are known (or on the last twelve months).
  const course = home.data?.trainingCourse;
  const ready = home.data !== undefined || home.isError;
  useEffect(() => {
    if (!ready || from !== null || to !== null) return;
    const period = defaultPeriod(todayInParis(), course);
    setFrom(period.from);
    setTo(period.to);
  }, [ready, course, from, to]);

  const period = { from, to };
  const valid = isValidPeriod(period);
  const query: QualiopiQuery | null = valid ? { ...period, ...(crew === null ? {} : { crew: Number(crew) }) } : null;
  const report = useQualiopiReport(courseId, query);
  useReportAreaError(report.error);

  const download = async (format: 'xlsx' | 'pdf') => {
    if (query === null) return;
    setDownloading(format);
    try {
      const name = await downloadReport(courseId, format, query);
      notifications.show({ color: 'green', message: t('downloaded', { name }) });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : t('downloadFailed') });
    } finally {
      setDownloading(null);
    }
  };

  const dateInput = (label: string, value: string | null, onChange: (value: string | null) => void) => (
    <DayInput label={label} value={value} onChange={onChange} placeholder={t('datePlaceholder')} required clearable={false} />
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <NeedsNetwork>
            {(offline) => (
              <Group gap="xs">
                <Button
                  variant="light"
                  leftSection={<IconFileSpreadsheet size={16} />}
                  loading={downloading === 'xlsx'}
                  disabled={offline || query === null || downloading !== null}
                  onClick={() => void download('xlsx')}
                >
                  {t('downloadXlsx')}
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconFileTypePdf size={16} />}
                  loading={downloading === 'pdf'}
                  disabled={offline || query === null || downloading !== null}
                  onClick={() => void download('pdf')}
                >
                  {t('downloadPdf')}
                </Button>
              </Group>
            )}
          </NeedsNetwork>
        }
      />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {dateInput(t('from'), from, setFrom)}
          {dateInput(t('to'), to, setTo)}
          <Select
            label={t('crew')}
            placeholder={t('allCrews')}
            data={(report.data?.crews ?? []).map((entry) => ({ value: String(entry.id), label: entry.title }))}
            value={crew}
            onChange={setCrew}
            clearable
          />
        </SimpleGrid>
        {!valid && from !== null && to !== null && (
          <Alert color="orange" icon={<IconAlertCircle />} mt="sm">
            {t('invalidPeriod')}
          </Alert>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        {t('definitions')}
      </Text>
      {report.data ? (
        report.data.rows.length === 0 ? (
          <Alert color="gray">{t('noRows')}</Alert>
        ) : (
          <ReportTable report={report.data} />
        )
      ) : (
        valid && <LoadFallback pending={report.isPending} failure={report.error instanceof Error ? report.error.message : t('failed')} />
      )}
    </Stack>
  );
}
