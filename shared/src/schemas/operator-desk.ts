// The operators' desks: the reports and complaints queue, the member desk and the payments desk.
// Every call is /api/operator/….php on an operator session (see ./operator.ts): the site is the
// session's current site, the roles per call are OPERATOR_AREAS' (support sees no payment details,
// finance reads no messages, a moderator cannot refund).
import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { REPORT_CATEGORIES } from '../rules';
import { RULE_MESSAGES, tooLong } from './messages';
import { PaymentStatusSchema } from './commerce';
import { COMPLAINT_CATEGORIES } from './content';
import { ImageSchema } from './user';
import { MEMBER_DESK_ACTIONS } from '../operatorLists';

/** The largest id of an `integer` column: beyond it a bad input (400), never a 500. */
const INT_MAX = 2_147_483_647;
const IdSchema = z.coerce.number().int().positive().max(INT_MAX, `at most ${INT_MAX}`);
/** complaints.id is a bigserial; the queue names them by number. */
const ComplaintIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Why an operator does something to a member: required on every action, kept in the audit log. */
export const DeskReasonSchema = z.string().trim().min(1, RULE_MESSAGES.required).max(2000, tooLong(2000));
/** A day or a moment in the future (suspensions). */
const FutureDateSchema = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'a date, e.g. 2026-12-31')
  .refine((v) => Date.parse(v) > Date.now(), 'a date in the future');

// ─── Members: status ──────────────────────────────────────────────────────────────────────────

/**
 * A member's standing: `restricted` is the automatic measure (hidden from search until reviewed,
 * fewer first messages a day), `suspended` until a date, `banned` until an operator lifts it.
 */
export const MEMBER_STATUSES = ['active', 'not_confirmed', 'restricted', 'suspended', 'banned', 'deleted'] as const;
export const MemberStatusSchema = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof MemberStatusSchema>;

export const MEMBER_ACTION_KINDS = [
  'warn', 'remove_photo', 'remove_text', 'suspend', 'ban', 'restrict', 'restore', 'end_sessions', 'correction', 'refund',
  'cancel_subscription', 'resend_activation', 'change_email', 'export',
] as const;
/** One entry of a member's history (member_actions): who did what, why, until when. */
export const MemberActionEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(MEMBER_ACTION_KINDS),
  reason: z.string(),
  until: z.string().nullable(),
  /** null: done automatically (the measure on much-reported members). */
  operator_id: z.number().int().nullable(),
  complaint_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type MemberActionEntry = z.infer<typeof MemberActionEntrySchema>;

export const DeskPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  /** The same files by name (under the site's cdn_prefix), with the large version's size and other formats where stored (SquarePhoto). */
  thumb_filename: z.string(),
  large: ImageSchema.shape.large,
  formats: ImageSchema.shape.formats,
  main: z.boolean(),
  created_at: z.string(),
});
export type DeskPhoto = z.infer<typeof DeskPhotoSchema>;

/** The reported member as the queue shows them: what they show others, and their standing. */
export const DeskProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  personal: z.string(),
  status: MemberStatusSchema,
  suspended_until: z.string().nullable(),
  signup_date: z.string(),
  photos: z.array(DeskPhotoSchema),
});
export type DeskProfile = z.infer<typeof DeskProfileSchema>;

// ─── Reports and complaints ──────────────────────────────────────────────────────────────────

export const REPORT_OUTCOMES = ['dismissed', 'warned', 'removed', 'suspended', 'banned', 'restored', 'answered'] as const;
export const ReportOutcomeSchema = z.enum(REPORT_OUTCOMES);
export type ReportOutcome = z.infer<typeof ReportOutcomeSchema>;

