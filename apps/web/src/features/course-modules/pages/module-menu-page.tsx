import { useEffect } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBackOfficeArea } from '../../../back-office/area';
import { useReportAreaError } from '../../../back-office/area-error';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { useAreaEntities } from '../../../back-office/entity-api';
import { EntityListPage } from '../../../back-office/pages/entity-list-page';
import { matchScreen } from '../../../back-office/screens';
import { usePageTitle } from '../../../shell/breadcrumb';
import { useModuleTriads } from '../api';
import { ModuleTriadTable } from '../components/module-triad-table';

/**
 * The module menu screen (spec 3 §2.2): the course's modules (green or red dot, drag reorder,
 * edit) from the back-office engine's list of `training-course-module`, then their visibility per
 * triad. Leaving the screen refreshes the triads' data, so that a triad's tab bar follows the order.
 */
export default function ModuleMenuPage() {
  const { t } = useTranslation('course-modules');
  const area = useBackOfficeArea();
  const queryClient = useQueryClient();
  const entities = useAreaEntities(area);
  const courseId = area.kind === 'manager' ? area.courseId : 0;
  const triads = useModuleTriads(courseId);
  useReportAreaError(entities.error ?? triads.error);
  const match = entities.data ? matchScreen(entities.data.entities, 'module') : null;
  usePageTitle(match?.entity.titles.list ?? null);
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: ['triad'] }), [queryClient]);

  if (!entities.data || !match) return <LoadFallback pending={entities.isPending} failure={t('loadError')} />;
  return (
    <Stack gap="lg">
      <EntityListPage area={area} match={match} entities={entities.data.entities} />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('visibility.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('visibility.help')}
          </Text>
          {triads.data ? (
            <ModuleTriadTable courseId={courseId} list={triads.data} />
          ) : (
            <LoadFallback pending={triads.isPending} failure={t('loadError')} />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
