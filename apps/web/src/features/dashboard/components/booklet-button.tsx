import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExportResponse } from '@lea/shared';
import { apiRequest } from '../../../shell/api-client';

/** Saves the answer's base64 PDF under its file name. */
function saveFile({ data, filename, filetype }: { data: string; filename: string; filetype: string }): void {
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: filetype || 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Télécharger le livret' (spec 2 §2): GET /app/triad/pdf/{id}, the whole booklet as one PDF. */
export function BookletButton({ triadId }: { triadId: number }) {
  const { t } = useTranslation('dashboard');
  const download = useMutation({
    mutationFn: () => apiRequest(`/app/triad/pdf/${triadId}`, { schema: ExportResponse }),
    onSuccess: saveFile,
    onError: () => notifications.show({ color: 'red', message: t('booklet.error') }),
    meta: { errorPage: false },
  });
  return (
    <Button variant="light" leftSection={<IconDownload size={18} />} loading={download.isPending} onClick={() => download.mutate()}>
      {t('booklet.download')}
    </Button>
  );
}
