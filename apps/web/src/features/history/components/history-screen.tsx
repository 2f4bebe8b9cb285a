import { Stack, EmptyState } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileDownloadResponse, HistoryResponse, HistoryType } from '@lea/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { useReportAreaError } from '../../../back-office/area-error';
import { usePageTitle } from '../../../shell/breadcrumb';
import { PageHeader } from '../../../shell/page-header';
import type { HistoryFilters, Paging } from '../api';
import { DownloadButton } from './download-button';
import { HistoryFilterBar } from './history-filters';
import { HistoryTable } from './history-table';
import { Pager } from './pager';

type Props = {
  title: string;
  subtitle: string;
  types: readonly HistoryType[];
  withPerson?: boolean;
  filters: HistoryFilters;
  onFilters: (filters: HistoryFilters) => void;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  answer: UseQueryResult<HistoryResponse>;
  exportFile: () => Promise<FileDownloadResponse>;
};

/** A history screen (the admin's, a course's connections): filters, export, lines and pager. */
export function HistoryScreen({ title, subtitle, types, withPerson, filters, onFilters, paging, onPaging, answer, exportFile }: Props) {
  const { t } = useTranslation('history');
  useReportAreaError(answer.error);
  usePageTitle(title);
  return (
    <Stack gap="md">
      <PageHeader title={title} subtitle={subtitle} actions={<DownloadButton fetchFile={exportFile} label={t('export')} />} />
      <HistoryFilterBar
        value={filters}
        onChange={(next) => {
          onFilters(next);
          onPaging({ ...paging, offset: 0 });
        }}
        types={types}
        withPerson={withPerson}
      />
      {answer.data ? (
        <>
          {answer.data.data.length === 0 ? (
            <EmptyState icon={<IconHistory size={32} />} title={t('empty')} />
          ) : (
            <HistoryTable lines={answer.data.data} />
          )}
          <Pager paging={paging} count={answer.data.count} onChange={onPaging} />
        </>
      ) : (
        <LoadFallback pending={answer.isPending} failure={answer.error instanceof Error ? answer.error.message : t('loadFailed')} />
      )}
    </Stack>
  );
}
