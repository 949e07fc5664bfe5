import type { FastifyInstance } from 'fastify';
import {
  ChatDeleteRequestSchema,
  ChatDeleteResponseSchema,
  ChatStartQuerySchema,
  ChatStartResponseSchema,
  ChatsResponseSchema,
} from '@dating/shared';
import { bodyOrQuery } from '../http/body-or-query';
import { parseInput } from '../http/errors';
import { requireMember } from '../session/member';
import { deleteChat, findChat, listChats } from './chats';

/** GET /api/chats.php, GET /api/chat.php?profile= (the conversation or null; creates nothing), DELETE /api/chat.php. */
export async function chatsPlugin(app: FastifyInstance) {
  app.get('/api/chats.php', async (request) => {
    const memberId = requireMember(request);
    return ChatsResponseSchema.parse({ chats: await listChats(app.db, request.site, memberId) });
  });

  app.get('/api/chat.php', async (request) => {
    const memberId = requireMember(request);
    const { profile } = parseInput(ChatStartQuerySchema, request.query);
    return ChatStartResponseSchema.parse({ id: await findChat(app.db, request.site, memberId, profile) });
  });

  app.delete('/api/chat.php', async (request) => {
    const memberId = requireMember(request);
    const { conversation } = parseInput(ChatDeleteRequestSchema, bodyOrQuery(request));
    await deleteChat(app.db, memberId, conversation);
    return ChatDeleteResponseSchema.parse({ deleted: true });
  });
}
