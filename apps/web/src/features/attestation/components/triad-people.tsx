import { Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { avatarColor, avatarInitials, type Triad } from '@lea/shared';
import { useProfileTitle } from '../../../shell/profile-title';

/** The triad members block of the attestations page (spec 2 §2): apprentice, tutor and apprentice master. */
export function TriadPeople({ triad }: { triad: Triad }) {
  const { t } = useTranslation('attestation');
  const titleOf = useProfileTitle();
  const people = [
    { profile: 1, kind: 'apprentice', person: triad.apprentice },
    { profile: 2, kind: 'tutor', person: triad.tutor },
    { profile: 3, kind: 'apprenticeMaster', person: triad.apprenticeMaster },
  ] as const;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('members')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {people.map(({ profile, kind, person }) => (
            <Group key={profile} gap="sm" wrap="nowrap">
              <Avatar color={person ? avatarColor(kind) : 'gray'} variant="filled" radius="xl" aria-hidden>
                {person ? avatarInitials(person.fullName) : '?'}
              </Avatar>
              <Stack gap={0} miw={0}>
                <Text size="xs" c="dimmed">
                  {titleOf(profile)}
                </Text>
                <Text size="sm" fw={600} truncate>
                  {person?.fullName ?? t('nobody')}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
