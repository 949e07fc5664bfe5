// Site-run profiles (members.fictional: profiles the site itself runs), the operators' console
// that answers them, and the member's protection from them (docs/site-run-profiles.md). Operator
// calls are /api/operator/site_run_….php on an operator session; the roles are OPERATOR_AREAS'.
import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { LocaleSchema } from './site';
import { GenderSchema, ImageSchema } from './user';
import { RULE_MESSAGES, tooLong } from './messages';
import { BirthDateSchema, CitySchema, NameSchema } from './account';
import { MESSAGE_MAX, NOTES_MAX } from '../rules';

const INT_MAX = 2_147_483_647;
const IdSchema = z.coerce.number().int().positive().max(INT_MAX, `at most ${INT_MAX}`);

// ─── The profiles ───────────────────────────────────────────────────────────────────────────

/** POST /api/operator/site_run_profiles.php: a new site-run profile of the operator's site. */
export const SiteRunProfileInputSchema = z.object({
  name: NameSchema,
  gender: z.string().pipe(z.enum(GenderSchema.options, RULE_MESSAGES.required)),
  date_of_birth: BirthDateSchema,
  country: z.string().regex(/^[A-Z]{2}$/, 'Value is not a valid country'),
  city: CitySchema.optional(),
  language: LocaleSchema,
  personal: z.string().trim().max(NOTES_MAX, tooLong(NOTES_MAX)).default(''),
});
export type SiteRunProfileInput = z.input<typeof SiteRunProfileInputSchema>;
/** PUT /api/operator/site_run_profiles.php: change some fields of one (name and text pass moderation). */
export const SiteRunProfileUpdateSchema = SiteRunProfileInputSchema.partial().extend({ id: IdSchema });
export type SiteRunProfileUpdate = z.input<typeof SiteRunProfileUpdateSchema>;
/** POST /api/operator/site_run_photo.php?id=: a photo (multipart field `file`) for a site-run profile. */
export const SiteRunPhotoQuerySchema = z.object({ id: IdSchema });

export const SiteRunProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: GenderSchema.nullable(),
  date_of_birth: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  language: LocaleSchema.nullable(),
  personal: z.string(),
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
  /** Every photo but rejected ones; `in_review` while held for pre-moderation. */
  images: z.array(ImageSchema),
  /** Conversations of this profile, and those waiting for an answer. */
  conversations: z.number().int().nonnegative(),
  waiting: z.number().int().nonnegative(),
});
export type SiteRunProfile = z.infer<typeof SiteRunProfileSchema>;
export const SiteRunProfilesResponseSchema = z.object({
  profiles: z.array(SiteRunProfileSchema),
  /** How the site's mark looks (an icon with its words, or the words alone); it is always shown. */
  fictional_icon: z.boolean(),
});
export const SiteRunProfileResponseSchema = z.object({ profile: SiteRunProfileSchema });

// ─── The console ────────────────────────────────────────────────────────────────────────────

const ConsoleMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  /** The member's language: the honest answer is offered in it. */
  language: LocaleSchema,
  /** Receives no messages from site-run profiles (by their own choice or set by support). */
  protected: z.boolean(),
  protected_by: z.enum(['member', 'support']).nullable(),
});

export const SiteRunQueueItemSchema = z.object({
  conversation: z.number().int(),
  profile: z.object({ id: z.number().int(), name: z.string(), main_image: z.object({ thumb_filename: z.string() }).nullable() }),
  member: ConsoleMemberSchema.pick({ id: true, name: true, age: true, city: true, country: true, language: true }),
  /** The member's oldest message not answered yet. */
  waiting_since: z.string(),
  waiting_seconds: z.number().int().nonnegative(),
  last_message: z.string(),
  /** Another operator is answering it now (their name); null: free, or it is the caller's. */
  locked_by: z.string().nullable(),
});
export type SiteRunQueueItem = z.infer<typeof SiteRunQueueItemSchema>;
/** GET /api/operator/site_run_queue.php: conversations waiting for an answer, oldest first. */
export const SiteRunQueueResponseSchema = z.object({
  items: z.array(SiteRunQueueItemSchema),
  /** Conversations left out because their member is protected from site-run profiles. */
  protected_left_out: z.number().int().nonnegative(),
});

export const SiteRunConversationQuerySchema = z.object({ conversation: IdSchema });
export const SiteRunMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['member', 'profile']),
  msg: z.string(),
  created_at: z.string(),
  /** Who answered (the profile's messages, for the console; the member never sees it). */
  operator: z.string().nullable(),
});
export const SiteRunNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  operator: z.string().nullable(),
  created_at: z.string(),
});
export type SiteRunNote = z.infer<typeof SiteRunNoteSchema>;
/**
 * GET /api/operator/site_run_conversation.php: opens a conversation for answering and locks it to
 * the caller (409 `locked` while another operator has it); the last 50 messages, the notes about
 * the member, and the honest answer in the member's language.
 */
export const SiteRunConversationSchema = z.object({
  conversation: z.number().int(),
  profile: z.object({ id: z.number().int(), name: z.string(), main_image: z.object({ thumb_filename: z.string() }).nullable() }),
  member: ConsoleMemberSchema,
  messages: z.array(SiteRunMessageSchema),
  notes: z.array(SiteRunNoteSchema),
  /** "Is this profile real?" answered truthfully, in the member's language, ready to send. */
  honest_answer: z.string(),
  /** The member's last message seems to ask whether the profile is real. */
  asks_if_real: z.boolean(),
  locked_until: z.string(),
});
export type SiteRunConversation = z.infer<typeof SiteRunConversationSchema>;

/** POST /api/operator/site_run_answer.php: the profile's answer, written by the operator holding the lock. */
export const SiteRunAnswerRequestSchema = z.object({
  conversation: IdSchema,
  msg: z.string().trim().min(1, RULE_MESSAGES.required).max(MESSAGE_MAX, tooLong(MESSAGE_MAX)),
});
export type SiteRunAnswerRequest = z.input<typeof SiteRunAnswerRequestSchema>;
export const SiteRunAnswerResponseSchema = z.object({ message: SiteRunMessageSchema });

/** POST /api/operator/site_run_release.php: leave a conversation unanswered (the lock goes). */
export const SiteRunReleaseRequestSchema = z.object({ conversation: IdSchema });
export const SiteRunReleaseResponseSchema = z.object({ released: z.boolean() });

/** POST /api/operator/site_run_notes.php: a note about a member of a conversation with a site-run profile. */
export const SiteRunNoteRequestSchema = z.object({
  member: IdSchema,
  body: z.string().trim().min(1, RULE_MESSAGES.required).max(2000, tooLong(2000)),
});
export const SiteRunNoteResponseSchema = z.object({ note: SiteRunNoteSchema });

/** PUT /api/operator/site_run_protection.php: support flags a member as vulnerable (or lifts its own flag). */
export const SiteRunSupportProtectionSchema = z.object({
  member: IdSchema,
  protected: z.boolean(),
  reason: z.string().trim().min(1, RULE_MESSAGES.required).max(2000, tooLong(2000)),
});
export const SiteRunProtectionStateSchema = z.object({
  /** The member chose it (profile settings). */
  by_member: z.boolean(),
  /** Support set it; only support lifts it. */
  by_support: z.boolean(),
});
export type SiteRunProtectionState = z.infer<typeof SiteRunProtectionStateSchema>;

// ─── The member's own setting ───────────────────────────────────────────────────────────────

/** PUT /api/site_run_protection.php: the member's own choice (GET answers the state). */
export const SiteRunProtectionRequestSchema = z.object({ by_member: z.boolean() });
