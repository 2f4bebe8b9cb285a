import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useReportAreaError } from '../../../back-office/area-error';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { errorMessage } from '../../../back-office/entity-api';
import { PageHeader } from '../../../shell/page-header';
import { SendInfosCrew } from '../components/send-infos-crew';
import { managerRoute } from '../entities';
import { canSend, toggleCrew, toggleUser, type Selection } from '../send-infos-selection';
import { sendInfosKey, sendUserInfos, useSendInfos, type SendInfosKind } from '../triad-api';

/** …/triad/send-user-infos (leaManagerTriadSendUserInfos): welcome e-mails and new passwords. */
export default function SendUserInfosPage() {
  const { t } = useTranslation(['manager', 'common']);
  const courseId = Number(useParams().trainingCourseId);
  const queryClient = useQueryClient();
  const list = useSendInfos(courseId);
  useReportAreaError(list.error);
  const [selection, setSelection] = useState<Selection>(new Set());
  const send = useMutation({
    mutationFn: (kind: SendInfosKind) => sendUserInfos(courseId, kind, [...selection]),
    onSuccess: async (answer, kind) => {
      if (answer.hasError) {
        notifications.show({ color: 'red', message: answer.message || t('common:errors.send') });
        return;
      }
      notifications.show({
        color: 'green',
        message: t(kind === 'send-welcome' ? 'sendInfos.welcomeSent' : 'sendInfos.passwordSent', { count: answer.sent }),
      });
      setSelection(new Set());
      // The counters moved on the server.
      await queryClient.invalidateQueries({ queryKey: sendInfosKey(courseId) });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) ?? t('common:errors.send') }),
  });
  const disabled = !canSend(selection);

  return (
    <Stack gap="lg">
      <PageHeader title={t('sendInfos.title')} back={{ to: managerRoute(courseId, 'triad'), label: t('entities.triad.back') }} />
      <Card
        withBorder
        radius="md"
        padding="sm"
        style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 8px)', zIndex: 5 }}
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('sendInfos.selected', { count: selection.size })}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button
              leftSection={<IconMail size={18} />}
              disabled={disabled}
              loading={send.isPending && send.variables === 'send-welcome'}
              onClick={() => send.mutate('send-welcome')}
            >
              {t('sendInfos.sendWelcome')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconKey size={18} />}
              disabled={disabled}
              loading={send.isPending && send.variables === 'send-new-password'}
              onClick={() => send.mutate('send-new-password')}
            >
              {t('sendInfos.sendNewPassword')}
            </Button>
          </Group>
        </Group>
      </Card>
      {!list.data ? (
        <LoadFallback pending={list.isPending} failure={t('common:errors.generic')} />
      ) : (
        list.data.crews.map((crew) => (
          <SendInfosCrew
            key={crew.id ?? 'none'}
            crew={crew}
            selection={selection}
            onToggleUser={(id) => setSelection((current) => toggleUser(current, id))}
            onToggleCrew={(ids) => setSelection((current) => toggleCrew(current, ids))}
          />
        ))
      )}
    </Stack>
  );
}
