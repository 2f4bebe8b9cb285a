import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconFilter, IconFilterOff, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DashboardFilter } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { setFullScreen, useFullScreen } from '../../../shell/full-screen';
import { PageHeader } from '../../../shell/page-header';
import { columnsOf, type DashboardData, type DashboardKind, type DashboardQuestionnaire, type DashboardTriadData } from './dashboard-data';
import { DashboardGrid } from './dashboard-grid';
import { FilterModal } from './filter-modal';
import { clearFilter, isFiltered, readFilter, writeFilter, type FilterSchema } from './filter-storage';

/** The filter of a dashboard, kept in session storage under the dashboard's key (spec 3 §4). */
export function useDashboardFilter(storageKey: string, schema?: FilterSchema) {
  const [filter, setFilter] = useState<DashboardFilter>(() => readFilter(storageKey, schema));
  const apply = (next: DashboardFilter) => {
    writeFilter(storageKey, next);
    setFilter(next);
  };
  const clear = () => {
    clearFilter(storageKey);
    setFilter({});
  };
  return { filter, apply, clear };
}

type Props<E> = {
  courseId: number;
  kind: DashboardKind;
  title: string;
  query: { data: DashboardData<E> | undefined; error: Error | null };
  filter: ReturnType<typeof useDashboardFilter>;
  renderCell: (entry: E | undefined, triad: DashboardTriadData, questionnaire: DashboardQuestionnaire<E>) => ReactNode;
  renderColumnAction?: (questionnaire: DashboardQuestionnaire<E>) => ReactNode;
  /** The actions panel (reminder, exports). */
  actions: ReactNode;
  /** The text of an empty dashboard (no column or no triad) when no filter is set. */
  emptyText?: string;
};

const DESKTOP_QUERY = '(min-width: 992px)';

/**
 * The frame both dashboards share (spec 3 §2.2, §4): filter and remove-filters buttons, the
 * full-screen toggle (which closes the area's side menu on wide screens and restores it on
 * leaving), the actions panel, a loader until the data holds categories and crews, then the grid.
 */
export function DashboardView<E>({ courseId, kind, title, query, filter, renderCell, renderColumnAction, actions, emptyText }: Props<E>) {
  const { t } = useTranslation('questionnaire-editor');
  const fullScreen = useFullScreen();
  const desktop = useMediaQuery(DESKTOP_QUERY, undefined, { getInitialValueInEffect: false });
  const [filtering, setFiltering] = useState(false);
  const filtered = isFiltered(filter.filter);

  // Leaving the screen leaves full-screen mode: the side menu comes back.
  useEffect(() => () => setFullScreen(false), []);

  const toolbar = (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconFilter size={16} />}
        onClick={() => setFiltering(true)}
        data-filtered={filtered || undefined}
      >
        {filtered ? t('dashboard.filterActive') : t('dashboard.filter')}
      </Button>
      {filtered && (
        <Button variant="subtle" color="red" leftSection={<IconFilterOff size={16} />} onClick={filter.clear}>
          {t('dashboard.removeFilters')}
        </Button>
      )}
      <Button
        variant={fullScreen ? 'filled' : 'default'}
        leftSection={fullScreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
        aria-pressed={fullScreen}
        onClick={() => setFullScreen(!fullScreen)}
      >
        {fullScreen ? t('dashboard.exitFullScreen') : t('dashboard.fullScreen')}
      </Button>
    </Group>
  );

  const data = query.data;
  let body: ReactNode;
  if (query.error) {
    const status = query.error instanceof ApiRequestError ? query.error.status : 0;
    body = (
      <Alert color="red" icon={<IconAlertCircle />}>
        {status === 403 ? t('errors.forbidden') : t('errors.load')}
      </Alert>
    );
  } else if (!data?.categories || !data.trainingCourse?.crews) {
    body = (
      <Center py="xl" data-testid="dashboard-loader">
        <Loader />
      </Center>
    );
  } else if (columnsOf(data).length === 0 || data.trainingCourse.crews.length === 0) {
    body = (
      <Paper withBorder radius="md" p="lg">
        <Text ta="center" c="dimmed">
          {filtered ? t('dashboard.emptyFiltered') : (emptyText ?? t('dashboard.empty'))}
        </Text>
      </Paper>
    );
  } else {
    body = <DashboardGrid data={data} renderCell={renderCell} renderColumnAction={renderColumnAction} fullScreen={fullScreen} />;
  }

  return (
    <Stack gap="sm" pb="md" data-full-screen={fullScreen || undefined}>
      {fullScreen && desktop ? (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} size="lg">
            {title}
          </Text>
          {toolbar}
        </Group>
      ) : (
        <PageHeader title={title} actions={toolbar} />
      )}
      {!fullScreen && actions}
      {body}
      {filtering && (
        <FilterModal
          courseId={courseId}
          kind={kind}
          filter={filter.filter}
          onApply={(next) => {
            filter.apply(next);
            setFiltering(false);
          }}
          onClose={() => setFiltering(false)}
        />
      )}
    </Stack>
  );
}
