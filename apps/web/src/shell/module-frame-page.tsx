import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPuzzle } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The module named by the deepest matched route (`handle.module` in the route table). */
export function useRouteModule(): string | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const module = (match.handle as { module?: unknown } | undefined)?.module;
    if (typeof module === 'string') return module;
  }
  return null;
}

/** The page of a module route until the module's own screens are delivered with its feature. */
export default function ModuleFramePage() {
  const { t } = useTranslation('shell');
  const module = useRouteModule();
  const title = module ? t(`routes.${module}`, { defaultValue: module }) : t('moduleFrame.unknown');
  return (
    <Card withBorder radius="md" padding="xl" maw={720} mx="auto" mt="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="xl" radius="md">
            <IconPuzzle size={24} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {title}
          </Title>
        </Group>
        <Text c="dimmed">{t('moduleFrame.pending', { module: title })}</Text>
      </Stack>
    </Card>
  );
}
