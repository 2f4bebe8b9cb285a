import { useState } from 'react';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AVATAR_COLORS, avatarInitials, type TriadCard } from '@lea/shared';
import { changeTriad } from '../../../shell/current-triad';
import { triadQuery } from '../../../shell/shell-queries';
import { useCourseTriads } from '../api';
import { filterTriads } from '../course-list';

/** A course's triads as cards (spec 2 §2), loaded once its accordion item is opened. */
export function CourseTriads({ courseId, opened }: { courseId: number; opened: boolean }) {
  const { t } = useTranslation(['training', 'dashboard']);
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const query = useCourseTriads(courseId, opened);
  if (query.isPending) {
    return opened ? (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    ) : null;
  }
  if (query.isError)
    return (
      <Text c="red" size="sm">
        {t('training:triadsError')}
      </Text>
    );

  const triads = query.data.pages.flatMap((page) => page.triads);
  if (triads.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('dashboard:no_triad')}
      </Text>
    );
  const shown = filterTriads(triads, filter);
  const open = (triad: TriadCard) => {
    changeTriad(triad.id, courseId);
    navigate('/dashboard/home');
  };

  return (
    <Stack gap="sm">
      <TextInput
        size="xs"
        maw={320}
        leftSection={<IconFilter size={14} />}
        placeholder={t('training:filterTriads')}
        aria-label={t('training:filterTriads')}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      {shown.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('training:noFilterResult')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {shown.map((triad) => (
          <TriadCardButton key={triad.id} triad={triad} onOpen={() => open(triad)} />
        ))}
      </SimpleGrid>
      {query.hasNextPage && (
        <Button variant="subtle" size="xs" w="fit-content" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('training:loadMore')}
        </Button>
      )}
    </Stack>
  );
}

function TriadCardButton({ triad, onOpen }: { triad: TriadCard; onOpen: () => void }) {
  const { t } = useTranslation('training');
  const queryClient = useQueryClient();
  // The pointer resting on a card is a good hint: the dashboard's triad starts loading before the click.
  const prefetch = () => void queryClient.prefetchQuery(triadQuery(triad.id));
  const none = t('nobody');
  const name = triad.apprentice ? `${triad.apprentice.firstName} ${triad.apprentice.lastName}` : t('noApprentice');
  const members = (
    <Stack gap={2}>
      <Text size="xs">{t('tutor', { name: triad.tutor?.fullName ?? none })}</Text>
      <Text size="xs">{t('apprenticeMaster', { name: triad.apprenticeMaster?.fullName ?? none })}</Text>
    </Stack>
  );
  return (
    <Tooltip label={members} withArrow multiline openDelay={200}>
      <UnstyledButton
        onClick={onOpen}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        aria-label={t('openTriad', { name })}
        data-testid="triad-card"
      >
        <Card withBorder radius="md" padding="sm" bg={triad.active ? undefined : 'var(--mantine-color-default-hover)'}>
          <Group gap="sm" wrap="nowrap">
            <Avatar color={AVATAR_COLORS.apprentice} variant="filled" radius="xl" aria-hidden>
              {avatarInitials(name)}
            </Avatar>
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text fw={600} size="sm" truncate>
                {name}
              </Text>
              {triad.crew && (
                <Text size="xs" c="dimmed" truncate>
                  {triad.crew.name}
                </Text>
              )}
            </Stack>
            {!triad.active && (
              <Badge size="xs" variant="light" color="gray">
                {t('inactive')}
              </Badge>
            )}
          </Group>
        </Card>
      </UnstyledButton>
    </Tooltip>
  );
}
