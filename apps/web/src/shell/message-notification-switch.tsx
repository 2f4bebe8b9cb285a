import { useTranslation } from 'react-i18next';
import { MessageNotificationSetting } from '@lea/shared';
import { MESSAGE_QUERY_ROOT } from './message-events';
import { PreferenceSwitch } from './preference-switch';

const settingKey = [MESSAGE_QUERY_ROOT, 'notification'] as const;

/**
 * "Me prévenir par courriel des nouveaux messages": the reader's own preference (issue 16), kept on
 * their profile; shown on the profile page and on the messaging screen.
 */
export function MessageNotificationSwitch() {
  const { t } = useTranslation('message');
  return (
    <PreferenceSwitch
      path="/app/message/notification"
      field="messageNotification"
      schema={MessageNotificationSetting}
      queryKey={settingKey}
      texts={{ label: t('notification.label'), on: t('notification.on'), off: t('notification.off'), error: t('actionError') }}
    />
  );
}
