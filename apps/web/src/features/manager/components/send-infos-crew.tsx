import { Badge, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SendInfosResponse } from '@lea/shared';
import { crewState, type Selection } from '../send-infos-selection';

type Crew = SendInfosResponse['crews'][number];
type Props = { crew: Crew; selection: Selection; onToggleUser: (id: number) => void; onToggleCrew: (ids: number[]) => void };

const PROFILE_KEYS: Record<number, string> = { 1: 'apprentice', 2: 'tutor', 3: 'apprenticeMaster', 4: 'manager' };

/** One crew's users with a checkbox each and the crew's "select all" (spec 3 §2.2). */
export function SendInfosCrew({ crew, selection, onToggleUser, onToggleCrew }: Props) {
  const { t } = useTranslation('manager');
  const ids = crew.users.map((user) => user.id);
  const state = crewState(selection, ids);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={crew.title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {crew.title}
          </Title>
          {ids.length > 0 && (
            <Checkbox
              label={t('sendInfos.selectAll')}
              aria-label={t('sendInfos.selectAllOf', { title: crew.title })}
              checked={state === 'all'}
              indeterminate={state === 'some'}
              onChange={() => onToggleCrew(ids)}
            />
          )}
        </Group>
        {crew.users.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('sendInfos.noUser')}
          </Text>
        )}
        {crew.users.map((user) => (
          <Group
            key={user.id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py={4}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            data-testid="send-infos-user"
          >
            <Checkbox
              checked={selection.has(user.id)}
              onChange={() => onToggleUser(user.id)}
              label={
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {user.fullName}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                    {PROFILE_KEYS[user.profile] ? ` · ${t(`columns.${PROFILE_KEYS[user.profile]}`)}` : ''}
                  </Text>
                </Stack>
              }
              aria-label={user.fullName}
            />
            <Group gap={6} wrap="wrap">
              <Badge size="sm" variant="light" color={user.alreadyConnectedOnce ? 'green' : 'gray'}>
                {t(user.alreadyConnectedOnce ? 'sendInfos.connected' : 'sendInfos.neverConnected')}
              </Badge>
              <Badge size="sm" variant="outline" color="blue" data-testid="welcome-count">
                {t('sendInfos.welcomeCount', { count: user.welcomeNumber })}
              </Badge>
              <Badge size="sm" variant="outline" color="grape" data-testid="reset-count">
                {t('sendInfos.resetCount', { count: user.resetNumber })}
              </Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
