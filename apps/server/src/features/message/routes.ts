import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Conversation,
  IdParams,
  MessageCourseParams,
  ManagerMessageParams,
  MessageActionResponse,
  MessageListQuery,
  MessageListResponse,
  MessageNotificationSetting,
  MessageOpenedResponse,
  MessagePostRequest,
  MessagePostResponse,
  MessageRecipientsParams,
  MessageRecipientsResponse,
  ReportedMessagesResponse,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { fileLinksOf } from '../../services/file-links.js';
import { closeMessageBus } from './live.js';
import { streamMessageEvents } from './events.js';
import { readNotificationSetting, writeNotificationSetting } from './notification-setting.js';
import { postMessage } from './post-message.js';
import { managerReachOf, reachOf, recipientGroups } from './recipients.js';
import { listMessages, listReportedMessages, openConversation, removeMessage, reportMessage, showConversation } from './service.js';

/**
 * Messaging (spec 2 §2 and §7, MODULE_LEA_MESSAGE; spec 3 §2.1 for the manager area's recipients
 * and reported messages), under /api/{locale}; the live unread counts are `GET /app/message/events`.
 */
export async function messageRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // The app's close (a deploy, a test's end) ends the open live streams rather than waiting for them.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.addHook('onClose', () => closeMessageBus(ctx.database));

  app.get(
    '/app/message/list/',
    { preHandler: requireUser, schema: { querystring: MessageListQuery, response: { 200: MessageListResponse } } },
    (request) => listMessages(ctx, callerOf(request), request.query),
  );

  app.get('/app/message/show/:id', { preHandler: requireUser, schema: { params: IdParams, response: { 200: Conversation } } }, (request) =>
    showConversation(ctx, callerOf(request), fileLinksOf(request), request.params.id),
  );

  app.post(
    '/app/message/post',
    { preValidation: requireUser, schema: { body: MessagePostRequest, response: { 200: MessagePostResponse } } },
    (request) => postMessage(ctx, callerOf(request), request.body, writeMetaOf(request)),
  );

  app.put(
    '/app/message/opened/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: MessageOpenedResponse } } },
    (request) => openConversation(ctx, callerOf(request), request.params.id, writeMetaOf(request)),
  );

  app.delete(
    '/app/message/remove/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: MessageActionResponse } } },
    (request) => removeMessage(ctx, callerOf(request), request.params.id, writeMetaOf(request)),
  );

  app.put(
    '/app/message/report/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: MessageActionResponse } } },
    (request) => reportMessage(ctx, callerOf(request), request.params.id, writeMetaOf(request)),
  );

  // The two paths of spec 2 §7's recipients call: without a triad id, and with one (a course in the manager area).
  for (const path of ['/app/message/recipients', '/app/message/recipients/:triadId']) {
    app.get(
      path,
      { preHandler: requireUser, schema: { params: MessageRecipientsParams, response: { 200: MessageRecipientsResponse } } },
      async (request) => {
        const caller = callerOf(request);
        const { triadId } = request.params;
        return recipientGroups(await reachOf(ctx.db, caller, triadId === undefined ? {} : { triadId }), caller.userId);
      },
    );
  }
  for (const path of ['/app/lea-manager/:course/message/recipients', '/app/lea-manager/:course/message/recipients/:triadId']) {
    app.get(
      path,
      { preHandler: requireUser, schema: { params: ManagerMessageParams, response: { 200: MessageRecipientsResponse } } },
      async (request) => {
        const caller = callerOf(request);
        return recipientGroups(await managerReachOf(ctx.db, caller, request.params.course, request.params.triadId), caller.userId);
      },
    );
  }

  app.get(
    '/app/lea-manager/:course/message/reported',
    { preHandler: requireUser, schema: { params: MessageCourseParams, response: { 200: ReportedMessagesResponse } } },
    (request) => listReportedMessages(ctx, callerOf(request), request.params.course),
  );

  app.get('/app/message/notification', { preHandler: requireUser, schema: { response: { 200: MessageNotificationSetting } } }, (request) =>
    readNotificationSetting(ctx, callerOf(request)),
  );

  app.put(
    '/app/message/notification',
    { preValidation: requireUser, schema: { body: MessageNotificationSetting, response: { 200: MessageNotificationSetting } } },
    (request) => writeNotificationSetting(ctx, callerOf(request), request.body, writeMetaOf(request)),
  );

  app.get('/app/message/events', { preHandler: requireUser }, (request, reply) =>
    streamMessageEvents(ctx, streams, callerOf(request), request, reply),
  );
}
