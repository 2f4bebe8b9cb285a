import { Badge, Group, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SkillDashboardEntry, SkillDashboardResponse } from '@lea/shared';
import { fetchExport, sendSkillReminder } from '../api';
import { ActionsPanel, ExportAction, ReminderAction } from '../dashboard/dashboard-actions';
import { SKILL_DASHBOARD, useSkillDashboard, type DashboardData } from '../dashboard/dashboard-data';
import { DashboardView, useDashboardFilter } from '../dashboard/dashboard-view';
import { LEVELS, SkillLevelCell } from '../dashboard/skill-level-cell';

/** The skill dashboard in the grid's shape: skill blocks as categories, skills as columns. */
function asGrid(data: SkillDashboardResponse | undefined): DashboardData<SkillDashboardEntry> | undefined {
  if (!data) return undefined;
  return {
    trainingCourse: data.trainingCourse,
    categories: data.categories.map((category) => ({
      id: category.id,
      title: category.title,
      questionnaires: category.skills.map((skill) => ({
        id: skill.skillId,
        title: skill.skillName,
        signedBy: [],
        dashboardData: skill.dashboardData,
      })),
    })),
  };
}

/** /lea-manager/{course}/skill-dashboard: each triad's levels per skill of a session, the same frame as the grades dashboard. */
export default function SkillDashboardPage() {
  const { t } = useTranslation('questionnaire-editor');
  const courseId = Number(useParams().trainingCourseId);
  const filter = useDashboardFilter(SKILL_DASHBOARD.storageKey, SKILL_DASHBOARD.filterSchema);
  const query = useSkillDashboard(courseId, filter.filter);
  const required = new Map(
    query.data?.categories.flatMap((category) => category.skills.map((skill) => [skill.skillId, skill.requiredValue])),
  );
  const session = query.data?.session;
  return (
    <DashboardView<SkillDashboardEntry>
      courseId={courseId}
      kind={SKILL_DASHBOARD}
      title={t('dashboard.skillTitle')}
      query={{ data: asGrid(query.data), error: query.error }}
      filter={filter}
      emptyText={t('dashboard.skillEmpty')}
      renderCell={(entry) => <SkillLevelCell entry={entry} />}
      renderColumnAction={(skill) => (
        <Text size="xs" c="dimmed">
          {t('dashboard.skillRequired', { level: required.get(skill.id) ?? '–' })}
        </Text>
      )}
      actions={
        <ActionsPanel>
          <ReminderAction
            send={() => sendSkillReminder(courseId, filter.filter)}
            sent={(answer) => answer.message}
            question={t('dashboard.skillReminderText')}
          />
          <ExportAction
            icon={<IconFileSpreadsheet size={16} />}
            label={t('dashboard.exportExcel')}
            fetch={() => fetchExport(courseId, SKILL_DASHBOARD.exportPath, filter.filter)}
          />
          <Badge variant="light" data-testid="skill-dashboard-session">
            {session ? t('dashboard.skillSession', { name: session.name }) : t('dashboard.skillNoSession')}
          </Badge>
          <Group gap={4} role="group" aria-label={t('dashboard.skillLegend')}>
            {Object.values(LEVELS).map((level) => (
              <Badge key={level.key} variant="outline" color="gray" style={{ background: level.color }}>
                {t(level.key)}
              </Badge>
            ))}
          </Group>
        </ActionsPanel>
      }
    />
  );
}
