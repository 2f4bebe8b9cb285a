import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MessageNotificationSetting } from '@lea/shared';
import { apiRequest } from './api-client';
import { MESSAGE_QUERY_ROOT } from './message-events';
import { useOnline } from './needs-network';

const settingKey = [MESSAGE_QUERY_ROOT, 'notification'] as const;

const saveSetting = (messageNotification: boolean) =>
  apiRequest('/app/message/notification', { method: 'PUT', body: { messageNotification }, schema: MessageNotificationSetting });

/**
 * "Me prévenir par courriel des nouveaux messages": the reader's own preference (issue 16), kept on
 * their profile; shown on the profile page and on the messaging screen.
 */
export function MessageNotificationSwitch() {
  const { t } = useTranslation('message');
  const online = useOnline();
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: settingKey,
    queryFn: () => apiRequest('/app/message/notification', { schema: MessageNotificationSetting }),
  });
  const save = useMutation({
    mutationFn: saveSetting,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingKey, answer);
      notifications.show({ color: 'green', message: answer.messageNotification ? t('notification.on') : t('notification.off') });
    },
    onError: () => notifications.show({ color: 'red', message: t('actionError') }),
  });
  if (!setting.data) return null;
  return (
    <Switch
      label={t('notification.label')}
      checked={save.isPending ? (save.variables ?? setting.data.messageNotification) : setting.data.messageNotification}
      disabled={!online || save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
    />
  );
}
