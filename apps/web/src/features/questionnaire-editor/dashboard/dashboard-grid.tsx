import { Fragment, type ReactNode } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { columnsOf, type DashboardData, type DashboardQuestionnaire, type DashboardTriadData } from './dashboard-data';
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

/**
 * The grid of both dashboards (spec 3 §2.2, §9): categories and their questionnaires as columns,
 * crews and their triads as rows, one cell per triad and questionnaire. Headers and the triad column
 * stay in view while the grid scrolls, horizontally on narrow screens.
 */
export function DashboardGrid<E>({ data, renderCell, renderColumnAction, fullScreen }: Props<E>) {
  const { t } = useTranslation('questionnaire-editor');
  const columns = columnsOf(data);
  const width = 200 + 199 * columns.length;
  return (
    <div
      className={classes.scroller}
      style={{ maxHeight: fullScreen ? 'calc(100dvh - 150px)' : 'calc(100dvh - 260px)', minHeight: 240 }}
      data-testid="dashboard-grid"
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
                  <Text size="xs" c="dimmed">
                    {t('list.year', { year: questionnaire.year })}
                  </Text>
                  {renderColumnAction?.(questionnaire)}
                </Stack>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.trainingCourse.crews.map((crew) => (
            <Fragment key={crew.id ?? 'none'}>
              <tr>
                <th className={classes.crew} colSpan={columns.length + 1} scope="colgroup">
                  <Text size="sm" fw={700} className={classes.crewTitle}>
                    {crew.title}
                  </Text>
                </th>
              </tr>
              {crew.triads.map((triad) => (
                <tr key={triad.id} className={`${classes.row} ${triad.active ? '' : classes.inactive}`} data-triad={triad.id}>
                  <th className={classes.headline} scope="row">
                    <TriadHeadline triad={triad} />
                  </th>
                  {columns.map((questionnaire) => (
                    <td key={questionnaire.id} className={classes.cell} data-questionnaire={questionnaire.id}>
                      {renderCell(questionnaire.dashboardData[String(triad.id)], triad, questionnaire)}
                    </td>
                  ))}
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export { classes as gridClasses };
