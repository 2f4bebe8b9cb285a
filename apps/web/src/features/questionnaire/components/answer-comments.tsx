import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type Answer } from '@lea/shared';
import { useTranslateMessage } from '../../../forms';
import { formatDay } from '../../../shell/questionnaires/questionnaire-queries';
import { addComment } from '../api';
import { useQuestionnaire } from './questionnaire-context';
import { useProfileTitle } from '../../../shell/profile-title';

/**
 * The comments added on an answer, and the form to add one when the questionnaire uses comments.
 * The caller's own answers take comments once the triad can read them (a shared or signed reply).
 */
export function AnswerComments({ answer }: { answer: Answer }) {
  const { t } = useTranslation('questionnaire');
  const titleOf = useProfileTitle();
  const { view } = useQuestionnaire();
  const [open, setOpen] = useState(false);
  const own = answer.writerProfile === view.userProfile;
  const mayAdd = view.useComments && (!own || (view.userReply?.status ?? 1) > 1);
  if (answer.answerComments.length === 0 && !mayAdd) return null;
  return (
    <Stack gap={6}>
      {answer.answerComments.map((comment) => (
        <Stack key={comment.id} gap={0} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}>
          <Text size="xs" c="dimmed">
            {t('comments.by', {
              profile: titleOf(comment.writerProfile),
              name: comment.user.fullName,
              date: formatDay(comment.date) ?? '',
            })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.value}
          </Text>
        </Stack>
      ))}
      {mayAdd &&
        (open ? (
          <CommentForm answerId={answer.id} onDone={() => setOpen(false)} />
        ) : (
          <Group>
            <Button variant="subtle" size="compact-sm" leftSection={<IconMessagePlus size={14} />} onClick={() => setOpen(true)}>
              {t('comments.add')}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}

function CommentForm({ answerId, onDone }: { answerId: number; onDone: () => void }) {
  const { t } = useTranslation('questionnaire');
  const translate = useTranslateMessage();
  const { view, params, reload } = useQuestionnaire();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Spec 1 §5.5: a comment is required and must not be empty; nothing is sent otherwise.
    if (comment.trim() === '') return setError(MESSAGES.required);
    setBusy(true);
    try {
      if (await addComment(params, view.userProfile, answerId, comment.trim())) {
        notifications.show({ color: 'green', message: t('notices.commentAdded') });
        await reload();
        onDone();
      } else {
        notifications.show({ color: 'red', message: t('notices.sendError') });
      }
    } catch {
      notifications.show({ color: 'red', message: t('notices.sendError') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('comments.label')}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setError(null);
          }}
          error={error ? translate(error) : undefined}
          withAsterisk
          autosize
          minRows={2}
          data-autofocus
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={busy}>
            {t('comments.submit')}
          </Button>
          <Button variant="default" size="xs" onClick={onDone}>
            {t('comments.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
