// The operator back office: operator accounts, sessions and second factor, roles and sites, the
// audit log and the moderation queue. Every call is /api/operator/….php; a member session never
// reaches one (operators have their own accounts and their own session cookie).
import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { LocaleSchema } from './site';
import { ImageSchema } from './user';
import { RULE_MESSAGES, tooLong } from './messages';
import { OPERATOR_ROLES } from '../operatorLists';
export { OPERATOR_AREAS, OPERATOR_ROLES, type OperatorArea } from '../operatorLists';

/** The largest id a database `integer` column holds: ids beyond it are bad input (400), not a 500. */
export const DB_INT_MAX = 2_147_483_647;
/** A row id (serial): a positive int4. */
export const OperatorIdSchema = z.coerce.number().int().positive().max(DB_INT_MAX, `at most ${DB_INT_MAX}`);

// ─── Roles and sites ─────────────────────────────────────────────────────────────────────────────

/** An operator's role (../operatorLists.ts OPERATOR_ROLES: what each may do). */
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRoleSchema>;

/** A site an operator may act on. */
export const OperatorSiteSchema = z.object({
  id: z.number().int(),
  /** The site's template name (amora, velvet). */
  name: z.string(),
  brand: z.string(),
});
export type OperatorSite = z.infer<typeof OperatorSiteSchema>;

/** The logged-in operator (GET /api/operator/me.php). */
export const OperatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: OperatorRoleSchema,
  /** Holds every site, also sites added later. */
  all_sites: z.boolean(),
  /** The sites the operator may act on. */
  sites: z.array(OperatorSiteSchema),
  /** The site every call of this session acts on (PUT /api/operator/site.php switches). */
  current_site: OperatorSiteSchema,
  /** A TOTP second factor is set up. */
  totp: z.boolean(),
  /** The deployment requires a second factor (production) and this operator has none yet. */
  totp_required: z.boolean(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.number().int().min(0),
});
export type Operator = z.infer<typeof OperatorSchema>;
export const OperatorMeResponseSchema = z.object({ operator: OperatorSchema.nullable() });
export type OperatorMeResponse = z.infer<typeof OperatorMeResponseSchema>;

// ─── Login ──────────────────────────────────────────────────────────────────────────────────────

/** POST /api/operator/login.php: step one, email and password. */
export const OperatorLoginRequestSchema = z.object({
  email: z.string().trim().min(1, RULE_MESSAGES.required).max(254, tooLong(254)),
  password: z.string().min(1, RULE_MESSAGES.required).max(1024, tooLong(1024)),
});
export type OperatorLoginRequest = z.infer<typeof OperatorLoginRequestSchema>;

/**
 * The answer of either login step: `done` with the operator (the session cookie is set), or `totp`
 * with a short-lived challenge to send with the code (POST /api/operator/login_totp.php).
 */
export const OperatorLoginResponseSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('done'), operator: OperatorSchema }),
  z.object({
    step: z.literal('totp'),
    /** Names this half-done login in step two; valid 5 minutes, a few tries. */
    challenge: z.string(),
  }),
]);
export type OperatorLoginResponse = z.infer<typeof OperatorLoginResponseSchema>;

/** A 6-digit TOTP code, or a recovery code (xxxxx-xxxxx). */
export const OperatorCodeSchema = z
  .string()
  .trim()
  .min(1, RULE_MESSAGES.required)
  .max(32, tooLong(32))
  .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, 'a 6-digit code from the authenticator app, or a recovery code');

/** POST /api/operator/login_totp.php: step two, the code of the authenticator app or a recovery code. */
export const OperatorLoginTotpRequestSchema = z.object({
  challenge: z.string().min(1, RULE_MESSAGES.required).max(100, tooLong(100)),
  code: OperatorCodeSchema,
});
export type OperatorLoginTotpRequest = z.infer<typeof OperatorLoginTotpRequestSchema>;

/** POST /api/operator/logout.php. */
export const OperatorLogoutResponseSchema = z.object({ done: z.literal(true) });

/** PUT /api/operator/site.php: the site the session acts on from now on (one of the operator's). */
export const OperatorSiteSwitchSchema = z.object({ site: OperatorIdSchema });

// ─── Sessions ───────────────────────────────────────────────────────────────────────────────────

