import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExportResponse } from '@lea/shared';
import { apiRequest } from '../../../shell/api-client';
import { useAppState } from '../../../shell/app-state';
import { downloadBase64 } from '../../../shell/base64-file';

/** 'Télécharger le livret' (spec 2 §2): GET /app/triad/pdf/{id}, the whole booklet as one PDF. */
export function BookletButton({ triadId }: { triadId: number }) {
  const { t } = useTranslation('dashboard');
  // The booklet is made by the server: offline, the cached dashboard stays readable but cannot ask for it.
  const offline = useAppState((state) => state.offline);
  const download = useMutation({
    mutationFn: () => apiRequest(`/app/triad/pdf/${triadId}`, { schema: ExportResponse }),
    onSuccess: (file) => {
      if (!downloadBase64(file.data, file.filename, file.filetype)) notifications.show({ color: 'red', message: t('booklet.error') });
    },
    onError: () => notifications.show({ color: 'red', message: t('booklet.error') }),
    meta: { errorPage: false },
  });
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} />}
      loading={download.isPending}
      disabled={offline}
      title={offline ? t('offlineAction') : undefined}
      onClick={() => download.mutate()}
    >
      {t('booklet.download')}
    </Button>
  );
}
