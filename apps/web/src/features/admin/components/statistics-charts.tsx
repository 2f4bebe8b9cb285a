import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StatisticsResponse } from '@lea/shared';
import { useProfileTitle } from '../../../shell/profile-title';

/** A figure with its label. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
    </Card>
  );
}

/** The headline figures: people, triads and the fill rate. */
export function useFigures(stats: StatisticsResponse): { label: string; value: string }[] {
  const { t, i18n } = useTranslation('statistics');
  const title = useProfileTitle();
  const number = new Intl.NumberFormat(i18n.language);
  return [
    { label: t('users'), value: number.format(stats.users) },
    ...stats.usersByProfile.map((entry) => ({ label: title(entry.profile, 'titlePlural'), value: number.format(entry.count) })),
    { label: t('activeTriads'), value: `${number.format(stats.activeTriads)} / ${number.format(stats.triads)}` },
    { label: t('fillRate'), value: `${number.format(stats.fillRate.rate)} %` },
  ];
}

/** The annual fill rate (signed replies / expected signatures by the courses' start year). */
export function YearFillChart({ stats, height = 220 }: { stats: StatisticsResponse; height?: number }) {
  const { t } = useTranslation('statistics');
  if (stats.fillRateByYear.length === 0) return <Text c="dimmed">{t('noData')}</Text>;
  return (
    <BarChart
      h={height}
      data={stats.fillRateByYear.map((row) => ({ year: String(row.year), rate: row.rate }))}
      dataKey="year"
      series={[{ name: 'rate', label: t('fillRate'), color: 'teal.6' }]}
      yAxisProps={{ domain: [0, 100] }}
      unit=" %"
      withTooltip
    />
  );
}

/** Every chart of the statistics screen. */
export function StatisticsCharts({ stats }: { stats: StatisticsResponse }) {
  const { t, i18n } = useTranslation('statistics');
  const title = useProfileTitle();
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('usersByProfile')}
          </Title>
          <BarChart
            h={220}
            data={stats.usersByProfile.map((entry) => ({ profile: title(entry.profile, 'titlePlural'), count: entry.count }))}
            dataKey="profile"
            series={[{ name: 'count', label: t('people'), color: 'blue.6' }]}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('signaturesPerMonth')}
          </Title>
          <BarChart
            h={220}
            data={stats.signaturesPerMonth.map((entry) => ({
              month: month.format(new Date(`${entry.month}-01T00:00:00Z`)),
              count: entry.count,
            }))}
            dataKey="month"
            series={[{ name: 'count', label: t('signatures'), color: 'green.6' }]}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('fillRateByYear')}
          </Title>
          <YearFillChart stats={stats} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('fillRateByCourse')}
          </Title>
          {stats.fillRateByCourse.length === 0 ? (
            <Text c="dimmed">{t('noData')}</Text>
          ) : (
            <BarChart
              h={Math.max(160, stats.fillRateByCourse.length * 36)}
              orientation="vertical"
              data={stats.fillRateByCourse.map((row) => ({ course: row.course, rate: row.rate }))}
              dataKey="course"
              series={[{ name: 'rate', label: t('fillRate'), color: 'teal.6' }]}
              xAxisProps={{ domain: [0, 100] }}
              yAxisProps={{ width: 140 }}
              valueFormatter={(value) => `${value} %`}
            />
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
