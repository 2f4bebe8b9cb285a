import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Figure, useFigures, YearFillChart } from './statistics-charts';
import { useLatestNews, useStatistics } from '../statistics-api';
import type { StatisticsResponse } from '@lea/shared';

/** Three figures at a time, turning every 6 seconds, with previous and next (spec 3 §1 statistics carousel). */
function FigureCarousel({ stats }: { stats: StatisticsResponse }) {
  const { t } = useTranslation('statistics');
  const figures = useFigures(stats);
  const slides = Math.ceil(figures.length / 3);
  const [slide, setSlide] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSlide((current) => (current + 1) % slides), 6000);
    return () => clearInterval(timer);
  }, [slides]);
  const shown = figures.slice(slide * 3, slide * 3 + 3);
  return (
    <Group gap="xs" wrap="nowrap" align="stretch" role="region" aria-roledescription="carousel" aria-label={t('carousel')}>
      <ActionIcon variant="subtle" onClick={() => setSlide((slide + slides - 1) % slides)} aria-label={t('previous')} my="auto">
        <IconChevronLeft size={18} />
      </ActionIcon>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ flex: 1 }} aria-live="polite">
        {shown.map((figure) => (
          <Figure key={figure.label} {...figure} />
        ))}
      </SimpleGrid>
      <ActionIcon variant="subtle" onClick={() => setSlide((slide + 1) % slides)} aria-label={t('next')} my="auto">
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}

/** The admin home's live block: the statistics carousel, the annual fill-rate chart and the three latest news. */
export function AdminHomeOverview() {
  const { t, i18n } = useTranslation('statistics');
  const stats = useStatistics(false);
  const news = useLatestNews();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <Stack gap="md">
      {stats.data && <FigureCarousel stats={stats.data} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('fillRateByYear')}
              </Title>
              <Anchor component={Link} to="/admin/statistic" size="sm">
                {t('more')}
              </Anchor>
            </Group>
            {stats.data && <YearFillChart stats={stats.data} height={200} />}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('latestNews')}
              </Title>
              <Anchor component={Link} to="/admin/news" size="sm">
                {t('allNews')}
              </Anchor>
            </Group>
            {news.data?.length === 0 && <Text c="dimmed">{t('noNews')}</Text>}
            {news.data?.map((item) => (
              <Anchor key={item.id} component={Link} to={`/admin/news/${item.id}`} underline="never">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Badge size="xs" variant="light">
                      {t(`tag.${item.tag}`)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {day.format(new Date(`${item.dateToDisplay}T00:00:00Z`))}
                    </Text>
                  </Group>
                  <Text fw={600} size="sm">
                    {item.title}
                  </Text>
                </Stack>
              </Anchor>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
