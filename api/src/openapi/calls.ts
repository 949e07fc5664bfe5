import { z } from 'zod';
import * as C from '@dating/shared';
import { MailboxQuerySchema } from '../mail/plugin';
import { DiscountQuerySchema } from '../catalog/plugin';
import { WebManifestSchema } from '../webmanifest/plugin';
import { CheckoutChoiceSchema, PricingQuerySchema, WebhookBodySchema } from '../commerce/plugin';

/**
 * Every call of the API, as the reference documents it. The schemas are the contract's (shared/),
 * the same ones the routes validate with and the browser client parses with; test/openapi.test.ts
 * checks that every route the app registers is listed here and every call listed here is served.
 */

/** PUT /api/user.php with a profile (the second member of UserUpdateSchema). */
export const ProfileUpdateBodySchema = z.object({ profile: C.ProfileUpdateSchema });

/** Schemas defined in the API rather than the contract, by the name the reference gives them. */
export const LOCAL_SCHEMAS: Record<string, z.ZodType> = {
  ProfileUpdateBody: ProfileUpdateBodySchema,
  DiscountQuery: DiscountQuerySchema,
  MailboxQuery: MailboxQuerySchema,
  WebManifest: WebManifestSchema,
  PricingQuery: PricingQuerySchema,
  WebhookBody: WebhookBodySchema,
  CheckoutChoice: CheckoutChoiceSchema,
};

export type Access = 'public' | 'member' | 'optional' | 'operator' | 'development';

export interface Variant {
  /** What selects this variant of the call, e.g. `?new=1`. */
  when?: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** JSON answer; omitted for redirects, pages, files and streams (see `answers`). */
  response?: z.ZodType;
  /** Non-JSON answers: 302 redirect, an HTML page, an image, an event stream, 204. */
  answers?: 'redirect' | 'html' | 'jpeg' | 'png' | 'svg' | 'event-stream' | 'no-content' | 'web-manifest';
  multipart?: boolean;
}

export interface CallDoc {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's path (`:name` for a path parameter). */
  path: string;
  tag: 'site' | 'auth' | 'account' | 'photos' | 'catalog' | 'content' | 'search' | 'likes' | 'chats' | 'notifications' | 'events' | 'partners' | 'commerce' | 'operator' | 'development';
  access: Access;
  /** Answers 429 beyond its per-address limit (src/http/ratelimit.ts). */
  rateLimited?: boolean;
  /** Exempt from the double-submit CSRF header (bearer token, beacon). */
  noCsrf?: boolean;
  variants: Variant[];
}

