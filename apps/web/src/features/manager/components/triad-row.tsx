import { Badge, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconEdit, IconFileText, IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ManagerTriad, PersonSummary } from '@lea/shared';
import { managerRoute } from '../entities';
import type { RemovableMemberType } from '../triad-api';
import { canImpersonate, deleteWarning, PERSON_COLUMNS, removableMember, secondaryUsersOf } from '../triad-rules';
import { ActionList, type Action } from './action-list';
import { PersonCell } from './person-cell';

export type TriadHandlers = {
  onImpersonate: (person: Pick<PersonSummary, 'id' | 'fullName'>) => void;
  onRemoveMember: (triad: ManagerTriad, type: RemovableMemberType, person: PersonSummary) => void;
  onDelete: (triad: ManagerTriad) => void;
  busyUserId: number | null;
};

/** The actions of one triad (spec 3 §2.2): edit, contracts, add a secondary user, delete. */
export function triadActions(courseId: number, triad: ManagerTriad, onDelete: () => void, t: TFunction<'manager'>): Action[] {
  const signed = deleteWarning(triad) !== null;
  return [
    { key: 'edit', label: t('triads.edit'), icon: <IconEdit size={18} />, to: managerRoute(courseId, 'triad', 'triad', 'edit', triad.id) },
    {
      key: 'contracts',
      label: t('triads.contracts', { count: triad.contractCount }),
      icon: <IconFileText size={18} />,
      to: managerRoute(courseId, 'triad', 'contract', triad.id),
    },
    {
      key: 'secondary',
      label: t('triads.addSecondary'),
      icon: <IconUserPlus size={18} />,
      to: managerRoute(courseId, 'triad', 'triad-user', triad.id, 'add'),
    },
    {
      key: 'delete',
      label: t('triads.delete'),
      // Red when a questionnaire is signed: the deletion warns (questionnaire_triad_already_signed).
      icon: <IconTrash size={18} color={signed ? 'var(--mantine-color-red-filled)' : undefined} data-signed={signed || undefined} />,
      color: signed ? 'red' : undefined,
      onClick: onDelete,
    },
  ];
}

/** One triad of a crew widget: the four person columns and its actions; inactive ones muted. */
export function TriadRow({
  courseId,
  triad,
  compact,
  handlers,
}: {
  courseId: number;
  triad: ManagerTriad;
  compact: boolean;
  handlers: TriadHandlers;
}) {
  const { t } = useTranslation('manager');
  const name = triad.apprentice?.fullName ?? t('triads.unnamed', { id: triad.id });
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      role="group"
      aria-label={t('triads.label', { name })}
      data-testid="manager-triad"
      data-inactive={!triad.active || undefined}
      // Grey and marked "inactive", not faded: an opacity would take its text under 4.5:1 (WCAG 1.4.3).
      bg={triad.active ? undefined : 'var(--mantine-color-default-hover)'}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="wrap">
            {!triad.active && (
              <Badge size="sm" color="gray" variant="filled">
                {t('triads.inactive')}
              </Badge>
            )}
            {triad.isTest && (
              <Badge size="sm" color="yellow" variant="light">
                {t('triads.test')}
              </Badge>
            )}
            <Badge size="sm" variant="outline" color="gray">
              {t('triads.contracts', { count: triad.contractCount })}
            </Badge>
          </Group>
          <ActionList
            actions={triadActions(courseId, triad, () => handlers.onDelete(triad), t)}
            menuLabel={t('triads.actions', { name })}
            compact={compact}
            variant="icons"
          />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
          {PERSON_COLUMNS.map((column) => {
            const removable = removableMember(triad, column);
            return (
              <PersonCell
                key={column}
                column={column}
                person={triad[column]}
                secondary={secondaryUsersOf(triad, column)}
                onImpersonate={canImpersonate(column) ? handlers.onImpersonate : null}
                onRemove={removable ? () => handlers.onRemoveMember(triad, removable.type, removable.person) : null}
                busyUserId={handlers.busyUserId}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
