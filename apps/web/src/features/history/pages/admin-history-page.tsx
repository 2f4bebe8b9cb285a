import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_TYPES } from '@lea/shared';
import { fetchAdminHistoryExport, useAdminHistory, type HistoryFilters, type Paging } from '../api';
import { HistoryScreen } from '../components/history-screen';

/** /admin/history (spec 3 §2.3): everything that happened on the platform, filtered, paged and exported. */
export default function AdminHistoryPage() {
  const { t } = useTranslation('history');
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [paging, setPaging] = useState<Paging>({ limit: 25, offset: 0 });
  const answer = useAdminHistory(filters, paging);
  return (
    <HistoryScreen
      title={t('admin.title')}
      subtitle={t('admin.subtitle')}
      types={HISTORY_TYPES}
      withPerson
      filters={filters}
      onFilters={setFilters}
      paging={paging}
      onPaging={setPaging}
      answer={answer}
      exportFile={() => fetchAdminHistoryExport(filters)}
    />
  );
}
