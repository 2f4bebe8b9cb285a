import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPES, type CalendarEvent } from '@lea/shared';
import { eventColor } from '../calendar-model';

const TYPE_LABEL = { 0: 'typeCompany', 1: 'typeCourse', 3: 'typeAbsence' } as const;

/** The day panel (spec 2 §2): the clicked day's events, or "There are no events on this day." */
export function DayPanel({
  day,
  events,
  onEvent,
}: {
  day: string | null;
  events: CalendarEvent[];
  onEvent: (event: CalendarEvent) => void;
}) {
  const { t } = useTranslation('calendar');
  if (day === null)
    return (
      <Text c="dimmed" size="sm">
        {t('pickDay')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="day-panel">
      <Title order={4}>{t('dayPanel', { date: dayjs(day).format(t('dateFormat')) })}</Title>
      {events.length === 0 && <Text c="dimmed">{t('noEvents')}</Text>}
      {events.map((event) => (
        <Card
          key={event.id}
          withBorder
          padding="xs"
          style={{ borderLeft: `4px solid ${eventColor(event)}`, cursor: 'pointer' }}
          onClick={() => onEvent(event)}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              {event.title}
            </Text>
            <Badge variant="light" color="gray">
              {t(TYPE_LABEL[event.type])}
            </Badge>
          </Group>
          <Text size="xs">
            {event.start_date.slice(11)} – {event.end_date.slice(11)} · {t('hours', { hours: event.hours })}
          </Text>
          {(event.subject || event.teacher || event.classroom) && (
            <Text size="xs" c="dimmed">
              {[event.subject, event.teacher, event.classroom].filter(Boolean).join(' · ')}
            </Text>
          )}
          {event.type === EVENT_TYPES.absence && (
            <Group gap={4} mt={4}>
              <Badge size="xs" color={event.justified ? 'gray' : 'red'}>
                {t(event.justified ? 'justified' : 'unjustified')}
              </Badge>
              {event.announced && (
                <Badge size="xs" variant="outline">
                  {t('announced')}
                </Badge>
              )}
              {event.justificationStatus !== null && (
                <Badge size="xs" variant="light">
                  {t(['statusSent', 'statusAccepted', 'statusRefused'][event.justificationStatus] as 'statusSent')}
                </Badge>
              )}
              {event.reason && <Text size="xs">{event.reason}</Text>}
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
