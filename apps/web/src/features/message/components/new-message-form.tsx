import { Button, Group, Loader, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasMessageContent, type MessageRecipientsResponse } from '@lea/shared';
import { RichTextEditor } from '../../../forms';
import { ApiRequestError } from '../../../shell/api-client';
import { MESSAGE_QUERY_ROOT } from '../../../shell/message-events';
import { NeedsNetwork } from '../../../shell/needs-network';
import { useProfileTitle } from '../../../shell/profile-title';
import { postMessage, useRecipients, type MessagingArea } from '../api';
import { AttachmentInput, type Attachment } from './attachment-input';

/** A picker value: the person and the profile they are written to under. */
const valueOf = (id: number, profile: number) => `${id}:${profile}`;
export function parseRecipient(value: string): { recipient: number; profile: number } {
  const [recipient, profile] = value.split(':').map(Number);
  return { recipient: recipient ?? 0, profile: profile ?? 0 };
}

/** The picker's options: one group per profile (spec 2 §2), titled with the profile's plural. */
export function recipientOptions(answer: MessageRecipientsResponse | undefined, titleOf: (profile: number) => string) {
  return (answer?.groups ?? []).map((group) => ({
    group: titleOf(group.profile),
    items: group.recipients.map((person) => ({ value: valueOf(person.id, group.profile), label: person.fullName })),
  }));
}

/** New-message mode (spec 2 §2, §5): subject, recipients by profile, rich text, one attachment, send. */
export function NewMessageForm({ area, basePath }: { area: MessagingArea; basePath: string }) {
  const { t } = useTranslation('message');
  const titleOf = useProfileTitle();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recipients = useRecipients(area, true);
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [file, setFile] = useState<Attachment | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = useMutation({
    mutationFn: () =>
      postMessage({
        title,
        text,
        messageFile: file?.id ?? null,
        messageRecipients: selected.map(parseRecipient),
        trainingCourse: recipients.data?.trainingCourse ?? null,
      }),
    onSuccess: async (answer) => {
      notifications.show({ color: 'green', message: answer.message ?? t('sent') });
      await queryClient.invalidateQueries({ queryKey: [MESSAGE_QUERY_ROOT] });
      // Spec 2 §4: after sending, the view moves to the created message.
      const created = answer.responses[0]?.object?.id;
      void navigate(created ? `${basePath}/${created}` : basePath);
    },
    onError: (error) => {
      const fields = error instanceof ApiRequestError ? error.errors : [];
      setErrors(Object.fromEntries(fields.map((field) => [field.field.split('.')[0] ?? field.field, field.message])));
      notifications.show({ color: 'red', message: t('sendError') });
    },
  });
  const submit = () => {
    const local: Record<string, string> = {};
    if (title.trim() === '') local.title = t('titleRequired');
    if (selected.length === 0) local.messageRecipients = t('recipientRequired');
    setErrors(local);
    if (Object.keys(local).length === 0) send.mutate();
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('newTitle')}
      </Title>
      <TextInput
        label={t('subject')}
        required
        maxLength={255}
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      {recipients.isPending ? (
        <Loader size="sm" />
      ) : recipients.isError ? (
        <Text c="red">{t('recipientsError')}</Text>
      ) : (
        <MultiSelect
          label={t('recipients')}
          placeholder={selected.length === 0 ? t('recipientsPlaceholder') : undefined}
          required
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('noRecipient')}
          data={recipientOptions(recipients.data, (profile) => titleOf(profile, 'titlePlural'))}
          value={selected}
          error={errors.messageRecipients}
          onChange={setSelected}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <RichTextEditor id="message-text" label={t('text')} variant="medium" value={text} onChange={setText} error={errors.text} />
      <Group justify="space-between" wrap="wrap">
        <AttachmentInput value={file} onChange={setFile} />
        <NeedsNetwork>
          {(offline) => (
            <Button
              leftSection={<IconSend size={16} />}
              disabled={offline || (!hasMessageContent(text) && file === null)}
              loading={send.isPending}
              onClick={submit}
            >
              {t('send')}
            </Button>
          )}
        </NeedsNetwork>
      </Group>
    </Stack>
  );
}
