import { useState } from 'react';
import { Button, Card, Group, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarOff,
  IconChevronDown,
  IconChevronUp,
  IconClipboardCheck,
  IconFileText,
  IconHistory,
  IconNote,
  IconStars,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry, TimelineKind } from '@lea/shared';
import { formatMinute, shownEntries, TIMELINE_FOLDED_COUNT, timelineSentenceKey } from '../timeline';

/** Each kind of activity keeps one icon and one colour, so the eye finds the signatures or the absences. */
const KIND_LOOK: Record<TimelineKind, { icon: Icon; color: string }> = {
  questionnaire: { icon: IconClipboardCheck, color: 'teal' },
  document: { icon: IconFileText, color: 'blue' },
  note: { icon: IconNote, color: 'yellow' },
  absence: { icon: IconCalendarOff, color: 'red' },
  planning: { icon: IconCalendarEvent, color: 'grape' },
  skill: { icon: IconStars, color: 'orange' },
};

/** 'Activité récente' (spec 2 §2): the triad's latest activity, 4 entries then a button for the rest. */
export function TimelineCard({ entries }: { entries: readonly TimelineEntry[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const [expanded, setExpanded] = useState(false);
  const shown = shownEntries(entries, expanded);
  return (
    <Card withBorder padding="md" radius="md" data-testid="timeline-card">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconHistory size={20} aria-hidden />
        <Title order={2} size="h4">
          {t('timeline.title')}
        </Title>
      </Group>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('timeline.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={28} lineWidth={2} active={shown.length - 1} aria-label={t('timeline.title')}>
          {shown.map((entry) => {
            const look = KIND_LOOK[entry.className];
            const KindIcon = look.icon;
            return (
              <Timeline.Item
                key={entry.id}
                color={look.color}
                data-kind={entry.className}
                bullet={
                  <ThemeIcon color={look.color} radius="xl" size={28} role="img" aria-label={t(`timeline.kind.${entry.className}`)}>
                    <KindIcon size={16} />
                  </ThemeIcon>
                }
              >
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t(timelineSentenceKey(entry.className), { who: entry.titlePart1, what: entry.titlePart2 })}
                </Text>
                <Text size="xs" c="dimmed" component="time" dateTime={entry.minute}>
                  {formatMinute(entry.minute, i18n.language)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
      {entries.length > TIMELINE_FOLDED_COUNT && (
        <Button
          variant="subtle"
          size="xs"
          mt="sm"
          fullWidth
          aria-expanded={expanded}
          rightSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('timeline.less') : t('timeline.more', { count: entries.length - TIMELINE_FOLDED_COUNT })}
        </Button>
      )}
    </Card>
  );
}
