import { Badge, Card, Group, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec 3 §1 and §2.2: the home's statistics block shows fixed sample figures, not live data. */
export const SAMPLE_FIGURES = { users: 1248, apprentices: 412, tutors: 96, masters: 388, fillRate: 72 } as const;

export function SampleFigures() {
  const { t, i18n } = useTranslation('manager');
  const format = (value: number) => value.toLocaleString(i18n.language);
  const counts = (['users', 'apprentices', 'tutors', 'masters'] as const).map((key) => ({ key, value: SAMPLE_FIGURES[key] }));
  return (
    <Card withBorder radius="md" padding="lg" data-testid="manager-sample-figures">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {t('home.sample.title')}
          </Title>
          <Badge variant="light" color="gray">
            {t('home.sample.badge')}
          </Badge>
        </Group>
        <Group align="center" gap="xl" wrap="wrap">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" style={{ flex: 1, minWidth: 240 }}>
            {counts.map(({ key, value }) => (
              <Stack key={key} gap={0}>
                <Text fz={24} fw={700} lh={1.2}>
                  {format(value)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`home.sample.${key}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Group gap="sm" wrap="nowrap">
            <RingProgress
              size={96}
              thickness={10}
              roundCaps
              sections={[{ value: SAMPLE_FIGURES.fillRate, color: 'teal' }]}
              label={
                <Text ta="center" fw={700} size="sm">
                  {SAMPLE_FIGURES.fillRate} %
                </Text>
              }
            />
            <Text size="sm" c="dimmed" maw={140}>
              {t('home.sample.fillRate')}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
