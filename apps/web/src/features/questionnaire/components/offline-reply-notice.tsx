import { Alert, Loader, Text } from '@mantine/core';
import { IconDeviceMobileCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PendingReply } from '../offline-reply';

type Props = { online: boolean; editable: boolean; pending: PendingReply | null; sending: boolean };

/**
 * Where the answers typed offline are (decision 037): on this device until the connection returns,
 * then sent; a logout erases them.
 */
export function OfflineReplyNotice({ online, editable, pending, sending }: Props) {
  const { t } = useTranslation('questionnaire');
  if (online && !(pending && sending)) return null;
  if (!online && !editable) return null;
  let text: string;
  if (online) text = t('offline.sending');
  else if (pending) text = t('offline.kept', { time: dayjs(pending.savedAt).format('HH:mm') });
  else text = t('offline.editing');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={online ? <Loader size={16} /> : <IconDeviceMobileCheck size={18} />}
      role="status"
      data-testid="offline-reply-notice"
    >
      <Text size="sm">
        {text} {!online && t('offline.logout')}
      </Text>
    </Alert>
  );
}
