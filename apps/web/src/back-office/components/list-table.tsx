import type { ReactNode } from 'react';
import { Group, Pagination, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GenericColumn, GenericListResponse } from '@lea/shared';

/** Spec 3 §9: table page sizes. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;

type Row = GenericListResponse['data'][number];

/** A cell as its column's format asks (people by full name). */
export function formatCell(value: unknown, column: GenericColumn, language: string, yesNo: [string, string]): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.format) {
    case 'date':
    case 'longDate': {
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      // Day first in both languages (spec 1 §9: DD/MM/YYYY), in the Paris calendar.
      const style = column.format === 'date' ? ({ day: '2-digit', month: '2-digit', year: 'numeric' } as const) : ({ dateStyle: 'long' } as const);
      return new Intl.DateTimeFormat(language.startsWith('en') ? 'en-GB' : 'fr-FR', { ...style, timeZone: 'Europe/Paris' }).format(date);
    }
    case 'boolean':
      return value === true || value === 1 || value === '1' ? yesNo[0] : yesNo[1];
    case 'person':
      return typeof value === 'object' && value !== null && 'fullName' in value ? String((value as { fullName: unknown }).fullName) : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

type Props = {
  list: GenericListResponse;
  page: { limit: number; offset: number };
  onPage: (page: { limit: number; offset: number }) => void;
  /** Actions of a row (edit…), in the last column. */
  rowActions?: (row: Row) => ReactNode;
  emptyText: string;
  caption: string;
};

/** Any generic list (`columns, data, count`): the server decides the columns, the web their format. */
export function GenericListTable({ list, page, onPage, rowActions, emptyText, caption }: Props) {
  const { t, i18n } = useTranslation(['manager', 'common']);
  const columns = list.columns.filter((column) => !column.hidden);
  const yesNo: [string, string] = [t('common:yes'), t('common:no')];
  const pages = Math.max(1, Math.ceil(list.count / page.limit));
  if (list.data.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key}>{column.label}</Table.Th>
              ))}
              {rowActions && <Table.Th aria-label={t('list.actions')} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((row, index) => (
              <Table.Tr key={String(row.id ?? index)}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{formatCell(row[column.key], column, i18n.language, yesNo)}</Table.Td>
                ))}
                {rowActions && <Table.Td>{rowActions(row)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
          {pages > 1 && <Pagination total={pages} value={Math.floor(page.offset / page.limit) + 1} onChange={(value) => onPage({ limit: page.limit, offset: (value - 1) * page.limit })} />}
        </Group>
      )}
    </>
  );
}
