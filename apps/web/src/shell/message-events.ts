import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MessageEvent, type User } from '@lea/shared';
import { apiUrl, refreshTokens } from './api-client';
import { currentUserKey } from './current-user';
import { getTokens } from './session';

/** The message feature's queries start with this key: a live event refreshes them all. */
export const MESSAGE_QUERY_ROOT = 'message';
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/** The `data:` lines of the complete `unread` events in a chunk of an event stream; the rest waits for more. */
export function readEvents(buffer: string): { events: MessageEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: MessageEvent[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    if (!lines.includes('event: unread')) continue;
    const data = lines.find((line) => line.startsWith('data: '));
    const parsed = data ? MessageEvent.safeParse(JSON.parse(data.slice(6))) : null;
    if (parsed?.success) events.push(parsed.data);
  }
  return { events, rest };
}

/** Applies an event: the envelope's count at once, the message lists and the changed conversation refetched. */
export function applyMessageEvent(queryClient: QueryClient, event: MessageEvent): void {
  queryClient.setQueryData<User>(currentUserKey, (user) => (user ? { ...user, userNewMessage: event.userNewMessage } : user));
  if (event.conversation !== null) void queryClient.invalidateQueries({ queryKey: [MESSAGE_QUERY_ROOT] });
}

/** One stream until it ends: 'expired' asks for a token refresh first, 'ended' for a plain reconnection. */
async function listen(queryClient: QueryClient, signal: AbortSignal): Promise<'expired' | 'ended' | 'refused'> {
  const tokens = getTokens();
  if (!tokens) return 'refused';
  const response = await fetch(apiUrl('/app/message/events'), {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${tokens.token}` },
    signal,
  });
  if (response.status === 401) return 'expired';
  if (!response.ok || !response.body) return response.status >= 500 ? 'ended' : 'refused';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'ended';
    const { events, rest } = readEvents(buffer + value);
    buffer = rest;
    for (const event of events) applyMessageEvent(queryClient, event);
  }
}

/**
 * Live unread counts (decision 029): a server-sent-events stream read with fetch, so that it carries
 * the bearer like every other call. It reconnects after a loss (with a growing delay) and after the
 * server ends it when the token would expire; an expired token is refreshed first.
 */
export function useMessageEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let attempt = 0;
    const run = async () => {
      while (!controller.signal.aborted) {
        let outcome: Awaited<ReturnType<typeof listen>> = 'ended';
        const started = Date.now();
        try {
          outcome = await listen(queryClient, controller.signal);
        } catch {
          if (controller.signal.aborted) return;
        }
        if (outcome === 'refused' || (outcome === 'expired' && !(await refreshTokens()))) return;
        // A stream that lived a while was healthy: start the delays again from the shortest.
        attempt = Date.now() - started > 60_000 ? 0 : attempt + 1;
        const delay = outcome === 'expired' ? 0 : RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    };
    void run();
    return () => controller.abort();
  }, [enabled, queryClient]);
}
