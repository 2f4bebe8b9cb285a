import { useState, type ReactNode } from 'react';
import { Button, Card, Center, EmptyState, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { writeSetQuery } from '@lea/shared';
import { ConfirmModal } from '../../../back-office/components/confirm-modal';
import { PageHeader } from '../../../shell/page-header';
import type { useContentActions, useCourseContent } from '../course-content';
import { RowActions } from './row-actions';
import { SortableRows } from './sortable-rows';

type ContentActions = ReturnType<typeof useContentActions>;
type Alias = 'unit' | 'subject' | 'lesson';
/** The record a delete asks about: its entity, id and name. */
type Removal = { alias: Alias; id: number; name: string };

type PageProps = {
  title: string;
  /** The header's action, offered again by the empty state. */
  action: ReactNode;
  content: ReturnType<typeof useCourseContent>;
  actions: ContentActions;
  /** Nothing to group by yet (no unit, no subject): the empty state instead of the groups. */
  empty: { when: boolean; icon: ReactNode; title: string };
  /** The groups; `ask` opens the delete confirmation of a record. */
  children: (ask: (removal: Removal) => void) => ReactNode;
};

/**
 * The frame of the grouped content pages (subjects by unit, lessons by subject): the title, the
 * loading and error states, the empty state and the delete confirmation through the generic calls.
 */
export function ContentPage({ title, action, content, actions, empty, children }: PageProps) {
  const { t } = useTranslation('lesson');
  const [removing, setRemoving] = useState<Removal | null>(null);
  const body = () => {
    if (content.pending)
      return (
        <Center py="xl">
          <Loader />
        </Center>
      );
    if (content.failed) return <Text c="red">{t('loadError')}</Text>;
    if (empty.when)
      return (
        <EmptyState icon={empty.icon} withIndicatorBackground title={empty.title}>
          <EmptyState.Actions>{action}</EmptyState.Actions>
        </EmptyState>
      );
    return children(setRemoving);
  };
  return (
    <Stack gap="lg">
      <PageHeader title={title} actions={action} />
      {body()}
      <ConfirmModal
        opened={removing !== null}
        title={t('manager.deleteTitle')}
        message={t('manager.deleteText', { name: removing?.name ?? '' })}
        confirmLabel={t('manager.delete')}
        busy={actions.busy}
        onConfirm={() => removing && void actions.remove(removing.alias, removing.id).then(() => setRemoving(null))}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** One row of a group: what it shows, where it is edited and whether it may go. */
export type ContentItem = { id: number; label: string; detail?: string; editTo: string; canRemove: boolean; removeReason: string | null };

type RowsProps = {
  /** The list's accessible name. */
  label: string;
  alias: Alias;
  items: ContentItem[];
  actions: ContentActions;
  onRemove: (removal: Removal) => void;
};

/** A group's records, dragged to reorder, each with its edit and delete. */
export function ContentRows({ label, alias, items, actions, onRemove }: RowsProps) {
  const { t } = useTranslation('lesson');
  return (
    <SortableRows
      label={label}
      rows={items.map(({ id, label: rowLabel, detail }) => ({ id, label: rowLabel, detail }))}
      onMove={(row, index) => void actions.sort(alias, row.id, index)}
      handleLabel={(row) => t('manager.moveOf', { name: row.label })}
      actions={(row) => {
        const item = items.find((candidate) => candidate.id === row.id)!;
        return (
          <RowActions
            name={item.label}
            editTo={item.editTo}
            canRemove={item.canRemove}
            removeReason={item.removeReason}
            busy={actions.busy}
            onRemove={() => onRemove({ alias, id: item.id, name: item.label })}
          />
        );
      }}
    />
  );
}

type GroupProps = Omit<RowsProps, 'label'> & {
  /** The record the group gathers (a unit, a subject): its rows are its children `alias`. */
  parent: { alias: Alias; id: number; name: string };
  /** The area's screen base, for the add form. */
  base: string;
  /** Shown beside the heading (a subject's unit). */
  badge?: ReactNode;
};

/**
 * A group's card (a unit's subjects, a subject's lessons): its heading, the add button whose form
 * names the parent (`{alias}/add?set=…`) and its rows; the texts are `manager.add{Alias}`,
 * `manager.add{Alias}To` and `manager.no{Alias}`.
 */
export function ContentGroup({ parent, base, badge, ...rows }: GroupProps) {
  const { t } = useTranslation('lesson');
  const kind = rows.alias.charAt(0).toUpperCase() + rows.alias.slice(1);
  const id = `${parent.alias}-${parent.id}`;
  const set = encodeURIComponent(writeSetQuery([{ name: parent.alias, value: parent.id }]));
  const heading = (
    <Title order={2} size="h4" id={id}>
      {parent.name}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          {badge === undefined ? (
            heading
          ) : (
            <Group gap="xs" wrap="wrap">
              {heading}
              {badge}
            </Group>
          )}
          <Button
            component={Link}
            to={`${base}/${rows.alias}/add?set=${set}`}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={16} />}
            aria-label={t(`manager.add${kind}To`, { name: parent.name })}
          >
            {t(`manager.add${kind}`)}
          </Button>
        </Group>
        {rows.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(`manager.no${kind}`)}
          </Text>
        ) : (
          <ContentRows label={parent.name} {...rows} />
        )}
      </Stack>
    </Card>
  );
}