export const CALLS: CallDoc[] = [
  // ---- site -------------------------------------------------------------------------------------
  { method: 'GET', path: '/api/settings.php', tag: 'site', access: 'public', variants: [{ summary: 'Settings, flags, theme and company of the site of the original host.', response: C.SiteSettingsResponseSchema }] },
  { method: 'GET', path: '/api/remotes.php', tag: 'site', access: 'public', variants: [{ summary: "The site's remote registry: remote name → mf-manifest.json URL.", response: C.RemoteRegistrySchema }] },
  { method: 'GET', path: '/api/manifest.webmanifest', tag: 'site', access: 'public', variants: [{ summary: "The site's web app manifest (served at /manifest.webmanifest).", answers: 'web-manifest' }] },
  { method: 'GET', path: '/api/icons/:file', tag: 'site', access: 'public', variants: [{ summary: "The site's app icons: 192.png, 512.png, maskable-512.png, and favicon.png (served at /favicon.ico).", answers: 'png' }] },
  { method: 'PUT', path: '/api/admin/remotes.php', tag: 'operator', access: 'operator', noCsrf: true, variants: [{ summary: 'Point one remote of the site at a new manifest (Authorization: Bearer ADMIN_TOKEN).', body: C.RemoteRegistryUpdateSchema, response: C.RemoteRegistrySchema }] },

  // ---- auth -------------------------------------------------------------------------------------
  { method: 'GET', path: '/api/user.php', tag: 'auth', access: 'optional', variants: [{ summary: 'The logged-in member, or user null.', response: C.UserResponseSchema }] },
  { method: 'POST', path: '/api/login.php', tag: 'auth', access: 'public', rateLimited: true, variants: [{ summary: 'Log in (opens a session; the same 401 for an unknown address and a wrong password).', body: C.LoginRequestSchema, response: C.LoginResponseSchema }] },
  { method: 'GET', path: '/api/logout.php', tag: 'auth', access: 'optional', variants: [{ summary: "Log out; answers 'done'.", response: C.LogoutResponseSchema }] },

  // ---- account ----------------------------------------------------------------------------------
  {
    method: 'POST',
    path: '/api/user.php',
    tag: 'account',
    access: 'optional',
    rateLimited: true,
    variants: [
      { when: '?new=1', summary: 'Sign up: creates the member (not confirmed), logs in, queues the activation mail. 400 signup_failed for an address that cannot sign up.', body: C.SignupRequestSchema, response: C.SignupResponseSchema },
      { when: '?push=1', summary: 'Add a Web Push subscription of the logged-in member (403 when logged out).', body: C.PushSubscriptionSchema, response: C.PushSubscribeResponseSchema },
    ],
  },
  {
    method: 'PUT',
    path: '/api/user.php',
    tag: 'account',
    access: 'member',
    variants: [
      { when: 'a location', summary: "Save the location: a country of the site, a region of it (name or id), a city.", body: C.LocationUpdateSchema, response: C.UserUpdateResponseSchema },
      { when: '{ profile }', summary: 'Save profile fields and the signup step reached (lastSignupStep).', body: ProfileUpdateBodySchema, response: C.UserUpdateResponseSchema },
    ],
  },
  { method: 'DELETE', path: '/api/user.php', tag: 'account', access: 'member', rateLimited: true, variants: [{ summary: "Delete the account (password confirms); logs out; answers 'done'. The address's status becomes deleted.", body: C.AccountDeleteSchema, response: C.LogoutResponseSchema }] },
  { method: 'GET', path: '/api/validate_email.php', tag: 'account', access: 'public', rateLimited: true, variants: [{ summary: 'Status of an address (new, active, not_confirmed, deleted, invalid), normalized, with a token for signup.', query: C.ValidateEmailQuerySchema, response: C.ValidateEmailResponseSchema }] },
  {
    method: 'GET',
    path: '/api/activate.php',
    tag: 'account',
    access: 'optional',
    variants: [
      { when: 'no token', summary: 'Polled after signup: delivered once the activation mail has left the outbox (403 when logged out).', response: C.ActivateStatusSchema },
      { when: '?token=', summary: 'The activation link of the mail: 302 to /activate/done, or /activate/error for an unknown, used or expired token.', query: C.ActivateLinkQuerySchema, answers: 'redirect' },
    ],
  },
  {
    method: 'POST',
    path: '/api/password_reset.php',
    tag: 'account',
    access: 'public',
    rateLimited: true,
    variants: [
      { summary: 'Ask for a reset mail. Always sent: true, at once; the mail goes only to an existing account.', body: C.PasswordResetRequestSchema, response: C.PasswordResetRequestResponseSchema },
      { when: '?do=1', summary: 'Set a new password with the token of the mail (single use, 1 hour); ends the other sessions.', body: C.PasswordResetDoSchema, response: C.PasswordResetDoResponseSchema },
    ],
  },
  { method: 'PUT', path: '/api/mail_change.php', tag: 'account', access: 'member', rateLimited: true, variants: [{ summary: 'Ask to change the address (password confirms); a confirmation mail goes to the new address.', body: C.MailChangeRequestSchema, response: C.MailChangeRequestResponseSchema }] },
  { method: 'POST', path: '/api/mail_change.php', tag: 'account', access: 'public', variants: [{ summary: 'Confirm the new address with the token of the mail (single use, 24 hours).', body: C.MailChangeDoSchema, response: C.MailChangeDoResponseSchema }] },

  // ---- photos -----------------------------------------------------------------------------------
  { method: 'POST', path: '/api/profileimage.php', tag: 'photos', access: 'member', variants: [{ summary: `Upload a photo: multipart field file, PNG or JPEG by content, at most ${C.PROFILE_IMAGE_MAX_BYTES / 1048576} MB (413 beyond). Re-encoded without metadata; a thumbnail and a large version; the first becomes the main image.`, multipart: true, response: C.ProfileImageResponseSchema }] },
  { method: 'GET', path: '/api/images/:name', tag: 'photos', access: 'public', variants: [{ summary: "A photo file (the site's cdn_prefix + thumb_filename); immutable.", answers: 'jpeg' }] },

  // ---- catalog ----------------------------------------------------------------------------------
  { method: 'GET', path: '/api/profile_fields.php', tag: 'catalog', access: 'public', variants: [{ summary: "Allowed values of the site's configurable profile fields.", response: C.ProfileFieldsResponseSchema }] },
  { method: 'GET', path: '/api/regions.php', tag: 'catalog', access: 'public', variants: [{ summary: 'Regions per country of the site.', response: C.RegionsResponseSchema }] },
  { method: 'GET', path: '/api/interests.php', tag: 'catalog', access: 'public', variants: [{ summary: 'Interests, named in the request language (locale cookie, else the member’s, else the site’s).', response: C.InterestsResponseSchema }] },
  { method: 'GET', path: '/api/lander.php', tag: 'content', access: 'public', variants: [{ summary: 'The campaign of /landers/{kind}/{slug} in the visitor\'s language, the active members of its target group (city level, never coordinates) and, for maplanding, member counts per city on a dot map of the visitor\'s country. 404 for an unknown slug or a kind the campaign does not use.', query: C.LanderQuerySchema, response: C.LanderResponseSchema }] },
  { method: 'POST', path: '/api/complaints.php', tag: 'content', access: 'optional', rateLimited: true, variants: [{ summary: 'A complaint (members: their account\'s address; visitors: `email` is required). Stored, confirmed by mail in `language`, and sent to the site\'s support address.', body: C.ComplaintRequestSchema, response: C.ComplaintResponseSchema }] },
  { method: 'GET', path: '/api/companyinfo.php', tag: 'catalog', access: 'public', variants: [{ summary: 'The company behind the site.', response: C.CompanyInfoSchema }] },
  { method: 'GET', path: '/api/discountcode.php', tag: 'catalog', access: 'optional', variants: [{ summary: 'welcome=true: the member’s welcome code (null when none or logged out); else a code looked up by code or network; other parameters are ignored.', query: DiscountQuerySchema, response: C.DiscountCodeResponseSchema }] },
  { method: 'GET', path: '/api/geocode.php', tag: 'catalog', access: 'public', variants: [{ summary: 'Offline reverse geocoding: the nearest city (within 100 km) in the site’s countries, with its region; all null otherwise.', query: C.GeocodeQuerySchema, response: C.GeocodeResponseSchema }] },

  // ---- search, profiles -------------------------------------------------------------------------
  { method: 'GET', path: '/api/search.php', tag: 'search', access: 'optional', variants: [{ summary: 'Search profiles (12 a page) with paging and filter options.', query: C.SearchQuerySchema, response: C.SearchResponseSchema }] },
  { method: 'GET', path: '/api/profile.php', tag: 'search', access: 'optional', variants: [{ summary: "One member's public profile.", query: C.ProfileQuerySchema, response: C.ProfileResponseSchema }] },

  // ---- likes ------------------------------------------------------------------------------------
  { method: 'GET', path: '/api/likes.php', tag: 'likes', access: 'member', variants: [{ summary: 'Profiles I like, and members who like me (new ones first).', response: C.LikesResponseSchema }] },
  { method: 'POST', path: '/api/likes.php', tag: 'likes', access: 'member', variants: [{ summary: 'Like a profile.', body: C.LikeRequestSchema, response: C.LikeResponseSchema }] },
  { method: 'DELETE', path: '/api/likes.php', tag: 'likes', access: 'member', variants: [{ summary: 'Unlike a profile.', body: C.LikeRequestSchema, response: C.LikeResponseSchema }] },
  { method: 'PUT', path: '/api/likes.php', tag: 'likes', access: 'member', variants: [{ summary: 'Mark a received like seen (like_new false).', body: C.LikeSeenRequestSchema, response: C.LikeResponseSchema }] },

  // ---- chats, messages --------------------------------------------------------------------------
  { method: 'GET', path: '/api/chats.php', tag: 'chats', access: 'member', variants: [{ summary: 'Conversations with unread counts.', response: C.ChatsResponseSchema }] },
  { method: 'GET', path: '/api/chat.php', tag: 'chats', access: 'member', variants: [{ summary: 'The conversation with a member, or id null when there is none yet (creates nothing: the first message does). 403 blocked.', query: C.ChatStartQuerySchema, response: C.ChatStartResponseSchema }] },
  { method: 'DELETE', path: '/api/chat.php', tag: 'chats', access: 'member', variants: [{ summary: 'Remove a conversation (only its two members may).', body: C.ChatDeleteRequestSchema, response: C.ChatDeleteResponseSchema }] },
  { method: 'GET', path: '/api/messages.php', tag: 'chats', access: 'member', variants: [{ summary: 'Messages of a conversation, newest first, paged backwards.', query: C.MessagesQuerySchema, response: C.MessagesResponseSchema }] },
  { method: 'POST', path: '/api/messages.php', tag: 'chats', access: 'member', rateLimited: true, variants: [{ summary: "Send a message to a conversation, or the first one to a member (profile: creates the conversation). Costs credits by the sender's billing country and site, charged atomically; the same client_id twice is one message and one charge. 402 insufficient_credits, 403 blocked, 410 recipient_gone.", body: C.SendMessageRequestSchema, response: C.SendMessageResponseSchema }] },
  { method: 'GET', path: '/api/message_cost.php', tag: 'chats', access: 'member', variants: [{ summary: 'What one message costs the member (credits and site currency) and their balance.', response: C.MessageCostResponseSchema }] },
  { method: 'POST', path: '/api/typing.php', tag: 'chats', access: 'member', variants: [{ summary: "The member is typing: a typing event to the other member's pages (stored nowhere).", body: C.TypingRequestSchema, response: C.TypingResponseSchema }] },
  { method: 'GET', path: '/api/presence.php', tag: 'chats', access: 'member', variants: [{ summary: 'Online now / last seen of a member one has a conversation with, city level; hidden when they hide it.', query: C.PresenceQuerySchema, response: C.PresenceSchema }] },
  { method: 'GET', path: '/api/privacy.php', tag: 'account', access: 'member', variants: [{ summary: "The member's presence setting.", response: C.PrivacySchema }] },
  { method: 'PUT', path: '/api/privacy.php', tag: 'account', access: 'member', variants: [{ summary: 'Hide or show one\'s presence (online now / last seen).', body: C.PrivacySchema, response: C.PrivacySchema }] },
  { method: 'POST', path: '/api/block.php', tag: 'chats', access: 'member', variants: [{ summary: 'Block a member: neither sees the other in search, likes, chats, notifications; no messages either way (403).', body: C.BlockRequestSchema, response: C.BlockResponseSchema }] },
  { method: 'DELETE', path: '/api/block.php', tag: 'chats', access: 'member', variants: [{ summary: "Lift one's own block of a member.", body: C.BlockRequestSchema, response: C.BlockResponseSchema }] },
  { method: 'GET', path: '/api/blocks.php', tag: 'chats', access: 'member', variants: [{ summary: 'Members the member blocked.', response: C.BlocksResponseSchema }] },
  { method: 'POST', path: '/api/report.php', tag: 'chats', access: 'member', variants: [{ summary: "Report a member or one of their messages: stored for the operator and mailed to the site's support address.", body: C.ReportRequestSchema, response: C.ReportResponseSchema }] },
  { method: 'POST', path: '/api/read.php', tag: 'chats', access: 'member', variants: [{ summary: 'Mark a conversation read.', body: C.MarkReadRequestSchema, response: C.MarkReadResponseSchema }] },

  // ---- notifications, live events ---------------------------------------------------------------
  { method: 'GET', path: '/api/notifications.php', tag: 'notifications', access: 'member', variants: [{ summary: 'Notifications, newest first.', response: C.NotificationsResponseSchema }] },
  { method: 'PUT', path: '/api/notifications.php', tag: 'notifications', access: 'member', variants: [{ summary: 'Mark every notification read; answers the list.', body: C.NotificationsReadRequestSchema, response: C.NotificationsResponseSchema }] },
  { method: 'GET', path: '/api/events.php', tag: 'events', access: 'member', variants: [{ summary: 'Server-sent events: new message, new like (LiveEvent as data).', answers: 'event-stream' }] },
  { method: 'POST', path: '/api/page-hidden.php', tag: 'events', access: 'optional', noCsrf: true, variants: [{ summary: 'Beacon when the page becomes hidden; always 204.', answers: 'no-content' }] },

  // ---- partners ---------------------------------------------------------------------------------
  { method: 'GET', path: '/api/xcams/search.php', tag: 'partners', access: 'member', variants: [{ summary: 'Webcam tiles for free members after 4 days (spec §6).', query: C.XcamsQuerySchema, response: C.XcamsResponseSchema }] },
  { method: 'GET', path: '/api/xcams/thumb.php', tag: 'partners', access: 'public', variants: [{ summary: 'Thumbnail of a webcam tile.', query: C.XcamsRedirectQuerySchema, answers: 'svg' }] },
  { method: 'GET', path: '/api/xcams/redirect.php', tag: 'partners', access: 'public', variants: [{ summary: "302 to the partner's page of a webcam.", query: C.XcamsRedirectQuerySchema, answers: 'redirect' }] },
  {
    method: 'GET',
    path: '/api/resellpartner.php',
    tag: 'partners',
    access: 'public',
    variants: [
      { summary: '302 to the partner of a resell flow of the site.', query: C.ResellPartnerQuerySchema, answers: 'redirect' },
      { when: 'redirect=0', summary: "The partner's URL as JSON.", query: C.ResellPartnerQuerySchema, response: C.ResellPartnerResponseSchema },
    ],
  },

  // ---- credits, payments, premium (src/commerce) -------------------------------------------------
  { method: 'GET', path: '/api/pricing.php', tag: 'commerce', access: 'optional', variants: [{ summary: 'Credit packages, premium plans and the message price in the country of the member (or ?country=, else the company’s).', query: PricingQuerySchema, response: C.PricingResponseSchema }] },
  { method: 'GET', path: '/api/credits.php', tag: 'commerce', access: 'member', variants: [{ summary: 'Balance (the ledger’s sum), packages, plans, time bonus, repeat-order offer, ledger history and premium state.', response: C.CreditsResponseSchema }] },
  { method: 'GET', path: '/api/payment_methods.php', tag: 'commerce', access: 'member', variants: [{ summary: 'Payment methods the provider offers for a package (?package=) or plan (?plan=) in the member’s country.', query: C.PaymentMethodsQuerySchema, response: C.PaymentMethodsResponseSchema }] },
  { method: 'POST', path: '/api/payments.php', tag: 'commerce', access: 'member', variants: [{ summary: 'Start a payment for a package (with an optional discount code) or a premium plan; the price is computed on the server: another expected_amount_cents answers 400 price_changed. Answers the provider’s checkout URL.', body: C.CreatePaymentRequestSchema, response: C.CreatePaymentResponseSchema }] },
  { method: 'POST', path: '/api/repeat_order.php', tag: 'commerce', access: 'member', variants: [{ summary: 'Buy the last package again through the stored mandate (a recurring payment, no checkout).', body: C.RepeatOrderRequestSchema, response: C.CreatePaymentResponseSchema }] },
  { method: 'GET', path: '/api/transactions.php', tag: 'commerce', access: 'public', variants: [{ summary: 'A transaction’s status and amount (anyone with the unguessable id); `mine` (credits, balance, way back) only for the payer.', query: C.TransactionQuerySchema, response: C.TransactionResponseSchema }] },
  { method: 'GET', path: '/api/premium.php', tag: 'commerce', access: 'member', variants: [{ summary: 'The member’s premium state (subscription status, period end).', response: C.PremiumStateSchema }] },
  { method: 'DELETE', path: '/api/premium.php', tag: 'commerce', access: 'member', variants: [{ summary: 'Cancel premium: the subscription stops renewing; premium lasts until the period ends.', response: C.PremiumStateSchema }] },
  { method: 'PUT', path: '/api/premium_photo.php', tag: 'commerce', access: 'member', variants: [{ summary: 'Share one of your photos (not the main one) with Premium members only, or with everyone again; others who are not Premium get it without its file name.', body: C.PremiumPhotoRequestSchema, response: C.PremiumPhotoResponseSchema }] },
  { method: 'POST', path: '/api/payments/webhook.php', tag: 'commerce', access: 'public', noCsrf: true, variants: [{ summary: 'The payment provider’s webhook (form body id=tr_…): the API fetches the payment and acts on its status; 200 for any id.', body: WebhookBodySchema, answers: 'no-content' }] },

  // ---- the reference itself, development ----------------------------------------------------------
  { method: 'GET', path: '/api/openapi.json', tag: 'site', access: 'public', variants: [{ summary: 'This reference (OpenAPI 3.1), generated from the zod schemas.' }] },
  { method: 'GET', path: '/api/dev/mailbox', tag: 'development', access: 'development', variants: [{ summary: 'The development mailbox: every mail with clickable links (404 in production).', query: MailboxQuerySchema, answers: 'html' }] },
  { method: 'GET', path: '/api/dev/mollie/checkout/:id', tag: 'development', access: 'development', variants: [{ summary: 'The local Mollie sandbox’s hosted checkout page (no MOLLIE_API_KEY; 404 in production).', answers: 'html' }] },
  { method: 'POST', path: '/api/dev/mollie/checkout/:id', tag: 'development', access: 'development', noCsrf: true, variants: [{ summary: 'The payer’s choice on the sandbox checkout page: paid, failed, canceled or expired; calls the webhook, redirects back.', body: CheckoutChoiceSchema, answers: 'redirect' }] },
];
