import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

type Props = { title: string; subtitle?: ReactNode; back?: { to: string; label: string }; actions?: ReactNode };

/** A screen's title with its way back and its actions, wrapping under each other on a phone. */
export function PageHeader({ title, subtitle, back, actions }: Props) {
  return (
    <Stack gap={4}>
      {back && (
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={0} miw={0} style={{ flex: '1 1 240px' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed" component="div">
              {subtitle}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Stack>
  );
}
