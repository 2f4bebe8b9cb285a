import { Badge, Center, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MessageSummary } from '@lea/shared';
import classes from './messaging.module.css';

/** The search of the left panel: a case-insensitive substring of the title or a sender's name. */
export function matchesSearch(message: MessageSummary, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (text === '') return true;
  return [message.title, message.sender.fullName, message.last.sender.fullName].some((value) => value.toLowerCase().includes(text));
}

type Props = { messages: MessageSummary[] | undefined; loading: boolean; failed: boolean; selectedId: number | null; basePath: string };

/** The left panel (spec 2 §2): a search box and the conversations with title, dates, last sender and unread badge. */
export function ConversationList({ messages, loading, failed, selectedId, basePath }: Props) {
  const { t } = useTranslation('message');
  const [search, setSearch] = useState('');
  const shown = (messages ?? []).filter((message) => matchesSearch(message, search));
  return (
    <Stack gap="xs" h="100%">
      <TextInput
        type="search"
        aria-label={t('search')}
        placeholder={t('search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {loading ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : failed ? (
        <Text c="red">{t('loadError')}</Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {search.trim() === '' ? t('empty') : t('noMatch')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="70vh" type="auto" scrollbars="y">
          <Stack gap={4} component="ul" aria-label={t('conversations')} className={classes.list}>
            {shown.map((message) => (
              <li key={message.id}>
                <UnstyledButton
                  component={Link}
                  to={`${basePath}/${message.id}`}
                  className={classes.item}
                  data-active={message.id === selectedId || undefined}
                  data-unread={message.userNew > 0 || undefined}
                  aria-current={message.id === selectedId ? 'page' : undefined}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={message.userNew > 0 ? 700 : 500} truncate>
                      {message.title}
                    </Text>
                    {message.userNew > 0 && (
                      <Badge color="red" size="sm" circle aria-label={t('unreadCount', { count: message.userNew })}>
                        {message.userNew}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {t('started', { date: dayjs(message.date).format(t('dateFormat')) })}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {t('lastBy', { name: message.last.sender.fullName, date: dayjs(message.last.date).format(t('dateFormat')) })}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