export const OperatorSessionSchema = z.object({
  id: z.number().int(),
  browser: z.string(),
  os: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;
/** GET /api/operator/sessions.php: this session first, then the newest. */
export const OperatorSessionsResponseSchema = z.object({ sessions: z.array(OperatorSessionSchema) });
/** DELETE /api/operator/sessions.php: one session by id, or `all: true` (sign out everywhere, this one too). */
export const OperatorSessionEndSchema = z
  .object({ id: OperatorIdSchema.optional(), all: z.literal(true).optional() })
  .refine((v) => (v.id === undefined) !== (v.all === undefined), { message: 'id: name one session, or all: true', path: ['id'] });
export const OperatorSessionEndResponseSchema = z.object({ ended: z.number().int().min(0) });

// ─── Second factor ──────────────────────────────────────────────────────────────────────────────

/** POST /api/operator/totp.php: a new secret to scan (not active until confirmed with a code). */
export const OperatorTotpSetupResponseSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for a QR code. */
  uri: z.string(),
});
export type OperatorTotpSetupResponse = z.infer<typeof OperatorTotpSetupResponseSchema>;
/** PUT /api/operator/totp.php: confirms the new secret with a code from the app. */
export const OperatorTotpConfirmSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'the 6-digit code from the authenticator app') });
/** Recovery codes, shown once: each logs in once in place of a TOTP code. */
export const OperatorRecoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type OperatorRecoveryCodesResponse = z.infer<typeof OperatorRecoveryCodesResponseSchema>;
/** POST /api/operator/recovery_codes.php: new recovery codes (the old ones stop working); needs a current TOTP code. */
export const OperatorRecoveryCodesRequestSchema = OperatorTotpConfirmSchema;

// ─── Operators (admin) ──────────────────────────────────────────────────────────────────────────

/** `all` or the ids of sites. */
export const OperatorSitesInputSchema = z.union([z.literal('all'), z.array(OperatorIdSchema).min(1, 'at least one site').max(100)]);

export const OperatorStatusSchema = z.enum(['invited', 'active', 'suspended']);
export type OperatorStatus = z.infer<typeof OperatorStatusSchema>;

/** An operator as admins see them in the list. */
export const OperatorListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: OperatorRoleSchema,
  status: OperatorStatusSchema,
  all_sites: z.boolean(),
  sites: z.array(OperatorSiteSchema),
  totp: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type OperatorListItem = z.infer<typeof OperatorListItemSchema>;
/** GET /api/operator/operators.php (admin). */
export const OperatorListResponseSchema = z.object({ operators: z.array(OperatorListItemSchema) });

/** POST /api/operator/operators.php (admin): invite; the answer holds the one-time enrolment link. */
export const OperatorInviteSchema = z.object({
  email: z.email('an email address').max(254, tooLong(254)),
  name: z.string().trim().min(1, RULE_MESSAGES.required).max(100, tooLong(100)),
  role: OperatorRoleSchema,
  sites: OperatorSitesInputSchema,
});
export type OperatorInvite = z.input<typeof OperatorInviteSchema>;
export const OperatorInviteResponseSchema = z.object({
  operator: OperatorListItemSchema,
  /** /backoffice/enrol?token=…, valid 7 days, once; give it to the person by a channel you trust. */
  enrolment_link: z.string(),
});
export type OperatorInviteResponse = z.infer<typeof OperatorInviteResponseSchema>;

/** PUT /api/operator/operators.php (admin): role, sites, suspend or reactivate. */
export const OperatorUpdateSchema = z.object({
  id: OperatorIdSchema,
  role: OperatorRoleSchema.optional(),
  sites: OperatorSitesInputSchema.optional(),
  status: z.enum(['active', 'suspended']).optional(),
  /** Why (kept in the audit log). */
  reason: z.string().trim().max(500, tooLong(500)).optional(),
});
export type OperatorUpdate = z.input<typeof OperatorUpdateSchema>;
export const OperatorUpdateResponseSchema = z.object({ operator: OperatorListItemSchema });

