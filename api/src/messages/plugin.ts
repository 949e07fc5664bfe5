import type { FastifyInstance } from 'fastify';
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
import { HttpError, parseInput } from '../http/errors';
import { RATE_LIMITS } from '../http/ratelimit';
import { notifyMessage } from '../notifications/notifications';
import { pushInBackground } from '../push/plugin';
import { requireMember } from '../session/member';
import { listMessages, membership, messageCost, storeMessage } from './messages';

/** GET/POST /api/messages.php (read a conversation paged backwards, send), POST /api/read.php. */
export async function messagesPlugin(app: FastifyInstance) {
  // Message sending is limited per member (not per address: members behind one NAT are many).
  const sendLimit =
    app.config.rateLimits && app.hasDecorator('createRateLimit')
      ? app.createRateLimit({
          ...RATE_LIMITS.messageSend,
          keyGenerator: (request) => `member:${request.session?.memberId ?? request.ip}`,
        })
      : null;

  app.get('/api/messages.php', async (request) => {
    const memberId = requireMember(request);
    const q = parseInput(MessagesQuerySchema, request.query);
    const m = await membership(app.db, q.conversation, memberId);
    return MessagesResponseSchema.parse(await listMessages(app.db, m, q.before, q.limit));
  });

  app.post('/api/messages.php', async (request, reply) => {
    const memberId = requireMember(request);
    const { conversation, msg } = parseInput(SendMessageRequestSchema, request.body);
    if (sendLimit) {
      const limit = await sendLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new HttpError(429, 'rate_limited', `Too many messages: try again in ${limit.ttlInSeconds} s`);
      }
    }
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
    void pushInBackground(app, sender.recipientId, { type: 'message', sender: { id: memberId, name: sender.name }, conversation });
    return SendMessageResponseSchema.parse(sent);
  });

  app.post('/api/read.php', async (request) => {
    const memberId = requireMember(request);
    const { conversation } = parseInput(MarkReadRequestSchema, request.body);
    await markRead(app.db, memberId, conversation);
    return MarkReadResponseSchema.parse({ num_unread_messages: 0 });
  });
}
