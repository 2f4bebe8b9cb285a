import { Card, Group, Loader, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TrainingCourseIndicators } from '@lea/shared';
import { apiRequest } from './api-client';

/** Figures move with every signature: a minute is fresh enough for a summary. */
const INDICATORS_STALE_MS = 60_000;

/** GET /app/training-course/indicators[/{course}]: one course's figures, or the caller's active courses (null). */
export function useCourseIndicators(courseId: number | null) {
  return useQuery({
    queryKey: ['training-course', 'indicators', courseId ?? 'mine'],
    queryFn: () =>
      apiRequest(`/app/training-course/indicators${courseId === null ? '' : `/${courseId}`}`, { schema: TrainingCourseIndicators }),
    staleTime: INDICATORS_STALE_MS,
    // A summary beside the page's real content: its failure must not take the page to the error screen.
    meta: { errorPage: false },
  });
}

const COUNTS = ['users', 'apprentices', 'tutors', 'masters'] as const;

/**
 * The live indicators of spec 2 §2 (course list) and spec 3 §2.2 (manager home): people by profile
 * and the booklet fill rate, signed replies over expected signatures. `compact` lays them out for
 * the course list's side column.
 */
export function CourseIndicators({ courseId, compact = false }: { courseId: number | null; compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const indicators = useCourseIndicators(courseId);
  const format = (value: number) => value.toLocaleString(i18n.language);
  const data = indicators.data;
  return (
    <Card withBorder radius="md" padding={compact ? 'md' : 'lg'} data-testid="course-indicators">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('indicators.title')}
        </Title>
        {!data ? (
          indicators.isError ? (
            <Text size="sm" c="dimmed">
              {t('indicators.unavailable')}
            </Text>
          ) : (
            <Loader size="sm" aria-label={t('loader.loading')} />
          )
        ) : (
          // The side column is narrow: the ring above, the counts below in two columns.
          <Group
            align={compact ? 'stretch' : 'center'}
            gap={compact ? 'md' : 'xl'}
            wrap="wrap"
            style={compact ? { flexDirection: 'column' } : undefined}
          >
            <Group gap="sm" wrap="nowrap">
              <RingProgress
                size={compact ? 84 : 96}
                thickness={compact ? 8 : 10}
                roundCaps
                sections={[{ value: data.fillRate ?? 0, color: 'teal' }]}
                label={
                  <Text ta="center" fw={700} size="sm" data-testid="indicators-fill-rate">
                    {data.fillRate === null ? '–' : `${format(data.fillRate)} %`}
                  </Text>
                }
              />
              <Stack gap={2} maw={180}>
                <Text size="sm">{t('indicators.fillRate')}</Text>
                <Text size="xs" c="dimmed">
                  {data.expectedSignatures === 0
                    ? t('indicators.noSignatureExpected')
                    : t('indicators.signatures', { signed: format(data.signedReplies), expected: format(data.expectedSignatures) })}
                </Text>
              </Stack>
            </Group>
            <SimpleGrid cols={compact ? 2 : { base: 2, sm: 4 }} spacing="md" style={{ flex: 1, minWidth: compact ? 0 : 240 }}>
              {COUNTS.map((key) => (
                <Stack key={key} gap={0}>
                  <Text fz={compact ? 'lg' : 24} fw={700} lh={1.2} data-testid={`indicators-${key}`}>
                    {format(data[key])}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`indicators.${key}`, { count: data[key] })}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