/** GET /api/operator/enrol.php?token=: what the invite is, and a TOTP secret to scan. */
export const OperatorEnrolQuerySchema = z.object({ token: z.string().min(1, RULE_MESSAGES.required).max(100, tooLong(100)) });
export const OperatorEnrolInfoResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: OperatorRoleSchema,
  /** A second factor must be set up now (production). */
  totp_required: z.boolean(),
  totp: OperatorTotpSetupResponseSchema,
});
export type OperatorEnrolInfoResponse = z.infer<typeof OperatorEnrolInfoResponseSchema>;
/** POST /api/operator/enrol.php: the new operator's password, and the code of the scanned secret. */
export const OperatorEnrolRequestSchema = z.object({
  token: z.string().min(1, RULE_MESSAGES.required).max(100, tooLong(100)),
  password: z.string().min(10, 'at least 10 characters').max(1024, tooLong(1024)),
  /** Required when totp_required; optional in development (no second factor then). */
  code: z.string().trim().regex(/^\d{6}$/, 'the 6-digit code from the authenticator app').optional(),
});
export type OperatorEnrolRequest = z.infer<typeof OperatorEnrolRequestSchema>;
/** The operator is logged in; recovery codes (when a second factor was set up), shown once. */
export const OperatorEnrolResponseSchema = z.object({ operator: OperatorSchema, recovery_codes: z.array(z.string()) });

// ─── Audit log (admin) ──────────────────────────────────────────────────────────────────────────

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  /** The site acted on (null: not about one site, e.g. inviting an operator). */
  site: z.string().nullable(),
  /** What was done, e.g. `moderation.reject`, `operator.invite`, `campaign.update`. */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/operator/audit.php and audit_export.php (CSV): filters, newest first. */
