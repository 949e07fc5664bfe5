import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { blockedPairSql } from '../profiles/visibility';
import { assertNotBlocked, isBlockedPair } from '../safety/blocks';
import { publishEvent, publishEvents } from '../events/publish';
import { assertFirstMessageQuota } from '../desk/standing';
import { HttpError, parseInput } from '../http/errors';
import { notifyMessage } from '../notifications/notifications';
import { loadPublicProfiles } from '../profiles/profiles';
import { findByClientId, listMessages, membership, messagePrice, storeMessage } from './messages';
import { registerMemberHooks } from '../account/lifecycle';
import { messagesMemberHooks } from './lifecycle';

/**
 * GET/POST /api/messages.php (read a conversation paged backwards, send), POST /api/read.php,
 * GET /api/message_cost.php, POST /api/typing.php.
 */
export const messagesPlugin: FastifyPluginAsyncZod = async (app) => {
  registerMemberHooks('messages', messagesMemberHooks);
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
      const memberId = request.memberId;
      const m = await membership(app.db, q.conversation, memberId);
      // The other member as the member sees them; gone or blocked (either way): no conversation.
      const profile = (await loadPublicProfiles(app.db, request.site, memberId, [m.otherId])).get(m.otherId);
      if (!profile) throw new HttpError(404, 'not_found', 'This conversation does not exist', 'conversation');
      return { ...(await listMessages(app.db, m, q.before, q.limit)), profile };
    },
  );

  app.post(
    '/api/messages.php',
    {
      // 429 beyond RATE_LIMITS.messageSend a minute per member (src/http/ratelimit.ts).
      config: { access: 'member', limit: 'messageSend' },
      // Which of conversation/profile is missing (or both given) is named before the message's own problems.
      preValidation: async (request) => {
        parseInput(SendTargetSchema, request.body);
      },
      schema: {
        tags: ['chats'],
        summary: 'Send a message (to a conversation, or to a profile: the first message starts the conversation); costs credits, charged atomically; a client_id sent again answers the message it made.',
        body: SendMessageRequestSchema,
        response: { 200: SendMessageResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const input = request.body;
      const site = request.site;
      const { sent, sender, fresh } = await app.db.transaction(async (tx) => {
        let conversation = input.conversation;
        if (conversation === undefined) {
          // The first message to a member creates the conversation (in this transaction: no message, no conversation).
          await assertNotBlocked(tx, memberId, input.profile!);
          conversation = await startChat(tx, site, memberId, input.profile!);
          // Starting a conversation counts against the member's first messages of the day (fewer
          // under the automatic measure on much-reported members, src/desk/standing.ts).
          await assertFirstMessageQuota(tx, memberId, conversation);
        }
        // Locks the sender's side: sends of one member in one conversation are serialized, so the
        // same client_id sent twice at once is found by the second.
        const m = await membership(tx, conversation, memberId, true);
        /** The answer to a client_id already used: the message it made (one message, one charge). */
        const repeat = async () => {
          const again = (await findByClientId(tx, memberId, input.client_id!))!;
          if (again.conversation !== conversation) {
            throw new HttpError(400, 'invalid_input', 'client_id: already used for another conversation', 'client_id');
          }
          const { rows } = await tx.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [memberId]);
          return { sent: { message: again, credits: rows[0]!.credits }, sender: null, fresh: false };
        };
        // One query: both members, whether either blocked the other, and whether this client_id
        // already made a message (a retry: answered before anything is checked or charged again).
        const { rows } = await tx.query<{ id: number; name: string; status: string; blocked: boolean; repeat: boolean; complete: boolean; fictional: boolean; site_run_protected: boolean }>(
          `SELECT id, name, status, ${blockedPairSql('$2::int', '$3::int')} AS blocked, fictional,
                  gender IS NOT NULL AND date_of_birth IS NOT NULL AS complete,
                  (site_run_blocked_self OR site_run_blocked_support) AS site_run_protected,
                  $4::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM messages WHERE sender_id = $2 AND client_id = $4::uuid) AS repeat
             FROM members WHERE id = ANY($1::int[])`,
          [[memberId, m.otherId], memberId, m.otherId, input.client_id ?? null],
        );
        const sender = rows.find((r) => r.id === memberId)!;
        if (sender.repeat) return repeat();
        const recipient = rows.find((r) => r.id === m.otherId);
        if (!recipient || recipient.status === 'deleted') {
          throw new HttpError(410, 'recipient_gone', 'This member has left; the message was not sent');
        }
        if (sender.blocked) throw new HttpError(403, 'blocked', 'You cannot contact this member');
        // Signup steps may be skipped (spec §4), but only a member with a gender and a date of birth
        // (so, of age) writes to others: 409, nothing stored or charged, the composer leads to the profile.
        if (!sender.complete) {
          throw new HttpError(409, 'profile_incomplete', 'Add your gender and date of birth to your profile before you send messages');
        }
        // A member protected from site-run profiles (their choice, or support's) neither pays for
        // nor receives their messages (docs/site-run-profiles.md).
        if (recipient.fictional && sender.site_run_protected) {
          throw new HttpError(403, 'site_run_protected', 'You receive no messages from profiles the site runs, so you cannot write to this one');
        }
        const cost = await messagePrice(tx, memberId);
        const sent = await storeMessage(tx, m, input.msg, cost.credits, input.client_id ?? null);
        if (!sent) return repeat();
        await notifyMessage(tx, m.otherId, memberId, conversation);
        // To the recipient, and the sender's other open pages, in one round trip: the message
        // travels with the event when it fits a NOTIFY payload (the hub then needs no query to deliver it).
        const payload = Buffer.byteLength(JSON.stringify(sent.message)) < 7000 ? sent.message : undefined;
        await publishEvents(tx, [
          { type: 'message', member: m.otherId, message: sent.message.id, payload },
          { type: 'message', member: memberId, message: sent.message.id, payload },
        ]);
        return { sent, sender: { ...sender, recipientId: m.otherId, conversation }, fresh: true };
      });
      if (fresh && sender) {
        void app.pushInBackground(sender.recipientId, {
          type: 'message',
          sender: { id: memberId, name: sender.name },
          conversation: sender.conversation,
        });
      }
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

  app.get(
    '/api/message_cost.php',
    {
      config: { access: 'member' },
      schema: { tags: ['chats'], summary: "What a message costs the member, and the member's balance.", response: { 200: MessageCostResponseSchema } },
    },
    async (request) => {
      const price = await messagePrice(app.db, request.memberId);
      return { credits_per_message: price.credits, price: { amount: price.amount, currency: price.currency }, balance: price.balance };
    },
  );

  app.post(
    '/api/typing.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chats'],
        summary: 'Tell the other member of a conversation that I am typing (a live event; nothing is stored).',
        body: TypingRequestSchema,
        response: { 200: TypingResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const { conversation } = request.body;
      const m = await membership(app.db, conversation, memberId);
      // Nothing is stored; a blocked pair hears nothing (and is not told why).
      if (await isBlockedPair(app.db, memberId, m.otherId)) return { sent: false };
      await publishEvent(app.db, { type: 'typing', member: m.otherId, conversation, profile: memberId });
      return { sent: true };
    },
  );
};
