import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import enGbLocale from '@fullcalendar/react/locales/en-gb';
import frLocale from '@fullcalendar/react/locales/fr';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './event-calendar-contrast.css';
import 'temporal-polyfill/global';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '@lea/shared';
import { dateTimeOf, dayOf, eventColor, isoOf, periodOf } from '../calendar-model';
import type { Period } from '../api';

/** Where a right-click happened: on an event, or on a day. */
export type ContextTarget = { event: CalendarEvent; day?: undefined } | { day: string; event?: undefined };

type Props = {
  events: readonly CalendarEvent[];
  /** Managers drag events (200 ms on touch), right-click and double-click them (spec 2 §6). */
  editable: boolean;
  onPeriod: (period: Period) => void;
  onDay: (day: string) => void;
  onEvent: (event: CalendarEvent) => void;
  onOpen?: (event: CalendarEvent) => void;
  onMove?: (event: CalendarEvent, start: string, revert: () => void) => void;
  onContextMenu?: (target: ContextTarget, position: { x: number; y: number }) => void;
};

/** FullCalendar (spec 2 §2, §9): month (default), week and day, Monday first, 700 px high, previous/next/today. */
export function EventCalendar({ events, editable, onPeriod, onDay, onEvent, onOpen, onMove, onContextMenu }: Props) {
  const { t, i18n } = useTranslation('calendar');
  const byId = useMemo(() => new Map(events.map((event) => [String(event.id), event])), [events]);
  const handlers = useRef({ onOpen, onContextMenu, byId });
  handlers.current = { onOpen, onContextMenu, byId };
  const inputs = useMemo(
    () =>
      events.map((event) => ({
        id: String(event.id),
        title: event.title,
        start: isoOf(event.start_date),
        end: isoOf(event.end_date),
        color: eventColor(event),
        startEditable: editable,
        durationEditable: false,
      })),
    [events, editable],
  );
  return (
    <div data-testid="event-calendar">
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, classicThemePlugin]}
        initialView="dayGridMonth"
        locale={i18n.language.startsWith('en') ? enGbLocale : frLocale}
        firstDay={1}
        height={700}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        buttons={{
          today: { text: t('today') },
          dayGridMonth: { text: t('month') },
          timeGridWeek: { text: t('week') },
          timeGridDay: { text: t('day') },
        }}
        events={inputs}
        editable={editable}
        eventLongPressDelay={200}
        dayMaxEvents={3}
        datesSet={(info) => onPeriod(periodOf(info.start, info.end))}
        dateClick={(info) => onDay(dayOf(info.date))}
        eventClick={(info) => {
          const event = byId.get(info.event.id);
          if (event) {
            onDay(event.start_date.slice(0, 10));
            onEvent(event);
          }
        }}
        eventDrop={(info) => {
          const event = byId.get(info.event.id);
          if (event && info.event.start && onMove) onMove(event, dateTimeOf(info.event.start), info.revert);
          else info.revert();
        }}
        eventDidMount={(info) => {
          info.el.dataset.eventId = info.event.id;
          info.el.addEventListener('dblclick', () => {
            const event = handlers.current.byId.get(info.event.id);
            if (event) handlers.current.onOpen?.(event);
          });
          info.el.addEventListener('contextmenu', (domEvent) => {
            const event = handlers.current.byId.get(info.event.id);
            if (!event || !handlers.current.onContextMenu) return;
            domEvent.preventDefault();
            domEvent.stopPropagation();
            handlers.current.onContextMenu({ event }, { x: domEvent.clientX, y: domEvent.clientY });
          });
        }}
        dayCellDidMount={(info) => {
          const day = dayOf(info.date);
          info.el.dataset.day = day;
          info.el.addEventListener('contextmenu', (domEvent) => {
            if (!handlers.current.onContextMenu) return;
            domEvent.preventDefault();
            handlers.current.onContextMenu({ day }, { x: domEvent.clientX, y: domEvent.clientY });
          });
        }}
      />
    </div>
  );
}
