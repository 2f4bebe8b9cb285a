import { Accordion, ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconChartBar, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TrainingCourseSummary } from '@lea/shared';
import { CourseTriads } from './course-triads';

type Props = {
  courses: readonly TrainingCourseSummary[];
  opened: string | null;
  onOpen: (value: string | null) => void;
};

/** One accordion item per course; managers see the triad count and links to the course's manager area. */
export function CourseAccordion({ courses, opened, onOpen }: Props) {
  const { t } = useTranslation('training');
  return (
    <Accordion variant="separated" radius="md" value={opened} onChange={onOpen} chevronPosition="left">
      {courses.map((course) => (
        <Accordion.Item key={course.id} value={String(course.id)}>
          <Group wrap="nowrap" gap={0} pr="xs">
            <Accordion.Control>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{course.displayName}</Text>
                {course.isLeaManager && (
                  <Badge variant="light" size="sm">
                    {t('booklets', { count: course.nbTriad })}
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            {course.isLeaManager && (
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('managerSettings')}>
                  <ActionIcon
                    component={Link}
                    to={`/lea-manager/${course.id}`}
                    variant="subtle"
                    size="lg"
                    aria-label={t('managerSettings')}
                  >
                    <IconSettings size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('managerDashboard')}>
                  <ActionIcon
                    component={Link}
                    to={`/lea-manager/${course.id}/dashboard`}
                    variant="subtle"
                    size="lg"
                    aria-label={t('managerDashboard')}
                  >
                    <IconChartBar size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
          <Accordion.Panel>
            <CourseTriads courseId={course.id} opened={opened === String(course.id)} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
