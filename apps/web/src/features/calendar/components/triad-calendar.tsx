import { Badge, Button, Grid, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPES, type CalendarEvent, type GenericActionResponse } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { LIGHT_TINT_GRAY, readableOn } from '../../../shell/brand-colors';
import {
  copyEvent,
  eventsKey,
  fetchEvents,
  fetchEventForm,
  fetchJustifyForm,
  moveEvent,
  putJustification,
  removeEvent,
  saveEvent,
  type EventKind,
  type Period,
} from '../api';
import { EVENT_COLORS, eventsOfDay, filterEvents, kindOf, toggleFilter, type Clipboard, type LegendType } from '../calendar-model';
import { DayPanel } from './day-panel';
import { EventCalendar, type ContextTarget } from './event-calendar';
import { EventContextMenu } from './event-context-menu';
import { JustificationList } from './justification-list';
import { ServerFormModal } from './server-form-modal';

/** `panelBelow`: the day panel under the calendar (a page that has its own side column). */
type Props = { triadId: number; courseId: number; canManage: boolean; panelBelow?: boolean };
type Editing = { kind: EventKind; id: number | null; initial: Record<string, string> } | null;

const LEGEND: { type: LegendType; label: 'typeCourse' | 'typeCompany' | 'typeAbsence'; color: string }[] = [
  { type: 1, label: 'typeCourse', color: EVENT_COLORS.course! },
  { type: 0, label: 'typeCompany', color: EVENT_COLORS.company! },
  { type: 3, label: 'typeAbsence', color: EVENT_COLORS.absence! },
];

/**
 * A triad's calendar (spec 2 §2, §4, §6): legend filters, the day panel, and for the course's managers the right-click
 * menu, double-click to open, drag to move, copy/cut/paste; for the others a click on an absence opens its
 * justification form.
 */
