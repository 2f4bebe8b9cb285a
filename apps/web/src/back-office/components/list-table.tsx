import type { ReactNode } from 'react';
import { ActionIcon, Checkbox, ColorSwatch, Group, Pagination, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconArrowsSort, IconGripVertical, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { GenericColumn, GenericListResponse } from '@lea/shared';
import classes from './list-table.module.css';
import { dateTimeFormat } from '../../shell/intl-formats';

/** Below Mantine's sm breakpoint the rows stack as cards (list-table.module.css) instead of scrolling sideways. */
const PHONE_QUERY = '(max-width: 48em)';

/** Spec 3 §9: table page sizes. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;

export type Row = GenericListResponse['data'][number];

/** A cell as its column's format asks (people by full name). */
export function formatCell(value: unknown, column: GenericColumn, language: string, yesNo: [string, string]): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.format) {
    case 'date':
    case 'longDate': {
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      // Day first in both languages (spec 1 §9: DD/MM/YYYY), in the Paris calendar.
      const style =
        column.format === 'date' ? ({ day: '2-digit', month: '2-digit', year: 'numeric' } as const) : ({ dateStyle: 'long' } as const);
      return dateTimeFormat(language.startsWith('en') ? 'en-GB' : 'fr-FR', { ...style, timeZone: 'Europe/Paris' }).format(date);
    }
    case 'boolean':
    case 'state':
      return value === true || value === 1 || value === '1' ? yesNo[0] : yesNo[1];
    case 'person':
      return typeof value === 'object' && value !== null && 'fullName' in value
        ? String((value as { fullName: unknown }).fullName)
        : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The list's order: a column index of `list.columns` (the server's `sortByField`), or the entity's own (null). */
export type ListSort = { field: number | null; order: 'ASC' | 'DESC' };

type Props = {
  list: GenericListResponse;
  page: { limit: number; offset: number };
  onPage: (page: { limit: number; offset: number }) => void;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  /** Drag reorder (spec 3 §9), offered when the rows are shown in the entity's own order: the row's new index on the page. */
  onReorder?: (row: Row, index: number) => void;
  /** Actions of a row (edit, delete…), in the last column. */
  rowActions?: (row: Row) => ReactNode;
  /** Multi-select (a checkbox per row and one for the page): the selected rows' ids. */
  selection?: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void; label: (row: Row) => string };
  emptyText: string;
  caption: string;
};

const rowId = (row: Row, index: number) => String(row.id ?? index);

/** Spec 3 §4: an enabled module has a green dot, a disabled one a red dot; the word says it too. */
function StateDot({ on, label }: { on: boolean; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch size={12} color={on ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-red-6)'} withShadow={false} aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

function DragRow({ id, children, label }: { id: string; children: ReactNode; label: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Table.Tr ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}>
      <Table.Td w={40} data-label="">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={label}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      </Table.Td>
      {children}
    </Table.Tr>
  );
}

/**
 * Any generic list (`columns, data, count`): the server decides the columns, the web their
 * format; sortable columns sort on click (ascending, descending, then the entity's own order),
 * page sizes 5/10/25/50, and rows drag to reorder when the entity sorts.
 */
export function ListTable({ list, page, onPage, sort, onSort, onReorder, rowActions, selection, emptyText, caption }: Props) {
  const { t, i18n } = useTranslation(['back-office', 'common']);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const columns = list.columns.map((column, index) => ({ column, index })).filter(({ column }) => !column.hidden);
  const yesNo: [string, string] = [t('common:yes'), t('common:no')];
  const pages = Math.max(1, Math.ceil(list.count / page.limit));
  if (list.data.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  const ids = list.data.map(rowId);
  const nextSort = (index: number): ListSort => {
    if (sort.field !== index) return { field: index, order: 'ASC' };
    return sort.order === 'ASC' ? { field: index, order: 'DESC' } : { field: null, order: 'ASC' };
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const row = list.data[ids.indexOf(String(active.id))];
    const to = over ? ids.indexOf(String(over.id)) : -1;
    if (row && onReorder && to >= 0 && active.id !== over?.id) onReorder(row, to);
  };
  const pageSelected = selection ? ids.filter((id) => selection.selected.has(id)).length : 0;
  const selectPage = (checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };
  const selectRow = (id: string, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const cells = (row: Row, id: string) => (
    <>
      {selection && (
        <Table.Td w={40} data-label="">
          <Checkbox
            aria-label={t('list.selectOf', { name: selection.label(row) })}
            checked={selection.selected.has(id)}
            onChange={(event) => selectRow(id, event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      {columns.map(({ column }) => (
        <Table.Td key={column.key} data-label={column.label}>
          {column.format === 'state' ? (
            <StateDot on={row[column.key] === true} label={row[column.key] === true ? t('list.enabled') : t('list.disabled')} />
          ) : (
            formatCell(row[column.key], column, i18n.language, yesNo)
          )}
        </Table.Td>
      ))}
      {rowActions && (
        <Table.Td className={classes.actions} data-label="">
          {rowActions(row)}
        </Table.Td>
      )}
    </>
  );
  const table = (
    <Table striped={!phone} highlightOnHover verticalSpacing="sm" aria-label={caption} className={classes.stacked}>
      <Table.Thead>
        <Table.Tr>
          {onReorder && <Table.Th w={40} aria-label={t('list.reorder')} />}
          {selection && (
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('list.selectPage')}
                checked={pageSelected === ids.length}
                indeterminate={pageSelected > 0 && pageSelected < ids.length}
                onChange={(event) => selectPage(event.currentTarget.checked)}
              />
            </Table.Th>
          )}
          {columns.map(({ column, index }) => {
            const sorted = sort.field === index ? sort.order : null;
            const Icon = sorted === 'ASC' ? IconSortAscending : sorted === 'DESC' ? IconSortDescending : IconArrowsSort;
            return (
              <Table.Th key={column.key} aria-sort={sorted === 'ASC' ? 'ascending' : sorted === 'DESC' ? 'descending' : undefined}>
                {column.sortable ? (
                  <UnstyledButton onClick={() => onSort(nextSort(index))} fw={700} fz="sm">
                    <Group gap={4} wrap="nowrap">
                      {column.label}
                      <Icon size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                ) : (
                  column.label
                )}
              </Table.Th>
            );
          })}
          {rowActions && <Table.Th aria-label={t('list.actions')} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {onReorder ? (
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {list.data.map((row, index) => (
              <DragRow key={ids[index]} id={ids[index]!} label={t('list.drag')}>
                {cells(row, ids[index]!)}
              </DragRow>
            ))}
          </SortableContext>
        ) : (
          list.data.map((row, index) => <Table.Tr key={ids[index]}>{cells(row, ids[index]!)}</Table.Tr>)
        )}
      </Table.Tbody>
    </Table>
  );
  return (
    <>
      <Table.ScrollContainer minWidth={phone ? 0 : 640}>
        {onReorder ? (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            {table}
          </DndContext>
        ) : (
          table
        )}
      </Table.ScrollContainer>
      {list.count > PAGE_SIZES[0] && (
        <Group justify="space-between" wrap="wrap">
          <Select
            aria-label={t('list.pageSize')}
            w={90}
            data={PAGE_SIZES.map(String)}
            value={String(page.limit)}
            onChange={(value) => value && onPage({ limit: Number(value), offset: 0 })}
            allowDeselect={false}
          />
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.floor(page.offset / page.limit) + 1}
              onChange={(value) => onPage({ limit: page.limit, offset: (value - 1) * page.limit })}
            />
          )}
        </Group>
      )}
    </>
  );
}
