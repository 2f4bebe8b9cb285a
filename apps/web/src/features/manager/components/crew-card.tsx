import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { managerRoute } from '../entities';
import { canDeleteCrew, canEditCrew, type ManagerCrew } from '../triad-rules';
import { ActionList, type Action } from './action-list';
import { TriadRow, type TriadHandlers } from './triad-row';

type Props = { courseId: number; crew: ManagerCrew; compact: boolean; onDeleteCrew: (crew: ManagerCrew) => void; handlers: TriadHandlers };

/** A crew's widget on the triad list (spec 3 §2.2): edit and delete the crew, then its triads. */
export function CrewCard({ courseId, crew, compact, onDeleteCrew, handlers }: Props) {
  const { t } = useTranslation('manager');
  const actions: Action[] = [];
  if (canEditCrew(crew) && crew.id !== null) {
    actions.push({
      key: 'edit',
      label: t('crews.edit'),
      icon: <IconEdit size={18} />,
      to: managerRoute(courseId, 'triad', 'crew', 'edit', crew.id),
    });
    actions.push({
      key: 'delete',
      label: t('crews.delete'),
      icon: <IconTrash size={18} />,
      color: 'red',
      disabled: !canDeleteCrew(crew),
      hint: t('crews.cannot_remove'),
      onClick: () => onDeleteCrew(crew),
    });
  }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={crew.title} data-testid="manager-crew">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {crew.title}
            </Title>
            <Badge variant="light">{t('crews.triadCount', { count: crew.triads.length })}</Badge>
          </Group>
          {actions.length > 0 && (
            <ActionList actions={actions} menuLabel={t('crews.actions', { title: crew.title })} compact={compact} variant="icons" />
          )}
        </Group>
        {crew.triads.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('crews.empty')}
          </Text>
        ) : (
          crew.triads.map((triad) => <TriadRow key={triad.id} courseId={courseId} triad={triad} compact={compact} handlers={handlers} />)
        )}
      </Stack>
    </Card>
  );
}
