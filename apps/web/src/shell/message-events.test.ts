import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@lea/shared';
import { currentUserKey } from './current-user';
import { applyMessageEvent, MESSAGE_QUERY_ROOT, readEvents } from './message-events';

describe('the live message stream', () => {
  it('reads complete unread events and keeps an unfinished one for the next chunk', () => {
    const { events, rest } = readEvents(
      ': keep-alive\n\nevent: unread\ndata: {"userNewMessage":3,"conversation":null}\n\nevent: unread\ndata: {"userNewMessage":4,',
    );
    expect(events).toEqual([{ userNewMessage: 3, conversation: null }]);
    expect(rest).toBe('event: unread\ndata: {"userNewMessage":4,');
    expect(readEvents(`${rest}"conversation":9}\n\n`).events).toEqual([{ userNewMessage: 4, conversation: 9 }]);
  });

  it('ignores other events and malformed data', () => {
    expect(readEvents('event: other\ndata: {"userNewMessage":1,"conversation":null}\n\n').events).toEqual([]);
    expect(readEvents('event: unread\ndata: {"userNewMessage":"x"}\n\n').events).toEqual([]);
  });

  it("sets the envelope's count at once and refreshes the message queries after a change", async () => {
    const client = new QueryClient();
    client.setQueryData(currentUserKey, { id: 1, userNewMessage: 0 } as User);
    client.setQueryData([MESSAGE_QUERY_ROOT, 'list', 'front'], { messages: [] });
    applyMessageEvent(client, { userNewMessage: 2, conversation: null });
    expect(client.getQueryData<User>(currentUserKey)?.userNewMessage).toBe(2);
    expect(client.getQueryState([MESSAGE_QUERY_ROOT, 'list', 'front'])?.isInvalidated).toBe(false);
    applyMessageEvent(client, { userNewMessage: 3, conversation: 7 });
    expect(client.getQueryData<User>(currentUserKey)?.userNewMessage).toBe(3);
    expect(client.getQueryState([MESSAGE_QUERY_ROOT, 'list', 'front'])?.isInvalidated).toBe(true);
  });
});
