// Search, profiles, likes, chats, messages, notifications and live events (spec §3, §4, §7).
import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { RowIdParamSchema } from './ids';
import { GenderSchema, PublicProfileSchema } from './user';
import { MAX_AGE, MESSAGE_MAX, MIN_AGE, REPORT_CATEGORIES, REPORT_TEXT_MAX, SEARCH_MAX_PAGE, SEARCH_SORTS } from '../rules';

/** The id of a member, conversation or message: a positive PostgreSQL integer. */
const rowId = RowIdParamSchema;

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true')
  .optional();
const age = z.coerce.number().int().min(MIN_AGE).max(MAX_AGE);

/** GET /api/search.php query (spec §7). */
export const SearchQuerySchema = z.object({
  source: z.string().max(50).optional(),
  pp: z.coerce.number().int().min(1).max(48).optional(),
  auto_load: flag,
  hideNudity: flag,
  searchAllCountries: flag,
  trafficsource: z.string().max(100).optional(),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
  countryregion: z.string().max(100).optional(),
  min_age: age.optional(),
  max_age: age.optional(),
  gender: GenderSchema.optional(),
  /** Online now only (an open page of the site), whatever the order. */
  online: flag,
  /**
   * The order: `personal` (the default: near the searcher first, then with a photo, recently
   * active, new members for their first days), `newest` (signup, newest first), `online` (online
   * now first, then the personal order).
   */
  sort: z.enum(SEARCH_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
  manual_search: flag,
  do_not_save: flag,
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;

const option = <T extends z.ZodType>(value: T) => z.object({ value, count: z.number().int().nonnegative() });
export const SearchResponseSchema = z.object({
  profiles: z.array(PublicProfileSchema),
  paging: z.object({
    num_results: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  }),
  filter_options: z.object({
    gender: z.array(option(GenderSchema)),
    min_age: z.number().int(),
    max_age: z.number().int(),
    country: z.array(option(z.string())),
    countryregion: z.array(option(z.string())),
  }),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** GET /api/profile.php?id=: one member's public profile. */
export const ProfileQuerySchema = z.object({
  id: rowId,
  /** A visitor's traffic source: where the site lets visitors with one search, they may see profiles too. */
  trafficsource: z.string().max(200).optional(),
});
export const ProfileResponseSchema = z.object({ profile: PublicProfileSchema });

/** GET /api/likes.php (spec §3): profiles I like; members who like me, new ones first. */
export const LikedByProfileSchema = PublicProfileSchema.extend({ like_new: z.boolean() });
export const LikesResponseSchema = z.object({
  profiles: z.array(PublicProfileSchema),
  liked_by: z.array(LikedByProfileSchema),
});
export type LikesResponse = z.infer<typeof LikesResponseSchema>;
/** POST /api/likes.php (like), DELETE /api/likes.php (unlike): the profile id. */
export const LikeRequestSchema = z.object({ profile: rowId });
export const LikeResponseSchema = z.object({ liked: z.boolean() });
/**
 * POST /api/likes.php: the like, and whether this like made a match (the liked member already
 * liked the member back, and this call created the like: liking again is not a new match).
 */
export const LikeCreatedResponseSchema = LikeResponseSchema.extend({ match: z.boolean() });
export type LikeCreatedResponse = z.infer<typeof LikeCreatedResponseSchema>;
/** PUT /api/likes.php: opening a like's profile sets like_new false. */
export const LikeSeenRequestSchema = z.object({ profile: rowId, like_new: z.literal(false) });

/** GET /api/chats.php: conversations with unread counts. */
export const ChatListItemSchema = z.object({
  conversation: z.object({
    id: z.number().int(),
    last_message: z.string().nullable(),
    last_message_at: z.string().nullable(),
  }),
  profile: PublicProfileSchema,
  num_unread_messages: z.number().int().nonnegative(),
});
export const ChatsResponseSchema = z.object({ chats: z.array(ChatListItemSchema) });
export type ChatListItem = z.infer<typeof ChatListItemSchema>;
/**
 * GET /api/chat.php?profile=: the conversation with that member, or null when there is none yet.
 * Looking creates nothing: a conversation starts with its first message (POST messages.php with
 * `profile`), so a visit (or a cross-site link) never shows the other member an empty chat.
 */
export const ChatStartQuerySchema = z.object({ profile: rowId });
export const ChatStartResponseSchema = z.object({ id: z.number().int().nullable() });
/** DELETE /api/chat.php: remove a conversation (only its two members may). */
export const ChatDeleteRequestSchema = z.object({ conversation: rowId });
export const ChatDeleteResponseSchema = z.object({ deleted: z.literal(true) });

/** A message (spec §3: conversation, msg). */
export const MessageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  sender: z.number().int(),
  msg: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  /** The id the sending browser gave the message (idempotent send); null for older messages. */
  client_id: z.string().nullable().optional(),
});
export type Message = z.infer<typeof MessageSchema>;
/** GET /api/messages.php?conversation=&before=&limit=: newest first page, then older (paged backwards). */
export const MessagesQuerySchema = z.object({
  conversation: rowId,
  before: rowId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
/** `profile`: the other member of the conversation, as the member sees them. */
export const MessagesResponseSchema = z.object({
  messages: z.array(MessageSchema),
  has_more: z.boolean(),
  profile: PublicProfileSchema,
});
export type MessagesResponse = z.infer<typeof MessagesResponseSchema>;
/**
 * POST /api/messages.php: send to a conversation, or to a member (`profile`: the conversation is
 * created with this first message). Costs credits by the sender's billing country and site
 * (minimum_message_costs), never by the editable profile country or the request host. `client_id`
 * (a UUID made by the browser) makes the send idempotent: the same id twice is one message and one
 * charge, and the second answer is the first message.
 */
/** Where a message goes: exactly one of conversation and profile (checked first: {} names conversation). */
export const SendTargetSchema = z
  .object({ conversation: rowId.optional(), profile: rowId.optional() })
  .refine((v) => (v.conversation === undefined) !== (v.profile === undefined), {
    message: 'Give either conversation or profile',
    path: ['conversation'],
  });
export const SendMessageRequestSchema = z
  .object({
    conversation: rowId.optional(),
    profile: rowId.optional(),
    msg: z.string().trim().min(1, 'Value is required').max(MESSAGE_MAX),
    client_id: z.uuid().optional(),
  })
  .and(SendTargetSchema);
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;
export const SendMessageResponseSchema = z.object({ message: MessageSchema, credits: z.number().int().nonnegative() });
/** POST /api/read.php: mark a conversation read; its unread count becomes 0. */
export const MarkReadRequestSchema = z.object({ conversation: rowId });
export const MarkReadResponseSchema = z.object({ num_unread_messages: z.literal(0) });

/** GET /api/notifications.php */
export const NotificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(['like', 'message', 'account']),
  created_at: z.string(),
  read: z.boolean(),
  profile: PublicProfileSchema.nullable(),
  /** Message key of an account notice (e.g. 'email-change-incorrect'), null otherwise. */
  notice: z.string().nullable(),
  /**
   * Words that go with the notice, already in the member's language: for `moderation-rejected-*`
   * the reason the moderator gave. Absent or null for other notices.
   */
  detail: z.string().nullable().optional(),
  conversation: z.number().int().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationSchema>;
export const NotificationsResponseSchema = z.object({ notifications: z.array(NotificationSchema) });
/** PUT /api/notifications.php: mark every notification read; answers the list. */
export const NotificationsReadRequestSchema = z.object({ read: z.literal(true) });

/** GET /api/message_cost.php: what one message costs the member, and their balance. */
export const MessageCostResponseSchema = z.object({
  /** Credits one message costs (1 credit = 0.01 of the currency). */
  credits_per_message: z.number().int().nonnegative(),
  /** The same in the site's currency, e.g. 3.99 EUR. */
  price: z.object({ amount: z.number().nonnegative(), currency: z.string() }),
  /** Below zero after a chargeback of spent credits (then nothing can be sent). */
  balance: z.number().int(),
});
export type MessageCost = z.infer<typeof MessageCostResponseSchema>;

/** POST /api/typing.php: the member is typing in the conversation (the other member's pages hear it). */
export const TypingRequestSchema = z.object({ conversation: rowId });
export const TypingResponseSchema = z.object({ sent: z.boolean() });

/**
 * GET /api/presence.php?profile=: whether a member one has a conversation with is online, city
 * level at most (never coordinates). `hidden` when they hide their presence or there is no
 * conversation with them.
 */
export const PresenceQuerySchema = z.object({ profile: rowId });
export const PresenceSchema = z.object({
  profile: z.number().int(),
  hidden: z.boolean(),
  online: z.boolean(),
  last_seen: z.string().nullable(),
  city: z.string().nullable(),
});
export type Presence = z.infer<typeof PresenceSchema>;
/** GET /api/privacy.php, PUT /api/privacy.php: the member's own presence setting. */
export const PrivacySchema = z.object({ hide_presence: z.boolean() });
export type Privacy = z.infer<typeof PrivacySchema>;

/** POST /api/block.php (block), DELETE /api/block.php (unblock): the member's id. */
export const BlockRequestSchema = z.object({ profile: rowId });
export const BlockResponseSchema = z.object({ blocked: z.boolean() });
/** GET /api/blocks.php: the ids of members the member has blocked, newest first. */
export const BlocksResponseSchema = z.object({ blocked: z.array(z.number().int()) });

export const ReportCategorySchema = z.enum(REPORT_CATEGORIES);
export type ReportCategory = z.infer<typeof ReportCategorySchema>;
/** POST /api/report.php: report a member, or one of their messages; stored and mailed to support. */
export const ReportRequestSchema = z.object({
  profile: rowId,
  message: rowId.optional(),
  category: ReportCategorySchema,
  text: z.string().trim().max(REPORT_TEXT_MAX).optional(),
});
export type ReportRequest = z.input<typeof ReportRequestSchema>;
export const ReportResponseSchema = z.object({ reported: z.literal(true) });

/** GET /api/events.php: server-sent events; `event:` is the type, `data:` this JSON. */
export const LiveEventSchema = z.discriminatedUnion('type', [
  /** A new message, to the recipient and to the sender's other pages. */
  z.object({ type: z.literal('message'), conversation: z.number().int(), message: MessageSchema }),
  z.object({ type: z.literal('like'), profile: z.number().int() }),
  /** `reader` read the conversation up to message `up_to` (to the other member: read receipts; to the reader's other pages). */
  z.object({ type: z.literal('read'), conversation: z.number().int(), reader: z.number().int(), up_to: z.number().int() }),
  /** The other member is typing in the conversation. */
  z.object({ type: z.literal('typing'), conversation: z.number().int(), profile: z.number().int() }),
  /** A member one has a conversation with came online or went away. */
  z.object({ type: z.literal('presence'), presence: PresenceSchema }),
  /** A conversation left the member's list (deleted on another page, or a block). */
  z.object({ type: z.literal('chat_removed'), conversation: z.number().int() }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** GET /api/xcams/search.php: webcam tiles (spec §3: cams map with account). */
export const XcamsQuerySchema = z.object({
  gender: GenderSchema.optional(),
  min_age: age.optional(),
  max_age: age.optional(),
});
export const CamSchema = z.object({
  account: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  thumb: z.string(),
  online: z.boolean(),
});
export const XcamsResponseSchema = z.object({ cams: z.record(z.string(), CamSchema) });
/** GET /api/xcams/redirect.php?account=: 302 to the partner's page of that webcam. */
export const XcamsRedirectQuerySchema = z.object({ account: z.string().regex(/^[a-z0-9_-]{1,64}$/) });

/**
 * GET /api/resellpartner.php?flow=&redirect=: the partner of a resell flow (spec member_resell).
 * redirect (default on) answers 302 to the partner; redirect=0 answers its URL as JSON.
 */
export const ResellPartnerQuerySchema = z.object({
  flow: z.string().regex(/^[a-z0-9_-]{1,50}$/),
  redirect: flag,
});
export const ResellPartnerResponseSchema = z.object({ url: z.url() });

/**
 * The payload of a Web Push notice (decrypted by the service worker). `title` and `body` are in
 * the recipient's language; `url` is the page to open on click (same origin).
 */
export const PushPayloadSchema = z.object({
  type: z.enum(['message', 'like']),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** Notices with the same tag replace each other (one per conversation, one for likes). */
  tag: z.string(),
  sender: z.object({ id: z.number().int(), name: z.string() }),
  conversation: z.number().int().nullable(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