export const AuditQuerySchema = z.object({
  operator: OperatorIdSchema.optional(),
  site: OperatorIdSchema.optional(),
  /** An action, or its prefix ending in a dot (`moderation.`). */
  action: z.string().trim().max(100, tooLong(100)).regex(/^[a-z_.]+$/, 'an action such as moderation.reject').optional(),
  target_type: z.string().trim().max(50, tooLong(50)).regex(/^[a-z_]+$/, 'a target type such as member').optional(),
  target_id: z.string().trim().max(100, tooLong(100)).optional(),
  from: z.iso.datetime({ offset: true, message: 'an ISO 8601 time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'an ISO 8601 time' }).optional(),
  /** Entries older than this id (the next page). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;
export const AuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next page; null at the end. */
  next_before: z.number().int().nullable(),
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;

// ─── Moderation ─────────────────────────────────────────────────────────────────────────────────

/** pre: new photos and texts are hidden from others until approved; post: visible at once, reviewed after. */
export const ModerationModeSchema = z.enum(['pre', 'post']);
export type ModerationMode = z.infer<typeof ModerationModeSchema>;
export const ModerationSettingsSchema = z.object({
  mode: ModerationModeSchema,
  /** Every item should be decided within this many minutes. */
  target_minutes: z.number().int().min(1).max(7 * 24 * 60),
});
export type ModerationSettings = z.infer<typeof ModerationSettingsSchema>;
/** PUT /api/operator/moderation_settings.php (admin). */
export const ModerationSettingsUpdateSchema = ModerationSettingsSchema.partial();

export const ModerationStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ModerationStatus = z.infer<typeof ModerationStatusSchema>;
/** What an item is: a photo, or one text field of the profile (name, personal, a free-text profile field). */
export const ModerationKindSchema = z.enum(['photo', 'text']);

/** A photo in moderation: its files by name, with the large version's size and other formats where stored (SquarePhoto). */
const ModerationPhotoSchema = z.object({ id: z.number().int(), filename: z.string(), thumb_filename: z.string() }).extend(
  ImageSchema.pick({ large: true, formats: true }).shape,
);

export const ModerationItemSchema = z.object({
  id: z.number().int(),
  kind: ModerationKindSchema,
  /** `photo`, or the text field: `name`, `personal`, or a profile field's key. */
  field: z.string(),
  status: ModerationStatusSchema,
  member: z.object({
    id: z.number().int(),
    name: z.string(),
    age: z.number().int().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    language: z.string().nullable(),
    signup_date: z.string(),
  }),
  /** The photo (kind photo); null when the member deleted it meanwhile. */
  photo: ModerationPhotoSchema.nullable(),
  /** The member's other photos, for context. */
  other_photos: z.array(ModerationPhotoSchema),
  /** The text before and after the change (kind text). */
  text_before: z.string().nullable(),
  text: z.string().nullable(),
  created_at: z.string(),
  /** Seconds since the item entered the queue. */
  waiting_seconds: z.number().int().min(0),
  /** Waiting longer than the site's target. */
  overdue: z.boolean(),
  decided_at: z.string().nullable(),
  reason: z.object({ id: z.number().int(), label: z.string() }).nullable(),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

/** GET /api/operator/moderation.php: the current site's queue, oldest first. */
export const ModerationQueueQuerySchema = z.object({
  status: ModerationStatusSchema.default('pending'),
  kind: ModerationKindSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Items after this id (skip). */
  after: OperatorIdSchema.optional(),
});
export type ModerationQueueQuery = z.input<typeof ModerationQueueQuerySchema>;
export const ModerationQueueResponseSchema = z.object({
  items: z.array(ModerationItemSchema),
  /** Pending items of the site in all. */
  pending: z.number().int().min(0),
  /** Seconds the oldest pending item waits (0: none). */
  oldest_waiting_seconds: z.number().int().min(0),
  settings: ModerationSettingsSchema,
});
export type ModerationQueueResponse = z.infer<typeof ModerationQueueResponseSchema>;

/** POST /api/operator/moderation.php: approve, or reject with a reason of the site's list. */
export const ModerationDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ item: OperatorIdSchema, decision: z.literal('approve') }),
  z.object({ item: OperatorIdSchema, decision: z.literal('reject'), reason: OperatorIdSchema }),
]);
export type ModerationDecision = z.input<typeof ModerationDecisionSchema>;
export const ModerationDecisionResponseSchema = z.object({ item: ModerationItemSchema });
export type ModerationDecisionResponse = z.infer<typeof ModerationDecisionResponseSchema>;
/** POST /api/operator/moderation_undo.php: takes back this operator's last decision on the site (within 10 minutes). */
export const ModerationUndoResponseSchema = ModerationDecisionResponseSchema;

/** A rejection reason: a label per language (what the member is told). */
export const ModerationReasonTextsSchema = z
  .partialRecord(LocaleSchema, z.string().trim().min(1, RULE_MESSAGES.required).max(300, tooLong(300)))
  .refine((t) => t.en !== undefined, { message: 'en: the English text is required', path: ['en'] });
export const ModerationReasonSchema = z.object({
  id: z.number().int(),
  texts: z.partialRecord(LocaleSchema, z.string()),
  active: z.boolean(),
});
export type ModerationReason = z.infer<typeof ModerationReasonSchema>;
/** GET /api/operator/moderation_reasons.php: the site's reasons, active first. */
export const ModerationReasonsResponseSchema = z.object({ reasons: z.array(ModerationReasonSchema) });
export type ModerationReasonsResponse = z.infer<typeof ModerationReasonsResponseSchema>;
/** POST /api/operator/moderation_reasons.php: a new reason. */
export const ModerationReasonCreateSchema = z.object({ texts: ModerationReasonTextsSchema });
/** PUT /api/operator/moderation_reasons.php: new texts or (de)activation. */
export const ModerationReasonUpdateSchema = z.object({
  id: OperatorIdSchema,
  texts: ModerationReasonTextsSchema.optional(),
  active: z.boolean().optional(),
});
export const ModerationReasonResponseSchema = z.object({ reason: ModerationReasonSchema });

/** GET /api/moderation.php (the member): what of theirs is in review or was rejected, and why. */
export const MemberModerationItemSchema = z.object({
  id: z.number().int(),
  kind: ModerationKindSchema,
  field: z.string(),
  /** in_review: others do not see it yet (pre-moderation); rejected: hidden, with the reason. */
  status: z.enum(['in_review', 'rejected']),
  thumb_filename: z.string().nullable(),
  text: z.string().nullable(),
  /** In the member's language. */
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type MemberModerationItem = z.infer<typeof MemberModerationItemSchema>;
export const MemberModerationResponseSchema = z.object({ items: z.array(MemberModerationItemSchema) });
export type MemberModerationResponse = z.infer<typeof MemberModerationResponseSchema>;
