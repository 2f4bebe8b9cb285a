import { Anchor, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JUSTIFICATION_STATUS, type AbsenceJustification } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { decideJustification, fetchJustifications, justificationsKey } from '../api';

const STATUS_LABEL = ['statusSent', 'statusAccepted', 'statusRefused'] as const;
const STATUS_COLOR = ['orange', 'green', 'red'] as const;

function Decision({
  courseId,
  justification,
  onDecided,
}: {
  courseId: number;
  justification: AbsenceJustification;
  onDecided: () => void;
}) {
  const { t } = useTranslation('calendar');
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (status: 1 | 2) => decideJustification(courseId, justification.id, { status, refusalReason: status === 2 ? reason : null }),
    onSuccess: (answer) => {
      notifications.show({
        color: answer.hasError ? 'red' : 'green',
        message: answer.hasError ? (answer.detail[0]?.message ?? t('genericError')) : t('decided'),
      });
      onDecided();
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: error instanceof ApiRequestError && error.message ? error.message : t('genericError') }),
  });
  return (
    <Stack gap="xs">
      <Textarea label={t('refusalReason')} value={reason} onChange={(event) => setReason(event.currentTarget.value)} autosize minRows={1} />
      <Group>
        <Button color="green" size="xs" loading={decide.isPending} onClick={() => decide.mutate(JUSTIFICATION_STATUS.accepted)}>
          {t('accept')}
        </Button>
        <Button
          color="red"
          variant="light"
          size="xs"
          disabled={reason.trim() === ''}
          loading={decide.isPending}
          onClick={() => decide.mutate(JUSTIFICATION_STATUS.refused)}
        >
          {t('refuse')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The justifications of an absence, newest first; the course's manager accepts or refuses a sent one. */
export function JustificationList({
  eventId,
  courseId,
  canDecide,
  onDecided,
}: {
  eventId: number;
  courseId: number;
  canDecide: boolean;
  onDecided: () => void;
}) {
  const { t } = useTranslation('calendar');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: justificationsKey(eventId), queryFn: () => fetchJustifications(eventId) });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: justificationsKey(eventId) });
    onDecided();
  };
  const rows = list.data ?? [];
  return (
    <Stack gap="xs" data-testid="justifications">
      <Text fw={600}>{t('justifications')}</Text>
      {rows.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('noJustification')}
        </Text>
      )}
      {rows.map((justification) => (
        <Card key={justification.id} withBorder padding="sm">
          <Group justify="space-between" mb={4}>
            <Badge color={STATUS_COLOR[justification.status]}>{t(STATUS_LABEL[justification.status])}</Badge>
            <Text size="xs" c="dimmed">
              {t('by', { name: justification.author ?? '', date: dayjs(justification.createdAt).format(t('dateTimeFormat')) })}
            </Text>
          </Group>
          {justification.comment && <Text size="sm">{justification.comment}</Text>}
          {justification.refusalReason && (
            <Text size="sm" c="red">
              {justification.refusalReason}
            </Text>
          )}
          {justification.files.map((file) => (
            <Anchor key={file.id} href={file.url} size="sm" display="block">
              {file.originalName}
            </Anchor>
          ))}
          {canDecide && justification.status === JUSTIFICATION_STATUS.sent && (
            <Decision courseId={courseId} justification={justification} onDecided={() => void refresh()} />
          )}
        </Card>
      ))}
    </Stack>
  );
}