export function TriadCalendar({ triadId, courseId, canManage, panelBelow = false }: Props) {
  const { t } = useTranslation('calendar');
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<Period | null>(null);
  const [filter, setFilter] = useState<LegendType | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ target: ContextTarget; position: { x: number; y: number } } | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CalendarEvent | null>(null);
  const [opened, setOpened] = useState<CalendarEvent | null>(null);
  const [clipboard, setClipboard] = useState<Clipboard>(null);
  const events = useQuery({
    queryKey: [...eventsKey(triadId), period],
    queryFn: () => fetchEvents(triadId, period!),
    enabled: period !== null,
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventsKey(triadId) });
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof ApiRequestError && error.message ? error.message : t('genericError') });
  const answered = async (answer: GenericActionResponse) => {
    notifications.show({
      color: answer.hasError ? 'red' : 'green',
      message: answer.hasError ? (answer.detail[0]?.message ?? t('genericError')) : (answer.message ?? t('saved')),
    });
    await refresh();
  };
  const move = useMutation({
    mutationFn: ({ event, start }: { event: CalendarEvent; start: string; revert: () => void }) =>
      moveEvent(courseId, kindOf(event), event.id, start),
    onSuccess: answered,
    onError: (error, { revert }) => {
      revert();
      failed(error);
    },
  });
  const paste = useMutation({
    mutationFn: (target: string) =>
      copyEvent(courseId, kindOf(clipboard!.event), clipboard!.event.id, { startDate: target, action: clipboard!.action }),
    onSuccess: async (answer) => {
      setClipboard(null);
      await answered(answer);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (event: CalendarEvent) => removeEvent(courseId, kindOf(event), event.id),
    onSuccess: async (answer) => {
      setDeleting(null);
      await answered(answer);
    },
    onError: failed,
  });

  const all = events.data ?? [];
  const shown = filterEvents(all, filter);
  const legend = LEGEND.filter((entry) => entry.type !== EVENT_TYPES.absence || !canManage);
  const open = (event: CalendarEvent) => (canManage ? setEditing({ kind: kindOf(event), id: event.id, initial: {} }) : setOpened(event));
  const clickEvent = (event: CalendarEvent) => {
    if (event.type === EVENT_TYPES.absence) setOpened(event);
  };
  const initialFor = (target: ContextTarget): Record<string, string> => ({
    startDate: target.day ?? target.event!.start_date.slice(0, 10),
    triad: String(triadId),
  });

  return (
    <Grid>
      <Grid.Col span={panelBelow ? 12 : { base: 12, md: 9 }}>
        <Group gap="xs" mb="sm" aria-label={t('legend')}>
          {legend.map((entry) => (
            <Badge
              key={entry.type}
              component="button"
              color={entry.color}
              variant={filter === entry.type ? 'filled' : 'light'}
              // The light tint of an event colour: its text darkened to 4.5:1 (WCAG 1.4.3).
              c={filter === entry.type ? undefined : readableOn(entry.color, LIGHT_TINT_GRAY)}
              style={{ cursor: 'pointer' }}
              onClick={() => setFilter((current) => toggleFilter(current, entry.type))}
            >
              {t(entry.label)}
            </Badge>
          ))}
          {clipboard && (
            <Text size="xs" c="dimmed">
              {t(clipboard.action === 'cut' ? 'cutHint' : 'copiedHint')}
            </Text>
          )}
        </Group>
        {events.isError && <Text c="red">{t('loadError')}</Text>}
        <EventCalendar
          events={shown}
          editable={canManage}
          onPeriod={setPeriod}
          onDay={setDay}
          onEvent={clickEvent}
          onOpen={canManage ? open : undefined}
          onMove={canManage ? (event, start, revert) => move.mutate({ event, start, revert }) : undefined}
          onContextMenu={canManage ? (target, position) => setMenu({ target, position }) : undefined}
        />
      </Grid.Col>
      <Grid.Col span={panelBelow ? 12 : { base: 12, md: 3 }}>
        <DayPanel day={day} events={day ? eventsOfDay(shown, day) : []} onEvent={canManage ? open : clickEvent} />
      </Grid.Col>

      {menu && (
        <EventContextMenu
          target={menu.target}
          position={menu.position}
          canPaste={clipboard !== null}
          onClose={() => setMenu(null)}
          onAdd={(kind) => setEditing({ kind, id: null, initial: initialFor(menu.target) })}
          onModify={() => menu.target.event && open(menu.target.event)}
          onDelete={() => menu.target.event && setDeleting(menu.target.event)}
          onCopy={(action) => menu.target.event && setClipboard({ event: menu.target.event, action })}
          onPaste={() => menu.target.day && paste.mutate(menu.target.day)}
        />
      )}
      {editing && (
        <ServerFormModal
          title={t(
            editing.id === null
              ? editing.kind === 'absence'
                ? 'addAbsence'
                : 'addEvent'
              : editing.kind === 'absence'
                ? 'editAbsence'
                : 'editEvent',
          )}
          queryKey={['calendar', 'form', editing]}
          load={() => fetchEventForm(courseId, editing.kind, editing.id, editing.initial)}
          save={(payload) => saveEvent(courseId, editing.kind, editing.id, payload)}
          submitLabel={t('save')}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
          onClose={() => setEditing(null)}
        >
          {editing.kind === 'absence' && editing.id !== null && (
            <JustificationList eventId={editing.id} courseId={courseId} canDecide onDecided={() => void refresh()} />
          )}
        </ServerFormModal>
      )}
      {opened && !canManage && (
        <ServerFormModal
          title={t('justifyTitle')}
          queryKey={['calendar', 'justify', opened.id]}
          load={() => fetchJustifyForm(courseId, 'absence', opened.id)}
          save={(payload) => putJustification(courseId, 'absence', opened.id, payload)}
          submitLabel={t('send')}
          onSaved={() => {
            setOpened(null);
            void refresh();
          }}
          onClose={() => setOpened(null)}
        >
          <JustificationList eventId={opened.id} courseId={courseId} canDecide={false} onDecided={() => void refresh()} />
        </ServerFormModal>
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('confirmDeleteTitle')}>
        <Text mb="md">{t('confirmDelete', { title: deleting?.title ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
            {t('delete')}
          </Button>
        </Group>
      </Modal>
    </Grid>
  );
}
