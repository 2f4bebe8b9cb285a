import { useState } from 'react';
import { SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { useReportAreaError } from '../../../back-office/area-error';
import { usePageTitle } from '../../../shell/breadcrumb';
import { PageHeader } from '../../../shell/page-header';
import { Figure, StatisticsCharts, useFigures } from '../components/statistics-charts';
import { useStatistics } from '../statistics-api';
import type { StatisticsResponse } from '@lea/shared';

function Figures({ stats }: { stats: StatisticsResponse }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }} spacing="sm">
      {useFigures(stats).map((figure) => (
        <Figure key={figure.label} {...figure} />
      ))}
    </SimpleGrid>
  );
}

/** /admin/statistic (spec 3 §2.3, issue 13 §8): live figures and charts, archived courses on demand. */
export default function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const [archived, setArchived] = useState(false);
  const answer = useStatistics(archived);
  useReportAreaError(answer.error);
  usePageTitle(t('title'));
  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={<Switch label={t('archived')} checked={archived} onChange={(event) => setArchived(event.currentTarget.checked)} />}
      />
      {answer.data ? (
        <>
          <Figures stats={answer.data} />
          <StatisticsCharts stats={answer.data} />
        </>
      ) : (
        <LoadFallback pending={answer.isPending} failure={answer.error instanceof Error ? answer.error.message : t('loadFailed')} />
      )}
    </Stack>
  );
}
