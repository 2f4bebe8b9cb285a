import { Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useListedCourse, useTriadCount } from '../api';

/** The manager area's home (route leaManagerHome): the course and its number of booklets. */
export default function ManagerHomePage() {
  const { t } = useTranslation('manager');
  const courseId = Number(useParams().trainingCourseId);
  const course = useListedCourse(courseId);
  // An administrator may open a course missing from their own list: count its triads directly.
  const triadCount = useTriadCount(courseId, course.isSuccess && course.data === null);
  const count = course.data?.nbTriad ?? triadCount.data;

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('home.subtitle')}
        </Text>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {course.data?.displayName ?? t('courseFallback', { id: courseId })}
        </Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card withBorder radius="md" padding="lg">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={48} radius="md" variant="light">
              <IconBook2 size={28} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('home.triads')}
              </Text>
              {count === undefined ? (
                <Loader size="xs" />
              ) : (
                <Text fz={28} fw={700} lh={1.2} data-testid="manager-triad-count">
                  {count}
                </Text>
              )}
              {count !== undefined && (
                <Text size="sm" c="dimmed">
                  {t('home.booklets', { count })}
                </Text>
              )}
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
