import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconEdit, IconFileCheck, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE, type CalendarEvent } from '@lea/shared';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { isAdministrator, useCurrentUser } from '../../../shell/current-user';
import { NoTriadState } from '../../../shell/no-triad-state';
import { PageHeader } from '../../../shell/page-header';
import { useTriad } from '../../../shell/shell-queries';
import { eventsKey, fetchEventForm, fetchEvents, fetchJustifyForm, putJustification, removeEvent, saveEvent } from '../api';
import { dayOf } from '../calendar-model';
import { JustificationList } from '../components/justification-list';
import { ServerFormModal } from '../components/server-form-modal';

type Search = { text: string; justified: 'all' | 'yes' | 'no' };
const NO_SEARCH: Search = { text: '', justified: 'all' };

function matches(event: CalendarEvent, search: Search): boolean {
  if (search.justified !== 'all' && event.justified !== (search.justified === 'yes')) return false;
  const text = search.text.trim().toLowerCase();
  return text === '' || [event.title, event.reason ?? '', event.start_date].some((value) => value.toLowerCase().includes(text));
}

/** /dashboard/timetable/list/absence (spec 2 §2 absence list): count, search, table; justify, or edit and delete for managers. */
export default function AbsenceListPage() {
  const { t } = useTranslation('calendar');
  const triadId = useCurrentTriadId();
  const triad = useTriad(triadId);
  const me = useCurrentUser().data;
  const queryClient = useQueryClient();
  const [search, setSearch] = useState<Search>(NO_SEARCH);
  const [draft, setDraft] = useState<Search | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [justifying, setJustifying] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const today = new Date();
  const period = {
    startDate: dayOf(new Date(today.getTime() - 300 * 86_400_000)),
    endDate: dayOf(new Date(today.getTime() + 95 * 86_400_000)),
  };
  const list = useQuery({
    queryKey: [...eventsKey(triadId ?? 0), 'absences', period.startDate],
    queryFn: () => fetchEvents(triadId!, period, false),
    enabled: triadId !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventsKey(triadId ?? 0) });
  const courseId = triad.data?.trainingCourse.id ?? 0;
  const remove = useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await removeEvent(courseId, 'absence', id);
    },
    onSuccess: async () => {
      setDeleting(null);
      setSelected([]);
      notifications.show({ color: 'green', message: t('deleteDone') });
      await refresh();
    },
    onError: () => notifications.show({ color: 'red', message: t('genericError') }),
  });
  if (triadId === null) return <NoTriadState icon={<IconCalendarEvent size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  if (!triad.data) return null;
  const manager = isAdministrator(me) || triad.data.userRoles.includes(PROFILE.manager);
  const rows = [...(list.data ?? [])].filter((event) => matches(event, search)).sort((a, b) => b.start_date.localeCompare(a.start_date));
  const format = (value: string) => dayjs(value).format(t('dateTimeFormat'));
  const filtered = search.text !== '' || search.justified !== 'all';
  return (
    <Container size="xl" py="md">
      <Stack>
        <PageHeader
          title={t('listTitle', { count: rows.length })}
          back={{ to: '/dashboard/timetable/calendar', label: t('back') }}
          actions={
            <Group gap="xs">
              <Button variant="light" leftSection={<IconSearch size={16} />} onClick={() => setDraft(search)}>
                {t('search')}
              </Button>
              {filtered && (
                <Button variant="subtle" leftSection={<IconX size={16} />} onClick={() => setSearch(NO_SEARCH)}>
                  {t('resetSearch')}
                </Button>
              )}
              {manager && selected.length > 0 && (
                <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(selected)}>
                  {t('bulkDelete')}
                </Button>
              )}
            </Group>
          }
        />
        {rows.length === 0 ? (
          <Text c="dimmed">{t('empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="absence-table">
              <Table.Thead>
                <Table.Tr>
                  {manager && <Table.Th aria-label={t('select')} />}
                  <Table.Th>{t('start')}</Table.Th>
                  <Table.Th>{t('end')}</Table.Th>
                  <Table.Th>{t('typeAbsence')}</Table.Th>
                  <Table.Th>{t('reason')}</Table.Th>
                  <Table.Th>{t('status')}</Table.Th>
                  <Table.Th>{t('actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((event) => (
                  <Table.Tr key={event.id} data-id={event.id}>
                    {manager && (
                      <Table.Td>
                        <Checkbox
                          aria-label={t('select')}
                          checked={selected.includes(event.id)}
                          onChange={(change) =>
                            setSelected((ids) => (change.currentTarget.checked ? [...ids, event.id] : ids.filter((id) => id !== event.id)))
                          }
                        />
                      </Table.Td>
                    )}
                    <Table.Td>{format(event.start_date)}</Table.Td>
                    <Table.Td>{format(event.end_date)}</Table.Td>
                    <Table.Td>
                      {event.title} · {t('hours', { hours: event.hours })}
                    </Table.Td>
                    <Table.Td>{event.reason ?? ''}</Table.Td>
                    <Table.Td>
                      <Badge color={event.justified ? 'gray' : 'red'}>{t(event.justified ? 'justified' : 'unjustified')}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {manager ? (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={t('edit')} onClick={() => setEditing(event)}>
                            <IconEdit size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => setDeleting([event.id])}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      ) : (
                        <Button size="xs" variant="light" leftSection={<IconFileCheck size={14} />} onClick={() => setJustifying(event)}>
                          {t('justify')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Modal opened={draft !== null} onClose={() => setDraft(null)} title={t('searchTitle')}>
        {draft && (
          <Stack>
            <TextInput
              label={t('searchText')}
              value={draft.text}
              onChange={(change) => setDraft({ ...draft, text: change.currentTarget.value })}
            />
            <SegmentedControl
              value={draft.justified}
              onChange={(value) => setDraft({ ...draft, justified: value as Search['justified'] })}
              data={[
                { value: 'all', label: t('all') },
                { value: 'yes', label: t('justified') },
                { value: 'no', label: t('unjustified') },
              ]}
            />
            <Group justify="flex-end">
              <Button
                onClick={() => {
                  setSearch(draft);
                  setDraft(null);
                }}
              >
                {t('search')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('confirmDeleteTitle')}>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
            {t('confirm')}
          </Button>
        </Group>
      </Modal>
      {justifying && (
        <ServerFormModal
          title={t('justifyTitle')}
          queryKey={['calendar', 'justify', justifying.id]}
          load={() => fetchJustifyForm(courseId, 'absence', justifying.id)}
          save={(payload) => putJustification(courseId, 'absence', justifying.id, payload)}
          submitLabel={t('send')}
          onSaved={() => {
            setJustifying(null);
            void refresh();
          }}
          onClose={() => setJustifying(null)}
        >
          <JustificationList eventId={justifying.id} courseId={courseId} canDecide={false} onDecided={() => void refresh()} />
        </ServerFormModal>
      )}
      {editing && (
        <ServerFormModal
          title={t('editAbsence')}
          queryKey={['calendar', 'form', 'absence', editing.id]}
          load={() => fetchEventForm(courseId, 'absence', editing.id)}
          save={(payload) => saveEvent(courseId, 'absence', editing.id, payload)}
          submitLabel={t('save')}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
          onClose={() => setEditing(null)}
        >
          <JustificationList eventId={editing.id} courseId={courseId} canDecide onDecided={() => void refresh()} />
        </ServerFormModal>
      )}
    </Container>
  );
}
