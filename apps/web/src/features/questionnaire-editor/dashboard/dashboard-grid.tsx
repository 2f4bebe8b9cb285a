import { useMemo, useRef, type ReactNode } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import {
  columnsOf,
  type DashboardCourseData,
  type DashboardData,
  type DashboardQuestionnaire,
  type DashboardTriadData,
} from './dashboard-data';
import classes from './dashboard-grid.module.css';
import { useProfileTitle } from '../../../shell/profile-title';

type Props<E> = {
  data: DashboardData<E>;
  /** The content of one triad's cell in one questionnaire; `entry` is undefined when the questionnaire does not apply to the triad. */
  renderCell: (entry: E | undefined, triad: DashboardTriadData, questionnaire: DashboardQuestionnaire<E>) => ReactNode;
  /** An action in a questionnaire's column header (unlock all…). */
  renderColumnAction?: (questionnaire: DashboardQuestionnaire<E>) => ReactNode;
  /** In full-screen mode the grid takes the window's height. */
  fullScreen: boolean;
};

function TriadHeadline({ triad }: { triad: DashboardTriadData }) {
  const { t } = useTranslation('questionnaire-editor');
  const titleOf = useProfileTitle();
  const people = [
    { profile: 2, person: triad.tutor },
    { profile: 3, person: triad.apprenticeMaster },
  ];
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700} lineClamp={2}>
        {triad.apprentice?.fullName ?? t('dashboard.noApprentice')}
      </Text>
      {people.map(({ profile, person }) => (
        <Text key={profile} size="xs" c="dimmed" lineClamp={1} title={person?.fullName}>
          {titleOf(profile, 'titleAbbreviation')} · {person?.fullName ?? '–'}
        </Text>
      ))}
      {!triad.active && (
        <Badge color="gray" variant="light" size="xs" w="fit-content">
          {t('dashboard.inactive')}
        </Badge>
      )}
    </Stack>
  );
}

type GridRow =
  { kind: 'crew'; key: string; crew: DashboardCourseData['crews'][number] } | { kind: 'triad'; key: string; triad: DashboardTriadData };

/** From this many rows on, only the rows in view (and a few around) are drawn. */
const VIRTUAL_FROM = 80;
/** Spec 3 §9's triad row; a crew's title row is about a line of text. */
const ROW_HEIGHT = 135;
const CREW_HEIGHT = 34;

/**
 * The grid of both dashboards (spec 3 §2.2, §9): categories and their questionnaires as columns,
 * crews and their triads as rows, one cell per triad and questionnaire. Headers and the triad column
 * stay in view while the grid scrolls, horizontally on narrow screens. A large course's rows are
 * virtualised (@tanstack/react-virtual): the table keeps its header, and two spacer rows stand for the
 * rows out of view, so the sticky header and triad column behave as with every row drawn.
 */
export function DashboardGrid<E>({ data, renderCell, renderColumnAction, fullScreen }: Props<E>) {
  const { t } = useTranslation('questionnaire-editor');
  const columns = columnsOf(data);
  const width = 200 + 199 * columns.length;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo<GridRow[]>(
    () =>
      data.trainingCourse.crews.flatMap((crew) => [
        { kind: 'crew' as const, key: `crew-${crew.id ?? 'none'}`, crew },
        ...crew.triads.map((triad) => ({ kind: 'triad' as const, key: `triad-${triad.id}`, triad })),
      ]),
    [data.trainingCourse.crews],
  );
  const virtual = rows.length >= VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === 'crew' ? CREW_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
  });

  // Rows have fixed heights (spec 3 §9's 135 px, a crew's title row 34 px): nothing is measured while scrolling.
  const renderRow = (row: GridRow) => {
    if (row.kind === 'crew') {
      return (
        <tr key={row.key} className={classes.crewRow}>
          <th className={classes.crew} colSpan={columns.length + 1} scope="colgroup">
            <Text size="sm" fw={700} className={classes.crewTitle}>
              {row.crew.title}
            </Text>
          </th>
        </tr>
      );
    }
    const { triad } = row;
    return (
      <tr key={row.key} className={`${classes.row} ${triad.active ? '' : classes.inactive}`} data-triad={triad.id}>
        <th className={classes.headline} scope="row">
          <TriadHeadline triad={triad} />
        </th>
        {columns.map((questionnaire) => (
          <td key={questionnaire.id} className={classes.cell} data-questionnaire={questionnaire.id}>
            {renderCell(questionnaire.dashboardData[String(triad.id)], triad, questionnaire)}
          </td>
        ))}
      </tr>
    );
  };

  let body: ReactNode;
  if (!virtual) body = rows.map((row) => renderRow(row));
  else {
    const items = virtualizer.getVirtualItems();
    const before = items[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
    const spacer = (key: string, height: number) =>
      height > 0 ? (
        <tr key={key} aria-hidden style={{ height }}>
          <td colSpan={columns.length + 1} className={classes.spacer} />
        </tr>
      ) : null;
    body = [spacer('before', before), ...items.map((item) => renderRow(rows[item.index] as GridRow)), spacer('after', after)];
  }

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      style={{ maxHeight: fullScreen ? 'calc(100dvh - 150px)' : 'calc(100dvh - 260px)', minHeight: 240 }}
      data-testid="dashboard-grid"
      data-rows={rows.length}
      data-virtual={virtual || undefined}
    >
      <table className={classes.table} style={{ width }}>
        <thead>
          <tr>
            <th className={classes.corner} rowSpan={2} scope="col">
              <Text size="sm" fw={700}>
                {t('dashboard.triads')}
              </Text>
            </th>
            {data.categories.map((category) => (
              <th key={category.id ?? 'none'} className={classes.category} colSpan={category.questionnaires.length} scope="colgroup">
                <Text size="xs" fw={700} tt="uppercase" truncate className={classes.categoryTitle} data-category-title>
                  {category.title}
                </Text>
              </th>
            ))}
          </tr>
          <tr>
            {columns.map((questionnaire) => (
              <th key={questionnaire.id} className={classes.column} scope="col" data-questionnaire={questionnaire.id}>
                <Stack gap={4}>
                  <Text size="sm" fw={600} lineClamp={3} title={questionnaire.title}>
                    {questionnaire.title}
                  </Text>
                  {questionnaire.year !== undefined && (
                    <Text size="xs" c="dimmed">
                      {t('list.year', { year: questionnaire.year })}
                    </Text>
                  )}
                  {renderColumnAction?.(questionnaire)}
                </Stack>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

export { classes as gridClasses };
