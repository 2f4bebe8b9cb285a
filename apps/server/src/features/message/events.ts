import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, type MessageEvent } from '@lea/shared';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { countUnreadMessages } from '../../services/unread-messages.js';
import { messageBusOf } from './live.js';

/** A comment line every 25 s keeps proxies (nginx's 60 s read timeout) from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * `GET /app/message/events` (decision 030): a server-sent-events stream of the reader's unread
 * total, sent at once and after every change of one of their conversations, from whichever process
 * wrote it. The stream ends when the access token that opened it would have expired, so that a
 * revoked session stops hearing; the client reconnects with its current token.
 */
export async function streamMessageEvents(
  ctx: AppContext,
  streams: Set<ServerResponse>,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  let open = true;
  const send = async (conversation: number | null) => {
    const event: MessageEvent = { userNewMessage: await countUnreadMessages(ctx.db, caller.userId, caller.platformId), conversation };
    if (open) raw.write(`event: unread\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const bus = messageBusOf(ctx.database);
  const unsubscribe = bus.subscribe(caller.platformId, caller.userId, (conversation) => {
    send(conversation).catch((error: unknown) => request.log.error({ err: String(error) }, 'message event failed'));
  });
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const expiry = setTimeout(() => raw.end(), ACCESS_TOKEN_TTL_SECONDS * 1000);
  const stop = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(expiry);
    streams.delete(raw);
  };
  raw.on('close', stop);
  streams.add(raw);
  await bus.ready();
  await send(null);
}
