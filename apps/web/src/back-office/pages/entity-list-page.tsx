import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconEdit, IconFileImport, IconFileSpreadsheet, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EntityDescription } from '@lea/shared';
import { PageHeader } from '../../shell/page-header';
import { areaKey, type BackOfficeArea } from '../area';
import { useReportAreaError } from '../area-error';
import { ConfirmModal } from '../components/confirm-modal';
import { ListTable, type ListSort, type Row } from '../components/list-table';
import { LoadFallback } from '../components/load-fallback';
import { actionFailure, copyRecord, deleteRecord, errorMessage, sortRecord, useEntityList } from '../entity-api';
import { returnPath, screenPath, type ScreenMatch } from '../screens';
import { useServerText } from '../server-text';

type Props = { area: BackOfficeArea; match: ScreenMatch; entities: readonly EntityDescription[] };

/**
 * The list of any entity (`{screen}[/{parent}]`, `…/list`): search, sort, paging 5/10/25/50,
 * drag reorder where the entity sorts, and the actions its declaration allows (add, import,
 * update, edit, copy, delete; a row the server says cannot go shows why).
 */
export function EntityListPage({ area, match, entities }: Props) {
  const { t } = useTranslation(['back-office', 'common']);
  const serverText = useServerText();
  const queryClient = useQueryClient();
  const { entity, parentId } = match;
  const [page, setPage] = useState({ limit: 10, offset: 0 });
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ListSort>({ field: null, order: 'ASC' });
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useEntityList(area, entity.alias, parentId, { ...page, search, sortByField: sort.field, sortOrder: sort.order });
  useReportAreaError(list.error);
  const parent = entity.parent ? entities.find((candidate) => candidate.alias === entity.parent) : undefined;

  const act = async (run: () => ReturnType<typeof deleteRecord>, done: string) => {
    setBusy(true);
    try {
      const answer = await run();
      const failure = actionFailure(answer);
      notifications.show(
        failure === null
          ? { color: 'green', message: answer.message || done }
          : { color: 'red', message: serverText(failure) || t('common:errors.generic') },
      );
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) ?? t('common:errors.generic') });
    } finally {
      setBusy(false);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: areaKey(area) });
    }
  };
  const id = (row: Row) => Number(row.id);
  const label = (row: Row) => String(row.title ?? row.name ?? row.id ?? '');
  // Dragging follows the entity's own order: not while another order or a search reshapes the rows.
  const reorderable = entity.can.sort && sort.field === null && search.trim().length < 2;

  const actions = (
    <Group gap="xs">
      {entity.can.import && entity.titles.import && (
        <Button
          component={Link}
          to={screenPath(area, entity, parentId, 'import')}
          variant="light"
          leftSection={<IconFileImport size={18} />}
        >
          {entity.titles.import}
        </Button>
      )}
      {entity.can.import && entity.can.export && entity.titles.update && (
        <Button
          component={Link}
          to={screenPath(area, entity, parentId, 'update')}
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} />}
        >
          {entity.titles.update}
        </Button>
      )}
      {entity.can.add && (
        <Button component={Link} to={screenPath(area, entity, parentId, 'add')} leftSection={<IconPlus size={18} />}>
          {entity.titles.add}
        </Button>
      )}
    </Group>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title={entity.titles.list}
        subtitle={list.data?.subtitle ?? undefined}
        back={parent ? { to: returnPath(area, parent, null), label: parent.titles.back } : undefined}
        actions={actions}
      />
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <TextInput
            leftSection={<IconSearch size={16} />}
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            value={search}
            maw={360}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage((current) => ({ ...current, offset: 0 }));
            }}
          />
          {!list.data ? (
            <LoadFallback pending={list.isPending} failure={t('common:errors.generic')} />
          ) : (
            <ListTable
              list={list.data}
              page={page}
              onPage={setPage}
              sort={sort}
              onSort={setSort}
              onReorder={
                reorderable
                  ? (row, index) => void act(() => sortRecord(area, entity.alias, id(row), page.offset + index), t('list.sorted'))
                  : undefined
              }
              caption={entity.titles.list}
              emptyText={t('list.empty')}
              rowActions={(row) => (
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <Tooltip label={t('list.edit')} withArrow>
                    <ActionIcon
                      component={Link}
                      to={screenPath(area, entity, parentId, 'edit', id(row))}
                      variant="subtle"
                      aria-label={t('list.editOf', { name: label(row) })}
                    >
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {entity.can.copy && (
                    <Tooltip label={t('list.copy')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        disabled={busy}
                        onClick={() => void act(() => copyRecord(area, entity.alias, id(row)), t('list.copied'))}
                        aria-label={t('list.copyOf', { name: label(row) })}
                      >
                        <IconCopy size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {entity.can.remove && (
                    <Tooltip
                      label={row.canRemove === false ? serverText(String(row.removeReason ?? 'cannot_remove')) : t('list.delete')}
                      withArrow
                    >
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={row.canRemove === false}
                        onClick={() => setDeleting(row)}
                        aria-label={t('list.deleteOf', { name: label(row) })}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              )}
            />
          )}
        </Stack>
      </Card>
      <ConfirmModal
        opened={deleting !== null}
        title={t('list.deleteTitle')}
        message={t('list.deleteText', { name: deleting ? label(deleting) : '' })}
        confirmLabel={t('list.delete')}
        busy={busy}
        onConfirm={() => deleting && void act(() => deleteRecord(area, entity.alias, id(deleting)), t('list.deleted'))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
