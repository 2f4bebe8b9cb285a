import { notifications } from '@mantine/notifications';
import type { FileDownloadResponse } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { downloadBase64 } from '../../../shell/base64-file';

/**
 * Runs an export and saves its file; a refusal (400 "nothing to export"…) shows the server's
 * message, anything else the given fallback.
 */
export async function runDownload(call: () => Promise<FileDownloadResponse>, fallback: string): Promise<boolean> {
  try {
    const file = await call();
    if (downloadBase64(file.data, file.filename, file.type)) return true;
    notifications.show({ color: 'red', message: fallback });
  } catch (error) {
    notifications.show({
      color: 'red',
      message: error instanceof ApiRequestError && error.status < 500 && error.message ? error.message : fallback,
    });
  }
  return false;
}
