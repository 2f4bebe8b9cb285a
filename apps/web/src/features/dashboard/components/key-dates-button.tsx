import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarDown } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeyDatesResponse } from '@lea/shared';
import { apiRequest } from '../../../shell/api-client';
import { useAppState } from '../../../shell/app-state';
import { downloadBase64 } from '../../../shell/base64-file';

/**
 * 'Télécharger les dates clés' (spec 2 §2, left unimplemented in the original): GET
 * /app/triad/key-dates/{id}, an iCalendar file of the completion windows and contract dates.
 */
export function KeyDatesButton({ triadId }: { triadId: number }) {
  const { t } = useTranslation('dashboard');
  const offline = useAppState((state) => state.offline);
  const download = useMutation({
    mutationFn: () => apiRequest(`/app/triad/key-dates/${triadId}`, { schema: KeyDatesResponse }),
    onSuccess: (file) => {
      if (!downloadBase64(file.data, file.filename, file.type)) notifications.show({ color: 'red', message: t('keyDates.error') });
    },
    onError: () => notifications.show({ color: 'red', message: t('keyDates.error') }),
    meta: { errorPage: false },
  });
  return (
    <Button
      variant="light"
      leftSection={<IconCalendarDown size={18} />}
      loading={download.isPending}
      disabled={offline}
      title={offline ? t('offlineAction') : undefined}
      onClick={() => download.mutate()}
    >
      {t('keyDates.download')}
    </Button>
  );
}
