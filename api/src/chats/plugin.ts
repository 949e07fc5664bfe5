import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChatDeleteRequestSchema,
  ChatDeleteResponseSchema,
  ChatStartQuerySchema,
  ChatStartResponseSchema,
  ChatsResponseSchema,
} from '@dating/shared';
import { sendJson, serializeAnswer } from '../cache/cache';
import { bodyOrQuery } from '../http/body-or-query';
import { deleteChat, findChat, listChats } from './chats';

/** GET /api/chats.php, GET /api/chat.php?profile= (the conversation or null; creates nothing), DELETE /api/chat.php. */
export const chatsPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chats.php',
    {
      config: { access: 'member' },
      schema: { tags: ['chats'], summary: 'Conversations with unread counts.', response: { 200: ChatsResponseSchema } },
    },
    // Polled (spec §9): serialized once and kept until it changes (src/cache).
    async (request, reply) => {
      const { site, memberId } = request;
      const json = await app.cache.memberAnswer('chats', site.id, memberId, async () =>
        serializeAnswer(ChatsResponseSchema, { chats: await listChats(app.db, site, memberId) }),
      );
      return sendJson(reply, json);
    },
  );

  app.get(
    '/api/chat.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chats'],
        summary: 'The conversation with a member, or null (creates nothing: the first message does).',
        querystring: ChatStartQuerySchema,
        response: { 200: ChatStartResponseSchema },
      },
    },
    async (request) => ({ id: await findChat(app.db, request.site, request.memberId, request.query.profile) }),
  );

  app.delete(
    '/api/chat.php',
    {
      config: { access: 'member' },
      // {conversation} in the JSON body, or in the query when there is no body.
      preValidation: bodyOrQuery,
      schema: {
        tags: ['chats'],
        summary: 'Remove a conversation (only its two members may).',
        description: '`conversation` in the JSON body, or in the query string.',
        body: ChatDeleteRequestSchema,
        response: { 200: ChatDeleteResponseSchema },
      },
    },
    async (request) => {
      await deleteChat(app.db, request.memberId, request.body.conversation);
      return { deleted: true as const };
    },
  );
};
