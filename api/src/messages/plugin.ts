import type { FastifyInstance } from 'fastify';
import {
  MarkReadRequestSchema,
  MarkReadResponseSchema,
  MessagesQuerySchema,
  MessagesResponseSchema,
  MessageCostResponseSchema,
  SendMessageRequestSchema,
  SendMessageResponseSchema,
  SendTargetSchema,
  TypingRequestSchema,
  TypingResponseSchema,
} from '@dating/shared';
import { markRead, startChat } from '../chats/chats';
import { assertNotBlocked, blockedPairSql, isBlockedPair } from '../safety/blocks';
import { publishEvent } from '../events/publish';
import { HttpError, parseInput } from '../http/errors';
import { RATE_LIMITS } from '../http/ratelimit';
import { notifyMessage } from '../notifications/notifications';
import { pushInBackground } from '../push/plugin';
import { loadPublicProfiles } from '../search/profiles';
import { requireMember } from '../session/member';
import { findByClientId, listMessages, membership, messagePrice, storeMessage } from './messages';

/**
 * GET/POST /api/messages.php (read a conversation paged backwards, send), POST /api/read.php,
 * GET /api/message_cost.php, POST /api/typing.php.
 */
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
    // The other member as the member sees them; gone or blocked (either way): no conversation.
    const profile = (await loadPublicProfiles(app.db, request.site, memberId, [m.otherId])).get(m.otherId);
    if (!profile) throw new HttpError(404, 'not_found', 'This conversation does not exist', 'conversation');
    return MessagesResponseSchema.parse({ ...(await listMessages(app.db, m, q.before, q.limit)), profile });
  });

  app.post('/api/messages.php', async (request, reply) => {
    const memberId = requireMember(request);
    parseInput(SendTargetSchema, request.body);
    const input = parseInput(SendMessageRequestSchema, request.body);
    if (sendLimit) {
      const limit = await sendLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new HttpError(429, 'rate_limited', `Too many messages: try again in ${limit.ttlInSeconds} s`);
      }
    }
    const site = request.site;
    const { sent, sender, fresh } = await app.db.transaction(async (tx) => {
      let conversation = input.conversation;
      if (conversation === undefined) {
        // The first message to a member creates the conversation (in this transaction: no message, no conversation).
        await assertNotBlocked(tx, memberId, input.profile!);
        conversation = await startChat(tx, site, memberId, input.profile!);
      }
      // Locks the sender's side: sends of one member in one conversation are serialized, so the
      // same client_id sent twice at once is found by the second.
      const m = await membership(tx, conversation, memberId, true);
      if (input.client_id) {
        const again = await findByClientId(tx, memberId, input.client_id);
        if (again) {
          if (again.conversation !== conversation) {
            throw new HttpError(400, 'invalid_input', 'client_id: already used for another conversation', 'client_id');
          }
          const { rows } = await tx.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [memberId]);
          return { sent: { message: again, credits: rows[0]!.credits }, sender: null, fresh: false };
        }
      }
      // One query: both members, whether either blocked the other, and the sender's price.
      const { rows } = await tx.query<{ id: number; name: string; status: string; blocked: boolean }>(
        `SELECT id, name, status, ${blockedPairSql('$2::int', '$3::int')} AS blocked FROM members WHERE id = ANY($1::int[])`,
        [[memberId, m.otherId], memberId, m.otherId],
      );
      const sender = rows.find((r) => r.id === memberId)!;
      const recipient = rows.find((r) => r.id === m.otherId);
      if (!recipient || recipient.status === 'deleted') {
        throw new HttpError(410, 'recipient_gone', 'This member has left; the message was not sent');
      }
      if (sender.blocked) throw new HttpError(403, 'blocked', 'You cannot contact this member');
      const cost = await messagePrice(tx, memberId);
      const sent = await storeMessage(tx, m, input.msg, cost.credits, input.client_id ?? null);
      await notifyMessage(tx, m.otherId, memberId, conversation);
      // To the recipient, and the sender's other open pages: the message travels with the event
      // when it fits a NOTIFY payload (the hub then needs no query to deliver it).
      const payload = Buffer.byteLength(JSON.stringify(sent.message)) < 7000 ? sent.message : undefined;
      await publishEvent(tx, { type: 'message', member: m.otherId, message: sent.message.id, payload });
      await publishEvent(tx, { type: 'message', member: memberId, message: sent.message.id, payload });
      return { sent, sender: { ...sender, recipientId: m.otherId, conversation }, fresh: true };
    });
    if (fresh && sender) {
      void pushInBackground(app, sender.recipientId, {
        type: 'message',
        sender: { id: memberId, name: sender.name },
        conversation: sender.conversation,
      });
    }
    return SendMessageResponseSchema.parse(sent);
  });

  app.get('/api/message_cost.php', async (request) => {
    const memberId = requireMember(request);
    const price = await messagePrice(app.db, memberId);
    return MessageCostResponseSchema.parse({
      credits_per_message: price.credits,
      price: { amount: price.amount, currency: price.currency },
      balance: price.balance,
    });
  });

  app.post('/api/typing.php', async (request) => {
    const memberId = requireMember(request);
    const { conversation } = parseInput(TypingRequestSchema, request.body);
    const m = await membership(app.db, conversation, memberId);
    // Nothing is stored; a blocked pair hears nothing (and is not told why).
    if (await isBlockedPair(app.db, memberId, m.otherId)) return TypingResponseSchema.parse({ sent: false });
    await publishEvent(app.db, { type: 'typing', member: m.otherId, conversation, profile: memberId });
    return TypingResponseSchema.parse({ sent: true });
  });

  app.post('/api/read.php', async (request) => {
    const memberId = requireMember(request);
    const { conversation } = parseInput(MarkReadRequestSchema, request.body);
    await markRead(app.db, memberId, conversation);
    return MarkReadResponseSchema.parse({ num_unread_messages: 0 });
  });
}
