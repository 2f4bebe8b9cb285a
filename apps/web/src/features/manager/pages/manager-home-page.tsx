import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconBook2, IconCircleCheck, IconUsers, IconUsersGroup, type TablerIcon } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CourseIndicators } from '../../../shell/course-indicators';
import { useListedCourse, useManagerHome } from '../api';
import { useReportAreaError } from '../../../back-office/area-error';
import { managerRoute } from '../entities';

type CountKey = 'crews' | 'triads' | 'activeTriads' | 'users';
const COUNTS: { key: CountKey; icon: TablerIcon }[] = [
  { key: 'crews', icon: IconUsersGroup },
  { key: 'triads', icon: IconBook2 },
  { key: 'activeTriads', icon: IconCircleCheck },
  { key: 'users', icon: IconUsers },
];

/** The manager area's home (route leaManagerHome, `config`): the course's indicators. */
export default function ManagerHomePage() {
  const { t } = useTranslation(['manager', 'common']);
  const courseId = Number(useParams().trainingCourseId);
  const home = useManagerHome(courseId);
  const course = useListedCourse(courseId);
  useReportAreaError(home.error);
  const name = home.data?.trainingCourse.displayName ?? course.data?.displayName ?? t('courseFallback', { id: courseId });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed">
            {t('home.subtitle')}
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
        </Stack>
        <Button component={Link} to={managerRoute(courseId, 'triad')} variant="light" leftSection={<IconUsersGroup size={18} />}>
          {t('home.manageTriads')}
        </Button>
      </Group>
      {home.isError && !home.data && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {t('common:errors.generic')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {COUNTS.map(({ key, icon: Icon }) => (
          <Card key={key} withBorder radius="md" padding="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={48} radius="md" variant="light">
                <Icon size={28} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t(`home.counts.${key}`)}
                </Text>
                {home.data ? (
                  <Text fz={28} fw={700} lh={1.2} data-testid={`manager-count-${key}`}>
                    {home.data.counts[key]}
                  </Text>
                ) : (
                  home.isPending && <Loader size="xs" />
                )}
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <CourseIndicators courseId={courseId} />
    </Stack>
  );
}
