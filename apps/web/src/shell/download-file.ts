import { apiUrl, ApiRequestError, refreshTokens } from './api-client';
import { getTokens } from './session';

/** How much of a download has arrived; `total` when the server sent the length. */
export type Progress = { received: number; total: number | null };

async function fetchWorkbook(url: string, signal: AbortSignal | undefined): Promise<Response> {
  const send = () => fetch(url, { headers: { Authorization: `Bearer ${getTokens()?.token ?? ''}` }, signal, credentials: 'same-origin' });
  let response = await send();
  if (response.status === 401 && (await refreshTokens())) response = await send();
  return response;
}

/**
 * GET {path} (an API path, `/app/…`) of a file the server sends as bytes (a workbook), read chunk by
 * chunk with its progress; any screen that downloads a file uses it (the back-office page actions).
 * Answers the file's name (from the answer, else `fallbackName`) and bytes; an error answer throws.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  onProgress: (progress: Progress) => void,
  signal?: AbortSignal,
): Promise<{ filename: string; blob: Blob }> {
  const response = await fetchWorkbook(apiUrl(path), signal);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiRequestError(response.status, body?.message ?? response.statusText);
  }
  const total = Number(response.headers.get('content-length')) || null;
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const type_ = response.headers.get('content-type') ?? 'application/octet-stream';
  const reader = response.body?.getReader();
  if (!reader) return { filename, blob: await response.blob() };
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  return { filename, blob: new Blob(chunks as BlobPart[], { type: type_ }) };
}

/** Hands a downloaded file to the browser. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