export const ReportsQuerySchema = z.object({
  /** open (default): not handled yet; handled; all. */
  state: z.enum(['open', 'handled', 'all']).default('open'),
  /** Only reports about this member. */
  member: IdSchema.optional(),
  /** Only the members under the automatic measure. */
  restricted: z.enum(['1', 'true']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Older than this id (paging, newest first when handled; oldest first when open). */
  after: ComplaintIdSchema.optional(),
});
export type ReportsQuery = z.input<typeof ReportsQuerySchema>;

export const ReportItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** form: the /complaints form; chat and profile: a member's report. */
  source: z.enum(['form', 'chat', 'profile']),
  category: z.enum(COMPLAINT_CATEGORIES),
  description: z.string(),
  language: z.string(),
  created_at: z.string(),
  /** Minutes since it came in. */
  waiting_minutes: z.number().int(),
  reporter: z.object({ id: z.number().int().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  reported: z
    .object({ id: z.number().int(), name: z.string(), status: MemberStatusSchema, reports: z.number().int(), distinct_reporters: z.number().int() })
    .nullable(),
  /** The report concerns a conversation: its last messages can be opened (audited, with a reason). */
  concerns_conversation: z.boolean(),
  status: z.enum(['open', 'in_progress', 'closed']),
  outcome: ReportOutcomeSchema.nullable(),
  handled_at: z.string().nullable(),
});
export type ReportItem = z.infer<typeof ReportItemSchema>;
export const ReportsResponseSchema = z.object({ reports: z.array(ReportItemSchema) });
export type ReportsResponse = z.infer<typeof ReportsResponseSchema>;

export const ReportQuerySchema = z.object({ id: ComplaintIdSchema });
/** GET /api/operator/report.php: one report with its context (never the conversation: see report_messages.php). */
export const ReportDetailSchema = z.object({
  report: ReportItemSchema,
  /** The reported member's profile and photos (null: none named, or gone). */
  profile: DeskProfileSchema.nullable(),
  /** Earlier reports about the same member and how they ended, newest first. */
  earlier: z.array(ReportItemSchema),
  /** What was done to the member before (warnings, removals, suspensions, the automatic measure). */
  history: z.array(MemberActionEntrySchema),
});
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

/** GET /api/operator/report_messages.php: the last messages of the reported conversation; the reason is audited. */
export const ReportMessagesQuerySchema = z.object({ id: ComplaintIdSchema, reason: DeskReasonSchema });
export const ReportMessageSchema = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  /** Whether the reported member wrote it (else the reporter). */
  from_reported: z.boolean(),
  body: z.string(),
  created_at: z.string(),
  reported: z.boolean(),
});
export const ReportMessagesResponseSchema = z.object({ messages: z.array(ReportMessageSchema) });
export type ReportMessagesResponse = z.infer<typeof ReportMessagesResponseSchema>;

/** What a warning names: the rule the member broke, in the member's language in the mail. */
export const WarningRuleSchema = z.enum(REPORT_CATEGORIES);

export const REPORT_ACTIONS = ['dismiss', 'warn', 'remove_photo', 'remove_text', 'suspend', 'ban', 'restore', 'answer'] as const;
/** POST /api/operator/report.php: handle a report. Every action closes it and tells the reporter it was handled. */
export const ReportActionSchema = z
  .object({
    id: ComplaintIdSchema,
    action: z.enum(REPORT_ACTIONS),
    reason: DeskReasonSchema,
    /** warn: the rule broken (the mail names it in the member's language). */
    rule: WarningRuleSchema.optional(),
    /** remove_photo: the photo. */
    photo: IdSchema.optional(),
    /** remove_text: which text (the name goes back to the first part of the address). */
    field: z.enum(['personal', 'name']).optional(),
    /** suspend: until when. */
    until: FutureDateSchema.optional(),
    /** answer (a complaint from the form): the answer mailed to its reference. */
    answer: z.string().trim().min(1, RULE_MESSAGES.required).max(5000, tooLong(5000)).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (field: 'rule' | 'photo' | 'field' | 'until' | 'answer') => {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: RULE_MESSAGES.required });
    };
    if (v.action === 'warn') need('rule');
    if (v.action === 'remove_photo') need('photo');
    if (v.action === 'remove_text') need('field');
    if (v.action === 'suspend') need('until');
    if (v.action === 'answer') need('answer');
  });
export type ReportAction = z.input<typeof ReportActionSchema>;
export const ReportActionResponseSchema = z.object({ report: ReportItemSchema });

// ─── Member desk ─────────────────────────────────────────────────────────────────────────────

