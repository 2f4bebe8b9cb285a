import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { avatarColor, avatarInitials, type Triad } from '@lea/shared';
import { secondaryUserKey, triadMembers } from '../triad-members';

/** 'Membres du trinôme' (spec 2 §2): each member links to their profile; secondary users in a tooltip. */
export function TriadMembersCard({ triad }: { triad: Triad }) {
  const { t } = useTranslation('dashboard');
  const members = triadMembers(triad);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('members.title')}
        </Title>
        {members.map(({ person, role, profile, avatar }) => {
          const abbreviation = profile === null ? undefined : triad.profileLabels[String(profile)];
          return (
            <Group key={`${role}-${person.id}`} gap="sm" wrap="nowrap">
              <Avatar color={avatarColor(avatar)} variant="filled" radius="xl" aria-hidden>
                {avatarInitials(person.fullName || `${person.firstName} ${person.lastName}`)}
              </Avatar>
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={`/profile/${person.id}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {person.firstName} {person.lastName}
                </Anchor>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {t(`roles.${role}`)}
                  </Text>
                  {abbreviation && (
                    <Badge size="xs" variant="light" color="gray">
                      {abbreviation}
                    </Badge>
                  )}
                </Group>
              </Stack>
            </Group>
          );
        })}
        {triad.triadUsers.length > 0 && (
          <Tooltip
            multiline
            withArrow
            events={{ hover: true, focus: true, touch: true }}
            label={
              <Stack gap={4}>
                {triad.triadUsers.map((secondary) => (
                  <Text key={secondary.id} size="xs">
                    <Text span fw={600} size="xs">
                      {secondary.triadUserName}
                    </Text>{' '}
                    — {t('secondary.role')} {t(secondaryUserKey(secondary.userType))}
                  </Text>
                ))}
              </Stack>
            }
          >
            <Button variant="subtle" size="xs" leftSection={<IconUsersGroup size={16} />} w="fit-content">
              {t('secondary.count', { count: triad.triadUsers.length })}
            </Button>
          </Tooltip>
        )}
      </Stack>
    </Card>
  );
}
