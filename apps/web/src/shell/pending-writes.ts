import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { apiRequest, ApiRequestError, NetworkError } from './api-client';
import { signedInUserKey } from './session';

/**
 * Writes made offline and kept in the browser database until the network returns (decision 037):
 * a record under `pending <user> …` of the `questionnaire` store carries its request (`write`). The
 * page that made it sends it itself while it is open (and settles a conflict there); anywhere else
 * in the portal, coming back online replays it here. A refusal (409: the data moved on meanwhile)
 * is left for that page, which shows the conflict: nothing is ever written over another save here.
 */
export type PendingWrite = { method: 'PUT'; path: string; body: unknown };

const store = () => import('./offline-store');

/** The key prefix of the signed-in user's pending writes; null when nobody is signed in. */
export function pendingPrefix(): string | null {
  const user = signedInUserKey();
  return user && `pending ${user} `;
}

/** Keys a mounted page is handling itself: not replayed here meanwhile. */
const claimed = new Set<string>();
export function claimPendingWrite(key: string): () => void {
  claimed.add(key);
  return () => claimed.delete(key);
}

let running = false;

/** Back online: replays the signed-in user's pending writes nobody is handling. */
export async function sendPendingWrites(queryClient: QueryClient): Promise<void> {
  const prefix = pendingPrefix();
  if (!prefix || running) return;
  running = true;
  try {
    const { listKeptAnswers, dropKeptAnswer } = await store();
    let sent = 0;
    let refused = 0;
    for (const kept of await listKeptAnswers('questionnaire', prefix)) {
      const write = (kept.value as { write?: PendingWrite } | null)?.write;
      if (!write || claimed.has(kept.key)) continue;
      try {
        const answer = (await apiRequest(write.path, { method: write.method, body: write.body })) as { hasError?: boolean } | null;
        // A value the server cannot read names its field: for the page to show.
        if (answer?.hasError === true) {
          refused += 1;
          continue;
        }
        await dropKeptAnswer('questionnaire', kept.key);
        sent += 1;
      } catch (error) {
        if (error instanceof NetworkError) return;
        if (error instanceof ApiRequestError) refused += 1;
        else throw error;
      }
    }
    if (sent > 0) {
      notifications.show({ color: 'green', message: i18n.t('shell:pendingWrites.sent', { count: sent }) });
      await queryClient.invalidateQueries({ queryKey: ['questionnaire'] });
    }
    if (refused > 0) notifications.show({ color: 'orange', message: i18n.t('shell:pendingWrites.refused', { count: refused }) });
  } finally {
    running = false;
  }
}