/** GET /api/operator/members.php?q=: an address, a name (or part), a member id, a transaction or provider payment id. */
export const MemberSearchQuerySchema = z.object({
  q: z.string().trim().min(1, RULE_MESSAGES.required).max(254, tooLong(254)),
});
export const MemberHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: MemberStatusSchema,
  country: z.string().nullable(),
  signup_date: z.string(),
  /** How it was found. */
  matched: z.enum(['id', 'email', 'name', 'payment']),
});
export type MemberHit = z.infer<typeof MemberHitSchema>;
export const MemberSearchResponseSchema = z.object({ members: z.array(MemberHitSchema) });
export type MemberSearchResponse = z.infer<typeof MemberSearchResponseSchema>;

export const MemberQuerySchema = z.object({ id: IdSchema });

export const DeskSessionSchema = z.object({ id: z.number().int(), browser: z.string(), created_at: z.string(), expires_at: z.string() });
export const DeskDeviceSchema = z.object({ first_seen: z.string(), banned: z.boolean() });
export const DeskLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['opening', 'purchase', 'message', 'refund', 'bonus', 'correction']),
  amount: z.number().int(),
  note: z.string().nullable(),
  transaction_id: z.string().nullable(),
  created_at: z.string(),
});

/**
 * A payment on the member page. Support sees what it needs to help (what, when, how much, refunded);
 * method, country and the provider's id are payment details, for admin and finance only (null for support).
 */
export const DeskPaymentSchema = z.object({
  id: z.string(),
  site_id: z.number().int(),
  kind: z.enum(['credits', 'premium', 'renewal']),
  status: PaymentStatusSchema,
  amount_cents: z.number().int(),
  currency: z.string(),
  /** Refunded by the site (an operator, through the provider). */
  refunded_cents: z.number().int(),
  /** Taken back by the payer's bank (a chargeback, reported by the provider's webhook). */
  charged_back_cents: z.number().int(),
  credits: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  method: z.string().nullable(),
  country: z.string().nullable(),
  provider_id: z.string().nullable(),
  refunds: z.array(z.object({ id: z.string(), amount_cents: z.number().int(), status: z.string(), reason: z.string(), created_at: z.string() })),
});
export type DeskPayment = z.infer<typeof DeskPaymentSchema>;

export const DeskSubscriptionSchema = z.object({
  id: z.number().int(),
  plan_id: z.string(),
  status: z.enum(['pending', 'active', 'canceled', 'past_due', 'ended']),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});

export const DeskNoteSchema = z.object({ id: z.number().int(), operator_id: z.number().int().nullable(), body: z.string(), created_at: z.string() });

/** GET /api/operator/member.php?id=: the member page. */
export const MemberPageSchema = z.object({
  member: DeskProfileSchema.extend({
    email: z.string(),
    credits: z.number().int(),
    paid_user: z.boolean(),
    activated: z.boolean(),
    last_seen_at: z.string().nullable(),
  }),
  history: z.array(MemberActionEntrySchema),
  sessions: z.array(DeskSessionSchema),
  devices: z.array(DeskDeviceSchema),
  ledger: z.array(DeskLedgerEntrySchema),
  /** null for support (no payment details). */
  payments: z.array(DeskPaymentSchema),
  subscriptions: z.array(DeskSubscriptionSchema),
  reports_about: z.array(ReportItemSchema),
  reports_by: z.array(ReportItemSchema),
  notes: z.array(DeskNoteSchema),
  /** Whether this operator sees payment details (method, country, provider ids). */
  payment_details: z.boolean(),
});
export type MemberPage = z.infer<typeof MemberPageSchema>;

/** POST /api/operator/member.php: an action on a member, audited with its reason. */
export const MemberActionSchema = z
  .object({
    id: IdSchema,
    action: z.enum(MEMBER_DESK_ACTIONS),
    reason: DeskReasonSchema,
    /** correction: credits to add (negative: to take); never 0. */
    credits: z.number().int().min(-1_000_000).max(1_000_000).refine((v) => v !== 0, 'not 0').optional(),
    until: FutureDateSchema.optional(),
    email: z.string().trim().email(RULE_MESSAGES.emailInvalid).max(254, tooLong(254)).optional(),
    /** note: the staff note (the reason says why it is written; the note is what it says). */
    note: z.string().trim().min(1, RULE_MESSAGES.required).max(5000, tooLong(5000)).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (field: 'credits' | 'until' | 'email' | 'note') => {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: RULE_MESSAGES.required });
    };
    if (v.action === 'correction') need('credits');
    if (v.action === 'suspend') need('until');
    if (v.action === 'change_email') need('email');
    if (v.action === 'note') need('note');
  });
