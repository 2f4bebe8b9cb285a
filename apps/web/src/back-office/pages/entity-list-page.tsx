import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Tabs, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCopy,
  IconEdit,
  IconFileImport,
  IconFileSpreadsheet,
  IconListDetails,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { writeSetQuery, type EntityDescription } from '@lea/shared';
import { PageHeader } from '../../shell/page-header';
import { areaKey, type BackOfficeArea } from '../area';
import { useReportAreaError } from '../area-error';
import { ConfirmModal } from '../components/confirm-modal';
import { EntityForm } from '../components/entity-form';
import { ListTable, type ListSort, type Row } from '../components/list-table';
import { PageActions } from '../components/page-actions';
import { LoadFallback } from '../components/load-fallback';
import { actionFailure, bulkRemoveRecords, copyRecord, deleteRecord, errorMessage, sortRecord, useEntityList } from '../entity-api';
import { returnPath, screenPath, type ScreenMatch } from '../screens';
import { useServerText } from '../server-text';

type Props = { area: BackOfficeArea; match: ScreenMatch; entities: readonly EntityDescription[] };

/**
 * The list's tab (`tabs` of the description: the documents' general and pedagogic), kept in the
 * `tab` query so that a form opened from it returns to it; null when the list has no tabs.
 */
function useListTab(entity: EntityDescription) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const tabs = entity.tabs ?? null;
  const asked = params.get('tab');
  const tab = tabs ? (tabs.options.some((option) => option.value === asked) ? asked! : tabs.initial) : null;
  const choose = (value: string) => setParams(value === tabs?.initial ? {} : { tab: value }, { replace: true });
  // The forms return to the list in its tab (`backPath`); a tab's add presets its field (`set`).
  const backPath = tab === null ? null : tab === tabs?.initial ? pathname : `${pathname}?${new URLSearchParams({ tab }).toString()}`;
  const formQuery = (add: boolean) => {
    if (tabs === null || tab === null || backPath === null) return '';
    const query = new URLSearchParams({ backPath });
    if (add) query.set('set', writeSetQuery([{ name: tabs.key, value: tab }]));
    return `?${query.toString()}`;
  };
  return { tabs, tab, choose, filter: tabs && tab !== null ? [`${tabs.key}:${tab}`] : undefined, formQuery };
}

/**
 * The list of any entity (`{screen}[/{parent}]`, `…/list`): search, sort, paging 5/10/25/50,
 * drag reorder where the entity sorts, and the actions its declaration allows (add, import,
 * update, edit, copy, delete; a row the server says cannot go shows why; its page actions).
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
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkDeleting, setBulkDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const listTab = useListTab(entity);
  const list = useEntityList(area, entity.alias, parentId, {
    ...page,
    search,
    sortByField: sort.field,
    sortOrder: sort.order,
    filter: listTab.filter,
  });
  useReportAreaError(list.error);
  const parent = entity.parent ? entities.find((candidate) => candidate.alias === entity.parent) : undefined;
  // The entities that hang on this one (an institution's components): each row links to its own list of them.
  const children = entities.filter((candidate) => candidate.parent === entity.alias && candidate.can.list);
  // Settings above the list: a part of a singleton of the area (the help documents' help contact).
  const settings = entity.settings
    ? entities.find((candidate) => candidate.alias === entity.settings?.alias && candidate.can.singleton)
    : undefined;

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
      setBulkDeleting(false);
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: areaKey(area) });
    }
  };
  const id = (row: Row) => Number(row.id);
  const label = (row: Row) => String(row.title ?? row.name ?? row.id ?? '');
  // Dragging follows the entity's own order: not while another order or a search reshapes the rows.
  const reorderable = entity.can.sort && sort.field === null && search.trim().length < 2;

  const { bulkRemove } = entity;
  const actions = (
    <Group gap="xs">
      {entity.pageActions && entity.pageActions.length > 0 && (
        <PageActions area={area} actions={entity.pageActions} onDone={() => queryClient.invalidateQueries({ queryKey: areaKey(area) })} />
      )}
      {bulkRemove && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} />}
          disabled={selected.size === 0}
          onClick={() => setBulkDeleting(true)}
        >
          {t('list.deleteSelected', { count: selected.size })}
        </Button>
      )}
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
        <Button
          component={Link}
          to={screenPath(area, entity, parentId, 'add') + listTab.formQuery(true)}
          leftSection={<IconPlus size={18} />}
        >
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
      {settings && (
        <Card withBorder radius="md" padding="lg">
          <EntityForm
            target={{ area, entity: settings, id: null, parentId: null, part: entity.settings?.part ?? null }}
            onSaved={() => undefined}
          />
        </Card>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          {listTab.tabs && (
            <Tabs
              value={listTab.tab}
              onChange={(value) => {
                if (value === null) return;
                listTab.choose(value);
                setPage((current) => ({ ...current, offset: 0 }));
              }}
            >
              <Tabs.List>
                {listTab.tabs.options.map((option) => (
                  <Tabs.Tab key={option.value} value={option.value}>
                    {option.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          )}
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
              selection={bulkRemove ? { selected, onChange: setSelected, label } : undefined}
              emptyText={t('list.empty')}
              rowActions={(row) => (
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  {/* A row may say `canEdit: false` (a shared document of another uploader): no edit link then. */}
                  {row.canEdit !== false && (
                    <Tooltip label={t('list.edit')} withArrow>
                      <ActionIcon
                        component={Link}
                        to={screenPath(area, entity, parentId, 'edit', id(row)) + listTab.formQuery(false)}
                        variant="subtle"
                        aria-label={t('list.editOf', { name: label(row) })}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {children.map((child) => (
                    <Tooltip key={child.alias} label={child.titles.list} withArrow>
                      <ActionIcon
                        component={Link}
                        to={screenPath(area, child, id(row))}
                        variant="subtle"
                        aria-label={`${child.titles.list} — ${label(row)}`}
                      >
                        <IconListDetails size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ))}
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
      {bulkRemove && (
        <ConfirmModal
          opened={bulkDeleting}
          title={t('list.deleteTitle')}
          message={t('list.deleteSelectedText', { count: selected.size })}
          confirmLabel={t('list.delete')}
          busy={busy}
          onConfirm={() => void act(() => bulkRemoveRecords(area, bulkRemove, [...selected].map(Number)), t('list.deleted'))}
          onClose={() => setBulkDeleting(false)}
        />
      )}
    </Stack>
  );
}
