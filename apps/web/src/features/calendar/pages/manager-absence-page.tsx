import { Anchor, Card, Grid, Group, Modal, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TriadCard } from '@lea/shared';
import { downloadBase64 } from '../../../shell/base64-file';
import { PageHeader } from '../../../shell/page-header';
import { useCourseTriads } from '../../../shell/shell-queries';
import { exportCourseAbsences, fetchEvents } from '../api';
import { dayOf } from '../calendar-model';
import { TriadCalendar } from '../components/triad-calendar';

const nameOf = (triad: TriadCard) => (triad.apprentice ? `${triad.apprentice.lastName} ${triad.apprentice.firstName}` : `#${triad.id}`);

/** The apprentice sheet (spec 2 §2): first name, last name, e-mail and the absences of the past year and the months ahead. */
function ApprenticeSheet({ triad, onClose }: { triad: TriadCard; onClose: () => void }) {
  const { t } = useTranslation('calendar');
  const today = new Date();
  const period = {
    startDate: dayOf(new Date(today.getTime() - 300 * 86_400_000)),
    endDate: dayOf(new Date(today.getTime() + 95 * 86_400_000)),
  };
  const absences = useQuery({ queryKey: ['calendar', 'sheet', triad.id], queryFn: () => fetchEvents(triad.id, period, false) });
  return (
    <Modal opened onClose={onClose} title={t('apprenticeSheet')} size="lg">
      <Stack>
        <Text>
          {t('firstName')} : {triad.apprentice?.firstName ?? ''}
        </Text>
        <Text>
          {t('lastName')} : {triad.apprentice?.lastName ?? ''}
        </Text>
        <Text>
          {t('email')} : {triad.apprentice?.email ?? ''}
        </Text>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('start')}</Table.Th>
              <Table.Th>{t('end')}</Table.Th>
              <Table.Th>{t('status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(absences.data ?? []).map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>{dayjs(event.start_date).format(t('dateTimeFormat'))}</Table.Td>
                <Table.Td>{dayjs(event.end_date).format(t('dateTimeFormat'))}</Table.Td>
                <Table.Td>{t(event.justified ? 'justified' : 'unjustified')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}

/** /lea-manager/{course}/absence (spec 3 §2.1 absence module): a triad's calendar with the planning, absences and options blocks. */
export default function ManagerAbsencePage() {
  const { t } = useTranslation('calendar');
  const courseId = Number(useParams().trainingCourseId);
  const triads = useCourseTriads(courseId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [showApprentices, setShowApprentices] = useState(false);
  const [showTraining, setShowTraining] = useState(false);
  const [sheet, setSheet] = useState<TriadCard | null>(null);
  const list = triads.data?.triads ?? [];
  const triadId = chosen ?? list[0]?.id ?? null;
  const base = `/lea-manager/${courseId}/absence`;
  const exportAbsences = async () => {
    const file = await exportCourseAbsences(courseId);
    downloadBase64(file.data, file.filename, file.type);
    notifications.show({ color: 'green', message: t('exportSuccess') });
  };
  const link = (to: string, label: string) => (
    <Anchor component={Link} to={to} size="sm" display="block">
      {label}
    </Anchor>
  );
  return (
    <Stack>
      <PageHeader
        title={t('managerTitle')}
        actions={
          <Select
            aria-label={t('selectTriad')}
            placeholder={t('selectTriad')}
            data={list.map((triad) => ({ value: String(triad.id), label: nameOf(triad) }))}
            value={triadId === null ? null : String(triadId)}
            onChange={(value) => setChosen(value === null ? null : Number(value))}
            searchable
            data-testid="calendar-triad"
          />
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          {triadId !== null && <TriadCalendar triadId={triadId} courseId={courseId} canManage panelBelow />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack>
            <Card withBorder>
              <Title order={5} mb="xs">
                {t('planning')}
              </Title>
              {link(`${base}/planning`, t('planningList'))}
              {link(`${base}/planning/add`, t('addEvent'))}
              {link(`${base}/planning/import`, t('planningImport'))}
            </Card>
            <Card withBorder>
              <Title order={5} mb="xs">
                {t('absences')}
              </Title>
              {link(`${base}/absence`, t('absenceList'))}
              {link(`${base}/absence/add`, t('addAbsence'))}
              {link(`${base}/absence/import`, t('absenceImport'))}
              <Anchor component="button" type="button" size="sm" display="block" ta="left" onClick={() => void exportAbsences()}>
                {t('exportAbsences')}
              </Anchor>
              {link(`${base}/config/edit`, t('configuration'))}
            </Card>
            <Card withBorder>
              <Title order={5} mb="xs">
                {t('options')}
              </Title>
              <Switch
                label={t('showApprentices')}
                checked={showApprentices}
                onChange={(change) => setShowApprentices(change.currentTarget.checked)}
              />
              <Switch
                mt="xs"
                label={t('showTraining')}
                checked={showTraining}
                onChange={(change) => setShowTraining(change.currentTarget.checked)}
              />
              {showTraining && (
                <Text size="sm" mt="xs">
                  {t('trainingDetail', { count: triads.data?.count ?? 0 })}
                </Text>
              )}
              {showApprentices && (
                <Stack gap={2} mt="xs">
                  <Text fw={600} size="sm">
                    {t('apprentices')}
                  </Text>
                  {list.map((triad) => (
                    <Group key={triad.id} gap={4}>
                      <Anchor size="sm" onClick={() => setSheet(triad)}>
                        {nameOf(triad)}
                      </Anchor>
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      {sheet && <ApprenticeSheet triad={sheet} onClose={() => setSheet(null)} />}
    </Stack>
  );
}