export type MemberAction = z.input<typeof MemberActionSchema>;
export const MemberActionResponseSchema = z.object({ page: MemberPageSchema });

/** POST /api/operator/refund.php: a refund of a paid payment, in full or in part, through the provider. */
export const RefundRequestSchema = z.object({
  transaction_id: z.string().regex(/^txn_[A-Za-z0-9_-]{20,40}$/, 'a transaction id (txn_…)'),
  /** Omitted: whatever is left to refund. */
  amount_cents: z.number().int().positive().max(100_000_000).optional(),
  reason: DeskReasonSchema,
  /** The screen's id of this request: sent again (a retry), the provider refunds once. */
  request_id: z.string().uuid().optional(),
});
export type RefundRequest = z.input<typeof RefundRequestSchema>;
export const RefundResponseSchema = z.object({
  refund: z.object({ id: z.string(), amount_cents: z.number().int(), currency: z.string(), status: z.string() }),
  /** The member's balance after the refunded credits went (null when the member left). */
  balance: z.number().int().nullable(),
});
export type RefundResponse = z.infer<typeof RefundResponseSchema>;

/** POST /api/operator/member_export.php, /member_erase.php: the member's data (ZIP) or erasure, with the reason. */
export const MemberReasonRequestSchema = z.object({ id: IdSchema, reason: DeskReasonSchema });
export const MemberEraseResponseSchema = z.object({ erased: z.literal(true) });

// ─── Payments desk ───────────────────────────────────────────────────────────────────────────

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, e.g. 2026-11-27');
export const PaymentsQuerySchema = z.object({
  status: PaymentStatusSchema.optional(),
  method: z.string().regex(/^[a-z0-9]{2,20}$/).optional(),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
  kind: z.enum(['credits', 'premium', 'renewal']).optional(),
  /** Only payments with a refund or chargeback. */
  refunded: z.enum(['1', 'true']).optional(),
  /** Only payments charged back by the payer's bank. */
  chargeback: z.enum(['1', 'true']).optional(),
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type PaymentsQuery = z.input<typeof PaymentsQuerySchema>;
export const DeskPaymentRowSchema = DeskPaymentSchema.extend({ member_id: z.number().int().nullable(), member_name: z.string().nullable() });
export const PaymentsResponseSchema = z.object({
  payments: z.array(DeskPaymentRowSchema),
  total: z.number().int(),
  /**
   * Per day (UTC) and currency, over the filter: paid amounts, refunded and charged back amounts
   * apart, and counts. A site charges in the currency of the payer's country (EUR, PLN), so a day
   * has one line per currency: amounts in two currencies are never added up.
   */
  days: z.array(
    z.object({
      day: z.string(),
      currency: z.string(),
      paid_cents: z.number().int(),
      refunded_cents: z.number().int(),
      charged_back_cents: z.number().int(),
      chargebacks: z.number().int(),
      payments: z.number().int(),
    }),
  ),
});
export type PaymentsResponse = z.infer<typeof PaymentsResponseSchema>;

export const SubscriptionsQuerySchema = z.object({
  /** canceled: canceled at the period's end (still Premium until then). */
  status: z.enum(['active', 'past_due', 'canceled']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const SubscriptionsResponseSchema = z.object({
  subscriptions: z.array(DeskSubscriptionSchema.extend({ member_id: z.number().int(), member_name: z.string() })),
  total: z.number().int(),
});
export type SubscriptionsResponse = z.infer<typeof SubscriptionsResponseSchema>;

export { DESK_ROLES, MEMBER_ACTION_AREA, MEMBER_DESK_ACTIONS, type DeskArea } from '../operatorLists';
