import { Badge, Card, Group, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Fixed figures: spec 2 §9 asks for sample data here, not live figures. */
const SAMPLE = { upToDate: 82, signedThisMonth: 37, attendance: 94 } as const;

/** The course list's indicators block (spec 2 §2), badged as sample data so nobody takes it for the course's own figures. */
export function IndicatorsBlock() {
  const { t, i18n } = useTranslation('training');
  const percent = (value: number) => new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(value / 100);
  return (
    <Card withBorder radius="md" padding="md" data-testid="indicators-block">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4">
            {t('side.indicators.title')}
          </Title>
          <Badge variant="light" color="gray" size="sm">
            {t('side.indicators.sample')}
          </Badge>
        </Group>
        <Group wrap="nowrap" gap="sm">
          <RingProgress
            size={84}
            thickness={8}
            roundCaps
            sections={[{ value: SAMPLE.upToDate, color: 'teal' }]}
            label={
              <Text ta="center" fw={700} size="sm">
                {percent(SAMPLE.upToDate)}
              </Text>
            }
          />
          <Text size="sm">{t('side.indicators.upToDate')}</Text>
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          <Stack gap={0}>
            <Text fw={700} size="lg">
              {SAMPLE.signedThisMonth}
            </Text>
            <Text size="xs" c="dimmed">
              {t('side.indicators.signedThisMonth')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text fw={700} size="lg">
              {percent(SAMPLE.attendance)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('side.indicators.attendance')}
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
