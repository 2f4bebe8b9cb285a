import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasMessageContent, type User } from '@lea/shared';
import { RichTextEditor } from '../../../forms';
import { ApiRequestError } from '../../../shell/api-client';
import { ConfirmDialog } from '../../../shell/confirm-dialog';
import { currentUserKey, useCurrentUser } from '../../../shell/current-user';
import { MESSAGE_QUERY_ROOT } from '../../../shell/message-events';
import { NeedsNetwork } from '../../../shell/needs-network';
import { openConversation, postMessage, removeMessage, reportMessage, useConversation } from '../api';
import { AttachmentInput, type Attachment } from './attachment-input';
import { MessageCard } from './message-card';
import classes from './messaging.module.css';

/** Spec 2 §2: selecting a conversation scrolls it to the bottom after 200 ms. */
const SCROLL_DELAY_MS = 200;

const failureOf = (error: Error, fallback: string) => (error instanceof ApiRequestError && error.message ? error.message : fallback);

/** The right panel on a conversation: its messages, marked read on opening, and the reply box. */
export function ConversationView({ id, basePath }: { id: number; basePath: string }) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const conversation = useConversation(id);
  const thread = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<Attachment | null>(null);
  /** The removal or report waiting for the user's confirmation. */
  const [asked, setAsked] = useState<{ kind: 'remove' | 'report'; messageId: number } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [MESSAGE_QUERY_ROOT] });

  const userNew = conversation.data?.userNew ?? 0;
  const count = conversation.data?.messages.length ?? 0;
  useEffect(() => {
    if (userNew === 0) return;
    // Marks it read and lowers the envelope's total by what it had unread (spec 2 §2).
    openConversation(id)
      .then((answer) => {
        queryClient.setQueryData<User>(currentUserKey, (user) => (user ? { ...user, userNewMessage: answer.userNewMessage } : user));
        return refresh();
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per conversation and unread count
  }, [id, userNew]);
  useEffect(() => {
    if (count === 0) return;
    const timer = setTimeout(() => thread.current?.scrollTo({ top: thread.current.scrollHeight }), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id, count]);

  const reply = useMutation({
    mutationFn: () => postMessage({ mother: id, text, messageFile: file?.id ?? null }),
    onSuccess: async () => {
      setText('');
      setFile(null);
      notifications.show({ color: 'green', message: t('sent') });
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: failureOf(error, t('sendError')) }),
  });
  const remove = useMutation({
    mutationFn: removeMessage,
    onSuccess: async (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      await refresh();
      // Spec 2 §4: after a deletion the view returns to the list.
      void navigate(basePath);
    },
    onError: (error) => notifications.show({ color: 'red', message: failureOf(error, t('actionError')) }),
  });
  const report = useMutation({
    mutationFn: reportMessage,
    onSuccess: async (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: failureOf(error, t('actionError')) }),
  });
  const confirm = (kind: 'remove' | 'report', messageId: number) => setAsked({ kind, messageId });
  const confirmed = () => {
    if (!asked) return;
    setAsked(null);
    if (asked.kind === 'remove') remove.mutate(asked.messageId);
    else report.mutate(asked.messageId);
  };

  if (conversation.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (conversation.isError) {
    const status = conversation.error instanceof ApiRequestError ? conversation.error.status : 0;
    return <Text c="red">{status === 403 || status === 404 ? t('notFound') : t('loadError')}</Text>;
  }
  const data = conversation.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {data.title}
      </Title>
      <div ref={thread} className={classes.thread}>
        <Stack gap="sm">
          {data.messages.map((message) => (
            <MessageCard
              key={message.id}
              message={message}
              own={message.sender.id === me?.id}
              onRemove={() => confirm('remove', message.id)}
              onReport={() => confirm('report', message.id)}
            />
          ))}
        </Stack>
      </div>
      {asked && (
        <ConfirmDialog
          opened
          title={t(`${asked.kind}Confirm.title`)}
          message={t(`${asked.kind}Confirm.text`)}
          confirmLabel={t(`${asked.kind}Confirm.ok`)}
          color={asked.kind === 'remove' ? 'red' : 'orange'}
          onConfirm={confirmed}
          onClose={() => setAsked(null)}
        />
      )}
      <RichTextEditor id={`reply-${id}`} ariaLabel={t('replyLabel')} variant="simple" value={text} onChange={setText} />
      <Group justify="space-between" wrap="wrap">
        <AttachmentInput value={file} onChange={setFile} />
        <NeedsNetwork>
          {(offline) => (
            <Button
              leftSection={<IconSend size={16} />}
              disabled={offline || (!hasMessageContent(text) && file === null)}
              loading={reply.isPending}
              onClick={() => reply.mutate()}
            >
              {t('reply')}
            </Button>
          )}
        </NeedsNetwork>
      </Group>
    </Stack>
  );
}
