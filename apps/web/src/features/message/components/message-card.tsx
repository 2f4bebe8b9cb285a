import { Anchor, Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconFlag, IconPaperclip, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Message } from '@lea/shared';
import { HtmlContent } from '../../../shell/html-content';
import { useProfileTitle } from '../../../shell/profile-title';
import classes from './messaging.module.css';

type Props = { message: Message; own: boolean; onRemove: () => void; onReport: () => void };

/** One message of a conversation: sender, date, recipients, text, attachment, and its delete or report action. */
export function MessageCard({ message, own, onRemove, onReport }: Props) {
  const { t } = useTranslation('message');
  const titleOf = useProfileTitle();
  const to = message.messageRecipients.map((row) => `${row.recipient.fullName} (${titleOf(row.profile, 'titleAbbreviation')})`).join(', ');
  return (
    <Paper withBorder p="sm" radius="md" className={own ? classes.own : undefined} data-testid="message-card">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {message.sender.fullName}
          </Text>
          <Group gap="xs">
            {message.unread && (
              <Badge color="red" size="xs">
                {t('new')}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {dayjs(message.date).format(t('dateFormat'))}
            </Text>
          </Group>
        </Group>
        {to && (
          <Text size="xs" c="dimmed">
            {t('to', { names: to })}
          </Text>
        )}
        {message.deleted ? (
          <Text size="sm" fs="italic" c="dimmed">
            {t('deletedText')}
          </Text>
        ) : (
          <HtmlContent html={message.text} />
        )}
        {message.messageFile && (
          <Stack gap={4}>
            {message.messageFile.isPicture && (
              <Image src={message.messageFile.inlineUrl} alt={message.messageFile.originalName} maw={320} radius="sm" />
            )}
            <Anchor href={message.messageFile.url} download size="sm">
              <Group gap={4} wrap="nowrap">
                <IconPaperclip size={14} />
                {message.messageFile.originalName}
              </Group>
            </Anchor>
          </Stack>
        )}
        {!message.deleted && (
          <Group justify="flex-end" gap="xs">
            {message.canRemove && (
              <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={onRemove}>
                {t('remove')}
              </Button>
            )}
            {!own &&
              (message.reported ? (
                <Text size="xs" c="dimmed">
                  {t('alreadyReported')}
                </Text>
              ) : (
                <Button size="compact-xs" variant="subtle" color="orange" leftSection={<IconFlag size={14} />} onClick={onReport}>
                  {t('report')}
                </Button>
              ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
