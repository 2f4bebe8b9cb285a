import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { avatarColor, avatarInitials, avatarKindOfUser, type UserSummary } from '@lea/shared';
import { USER_TYPE_PROFILE, useProfileTitle } from '../../../shell/profile-title';

/**
 * A triad partner's profile as the server answers it to them: name, photo and role only (the
 * address, phones and e-mail are for the person, their managers and the administrators).
 */
export function ProfileSummaryCard({ user }: { user: UserSummary }) {
  const { t } = useTranslation('profile');
  const titleOf = useProfileTitle();
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="lg" wrap="wrap" align="center">
        <Avatar
          size={112}
          radius={112}
          src={user.photo?.url ?? null}
          alt={user.fullName}
          color={avatarColor(avatarKindOfUser({ type: user.type, roles: [] }))}
          variant="filled"
          data-testid="profile-avatar"
        >
          {avatarInitials(user.fullName)}
        </Avatar>
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {user.firstName} {user.lastName}
          </Title>
          {user.type && <Text c="dimmed">{titleOf(USER_TYPE_PROFILE[user.type])}</Text>}
          <Text size="sm" c="dimmed">
            {t('summaryOnly')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
