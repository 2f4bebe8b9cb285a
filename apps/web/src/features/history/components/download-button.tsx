import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileDownloadResponse } from '@lea/shared';
import { downloadBase64 } from '../../../shell/base64-file';
import { NeedsNetwork } from '../../../shell/needs-network';

/** Exports the filtered lines to xlsx (the answer carries the file as base64). */
export function DownloadButton({ fetchFile, label }: { fetchFile: () => Promise<FileDownloadResponse>; label: string }) {
  const { t } = useTranslation('history');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await fetchFile();
      downloadBase64(file.data, file.filename, file.type);
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : t('exportFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <NeedsNetwork>
      {(offline) => (
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} />}
          loading={busy}
          disabled={offline}
          onClick={() => void run()}
        >
          {label}
        </Button>
      )}
    </NeedsNetwork>
  );
}
