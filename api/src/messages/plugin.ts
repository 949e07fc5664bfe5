import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarkReadRequestSchema,
  MarkReadResponseSchema,
  MessagesQuerySchema,
  MessagesResponseSchema,
  SendMessageRequestSchema,
  SendMessageResponseSchema,
} from '@dating/shared';
import { markRead } from '../chats/chats';
import { publishEvent } from '../events/publish';
import { HttpError } from '../http/errors';
import { notifyMessage } from '../notifications/notifications';
import { listMessages, membership, messageCost, storeMessage } from './messages';

/** GET/POST /api/messages.php (read a conversation paged backwards, send), POST /api/read.php. */
export const messagesPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/messages.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chats'],
        summary: 'Messages of a conversation, newest first, paged backwards.',
        querystring: MessagesQuerySchema,
        response: { 200: MessagesResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const m = await membership(app.db, q.conversation, request.memberId);
      return listMessages(app.db, m, q.before, q.limit);
    },
  );

  app.post(
    '/api/messages.php',
    {
      // 429 beyond RATE_LIMITS.messageSend a minute per member (src/http/ratelimit.ts).
      config: { access: 'member', limit: 'messageSend' },
      schema: {
        tags: ['chats'],
        summary: "Send a message; costs credits by the sender's country, charged atomically.",
        body: SendMessageRequestSchema,
        response: { 200: SendMessageResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const { conversation, msg } = request.body;
      const site = request.site;
      const { sent, sender } = await app.db.transaction(async (tx) => {
        const m = await membership(tx, conversation, memberId, true);
        const { rows } = await tx.query<{ id: number; name: string; country: string | null; status: string }>(
          'SELECT id, name, country, status FROM members WHERE id = ANY($1::int[])',
          [[memberId, m.otherId]],
        );
        const sender = rows.find((r) => r.id === memberId)!;
        const recipient = rows.find((r) => r.id === m.otherId);
        if (!recipient || recipient.status === 'deleted') {
          throw new HttpError(410, 'recipient_gone', 'This member has left; the message was not sent');
        }
        const cost = messageCost(site.settings.minimum_message_costs, sender.country);
        const sent = await storeMessage(tx, m, msg, cost);
        await notifyMessage(tx, m.otherId, memberId, conversation);
        await publishEvent(tx, { type: 'message', member: m.otherId, message: sent.message.id });
        return { sent, sender: { ...sender, recipientId: m.otherId } };
      });
      void app.pushInBackground(sender.recipientId, { type: 'message', sender: { id: memberId, name: sender.name }, conversation });
      return sent;
    },
  );

  app.post(
    '/api/read.php',
    {
      config: { access: 'member' },
      schema: { tags: ['chats'], summary: 'Mark a conversation read.', body: MarkReadRequestSchema, response: { 200: MarkReadResponseSchema } },
    },
    async (request) => {
      await markRead(app.db, request.memberId, request.body.conversation);
      return { num_unread_messages: 0 as const };
    },
  );
};
