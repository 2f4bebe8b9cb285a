import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Avatar, Badge, Button, Card, Group, Popover, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconUsersGroup, IconUserShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { avatarColor, avatarInitials, PROFILE, type Triad, type User } from '@lea/shared';
import { useAppState } from '../../../shell/app-state';
import { isAdministrator, useCurrentUser } from '../../../shell/current-user';
import { isImpersonating } from '../../../shell/session';
import { useImpersonate } from '../../../shell/use-impersonate';
import { secondaryUserKey, triadMembers, type MemberRole } from '../triad-members';
import { useProfileTitle } from '../../../shell/profile-title';

/** The members a course manager may act as (spec 3 §6); the company manager is not one of them. */
const SWITCHABLE_ROLES: readonly MemberRole[] = ['apprentice', 'tutor', 'apprenticeMaster'];

/** Administrators and the course's managers may impersonate, once: never from a switched session. */
function mayImpersonate(triad: Triad, user: User | undefined): user is User {
  if (!user || user.impersonator || isImpersonating()) return false;
  return isAdministrator(user) || triad.userRoles.includes(PROFILE.manager);
}

/** 'Membres du trinôme' (spec 2 §2): each member links to their profile; secondary users in a tooltip; impersonation for those allowed. */
export function TriadMembersCard({ triad }: { triad: Triad }) {
  const { t } = useTranslation('dashboard');
  const titleOf = useProfileTitle();
  const { data: user } = useCurrentUser();
  const impersonate = useImpersonate();
  // Offline, the cached triad is read-only: switching user needs the server.
  const offline = useAppState((state) => state.offline);
  const members = triadMembers(triad);
  const allowed = mayImpersonate(triad, user);

  const switchButton = (person: { id: number; fullName: string }) => {
    if (!allowed || person.id === user.id) return null;
    const label = t('members.impersonate', { name: person.fullName });
    return (
      <Tooltip label={label} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          loading={impersonate.isPending && impersonate.variables === person.id}
          disabled={impersonate.isPending || offline}
          onClick={() => impersonate.mutate(person.id)}
        >
          <IconUserShare size={18} />
        </ActionIcon>
      </Tooltip>
    );
  };

  const secondaryList = (
    <Stack gap={4}>
      {triad.triadUsers.map((secondary) => (
        <Group key={secondary.id} gap="xs" wrap="nowrap" justify="space-between">
          <Text size="xs">
            <Text span fw={600} size="xs">
              {secondary.triadUserName}
            </Text>{' '}
            — {t('secondary.role')} {t(secondaryUserKey(secondary.userType))}
          </Text>
          {switchButton({ id: secondary.user.id, fullName: secondary.triadUserName })}
        </Group>
      ))}
    </Stack>
  );
  const secondaryTrigger = (
    <Button variant="subtle" size="xs" leftSection={<IconUsersGroup size={16} />} w="fit-content">
      {t('secondary.count', { count: triad.triadUsers.length })}
    </Button>
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('members.title')}
        </Title>
        {members.map(({ person, role, profile, avatar }) => {
          const abbreviation = profile === null ? undefined : triad.profileLabels[String(profile)];
          const fullName = person.fullName || `${person.firstName} ${person.lastName}`;
          return (
            <Group key={`${role}-${person.id}`} gap="sm" wrap="nowrap">
              <Avatar color={avatarColor(avatar)} variant="filled" radius="xl" aria-hidden>
                {avatarInitials(fullName)}
              </Avatar>
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Anchor component={Link} to={`/profile/${person.id}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {person.firstName} {person.lastName}
                </Anchor>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {titleOf(profile ?? 'companyManager')}
                  </Text>
                  {abbreviation && (
                    <Badge size="xs" variant="light" color="gray">
                      {abbreviation}
                    </Badge>
                  )}
                </Group>
              </Stack>
              {SWITCHABLE_ROLES.includes(role) && switchButton({ id: person.id, fullName })}
            </Group>
          );
        })}
        {triad.triadUsers.length > 0 && (
          <SecondaryUsers interactive={allowed} trigger={secondaryTrigger}>
            {secondaryList}
          </SecondaryUsers>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The secondary users' list: a tooltip (spec 2 §2), or a popover when it holds impersonation
 * buttons, since a tooltip closes before its content can be clicked.
 */
function SecondaryUsers({ interactive, trigger, children }: { interactive: boolean; trigger: ReactNode; children: ReactNode }) {
  if (interactive) {
    return (
      <Popover withArrow shadow="md" position="bottom-start">
        <Popover.Target>{trigger}</Popover.Target>
        <Popover.Dropdown>{children}</Popover.Dropdown>
      </Popover>
    );
  }
  return (
    <Tooltip multiline withArrow events={{ hover: true, focus: true, touch: true }} label={children}>
      {trigger}
    </Tooltip>
  );
}
