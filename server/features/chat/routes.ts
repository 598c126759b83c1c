import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import {
  CHAT_MESSAGES,
  CHAT_POSTS_PER_MINUTE,
  chatMessage,
  chatMessageList,
  chatMessageParams,
  chatQuery,
  chatUnread,
  createChatMessageBody,
  markChatReadBody,
  updateChatMessageBody,
} from '../../../shared/contracts/chat';
import { errorOf } from '../../../shared/contracts/errors';
import { tripParams } from '../../../shared/contracts/trips';
import type { Db } from '../../platform/db/client';
import { pageHeaders } from '../../platform/db/keyset';
import { perUser } from '../../platform/rateLimit';
import { changeContext } from '../live';
import { actorOf, itemOf, tripMember } from '../trips/access';
import * as service from './service';
import { chatMessages } from './tables';

const tags = ['chat'];

/** The trip the route reaches, and the member calling it. */
function who(request: FastifyRequest) {
  const { tripId, actor } = actorOf(request);
  return { tripId, userId: actor.userId };
}

/** Issue #38: the trip's chat, for its members; each edits and deletes their own messages. */
export const chatRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const member = tripMember();
  const messageMember = tripMember(itemOf(chatMessages, CHAT_MESSAGES.notFound));

  app.get(
    '/api/trips/:tripId/chat',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "A page of the trip's chat, oldest first: the newest messages, or older ones",
        description:
          'X-Next-Cursor, sent back as `before`, reads the page before (older); X-Total-Count ' +
          "counts the messages kept (as long as the owner's plan keeps the trip's activity).",
        params: tripParams,
        querystring: chatQuery,
        response: { 200: chatMessageList },
      },
    },
    async (request, reply) => {
      const page = await service.listMessages(db, who(request).tripId, request.query);
      reply.headers(pageHeaders(page));
      return page.messages;
    },
  );

  app.post(
    '/api/trips/:tripId/chat',
    {
      config: { access: member, ...perUser(CHAT_POSTS_PER_MINUTE, 60_000) },
      schema: {
        tags,
        summary: "Write to the trip's chat",
        description:
          '`mentions` are the user ids of members the text mentions (400 `not_a_member` for ' +
          'anyone else); each is notified. `id`, if given, is the client’s choice.',
        params: tripParams,
        body: createChatMessageBody,
        response: { 201: chatMessage, 409: errorOf('id_taken') },
      },
    },
    async (request, reply) => {
      const { tripId, userId } = who(request);
      reply.code(201);
      return service.createMessage(changeContext(request), tripId, userId, request.body);
    },
  );

  app.get(
    '/api/trips/:tripId/chat/unread',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'How many messages of others the caller has not read (counted up to 100)',
        params: tripParams,
        response: { 200: chatUnread },
      },
    },
    async (request) => {
      const { tripId, userId } = who(request);
      return { unread: await service.unreadCount(db, tripId, userId) };
    },
  );

  app.post(
    '/api/trips/:tripId/chat/read',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'The caller has read the chat up to this message',
        description: 'The mark only moves forward. Answers how many are unread now.',
        params: tripParams,
        body: markChatReadBody,
        response: { 200: chatUnread },
      },
    },
    async (request) => {
      const { tripId, userId } = who(request);
      return { unread: await service.markRead(db, tripId, userId, request.body.upTo) };
    },
  );

  app.patch(
    '/api/chat/:id',
    {
      config: { access: messageMember },
      schema: {
        tags,
        summary: 'Edit one’s own message',
        params: chatMessageParams,
        body: updateChatMessageBody,
        response: { 200: chatMessage },
      },
    },
    async (request) => {
      const { tripId, userId } = who(request);
      return service.updateMessage(
        changeContext(request),
        tripId,
        userId,
        request.params.id,
        request.body,
      );
    },
  );

  app.delete(
    '/api/chat/:id',
    {
      config: { access: messageMember },
      schema: {
        tags,
        summary: 'Delete one’s own message, for good',
        params: chatMessageParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { tripId, userId } = who(request);
      await service.deleteMessage(changeContext(request), tripId, userId, request.params.id);
      return { success: true as const };
    },
  );
};
