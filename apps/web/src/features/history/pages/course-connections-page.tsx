import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchConnectionsExport, useCourseConnections, type HistoryFilters, type Paging } from '../api';
import { HistoryScreen } from '../components/history-screen';

const TYPES = ['connection', 'impersonation'] as const;

/** /lea-manager/{course}/history (spec 3 §2.1): who of the course signed in, when and from where, and impersonations. */
export default function CourseConnectionsPage() {
  const { t } = useTranslation('history');
  const courseId = Number(useParams().trainingCourseId);
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [paging, setPaging] = useState<Paging>({ limit: 25, offset: 0 });
  const answer = useCourseConnections(courseId, filters, paging);
  return (
    <HistoryScreen
      title={t('course.title')}
      subtitle={t('course.subtitle')}
      types={TYPES}
      filters={filters}
      onFilters={setFilters}
      paging={paging}
      onPaging={setPaging}
      answer={answer}
      exportFile={() => fetchConnectionsExport(courseId, filters)}
    />
  );
}
