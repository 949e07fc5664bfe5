// The back office's fixed lists (roles, the areas each may use, desk actions, payment statuses,
// price badges, the longest dashboard period), without zod: the back office's navigation and desks
// need them at mount, before any schema is loaded (the start-up budget, scripts/budgets.mjs). The
// schema modules re-export them and build their enums from them; one place for each.

/**
 * - `admin`: everything, and invites operators, sees the audit log;
 * - `moderator`: the moderation and report queues, a member's status;
 * - `support`: the member desk, without payment details;
 * - `finance`: payments, refunds, prices; no messages.
 */
export const OPERATOR_ROLES = ['admin', 'moderator', 'support', 'finance'] as const;
type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Which roles may use which part of the back office: one place, read by the API (the `roles` of a
 * route, src/operator/access.ts) and by the back office's navigation. `admin` may use every part.
 */
export const OPERATOR_AREAS = {
  /** The moderation queue: decide photos and texts. */
  moderation: ['admin', 'moderator'],
  /** The list of rejection reasons. */
  moderation_reasons: ['admin', 'moderator'],
  /** The site's moderation mode and target time. */
  moderation_settings: ['admin'],
  /** Operators: invite, change role and sites, suspend. */
  operators: ['admin'],
  /** The audit log and its CSV export. */
  audit: ['admin'],
  /** Lander campaigns of the site. */
  campaigns: ['admin'],
  /** The site's remote registry (which manifest each remote loads), its history, rollback and canaries. */
  registry: ['admin'],
  /** The site itself: template, languages, signups, logged-out search, feature flags, company details. */
  sites: ['admin'],
  /** Reports and complaints. */
  reports: ['admin', 'moderator'],
  /** The member desk (search, a member's page; support sees no payment details). */
  members: ['admin', 'moderator', 'support', 'finance'],
  /** Payments, refunds, subscriptions, credit corrections. */
  payments: ['admin', 'finance', 'support'],
  /** Credit packages, Premium plans, message prices, the time bonus, discount and welcome codes. */
  prices: ['admin', 'finance'],
  /** Site-run profiles: create and edit them (their photos and texts pass moderation). */
  site_run_profiles: ['admin', 'moderator'],
  /** The console answering conversations with site-run profiles; notes; protecting a vulnerable member. */
  site_run_console: ['admin', 'support'],
  /** The dashboards: funnel, revenue, credits, messages, members online, moderation waiting time. */
  dashboards: ['admin', 'finance'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type OperatorArea = keyof typeof OPERATOR_AREAS;

export const MEMBER_DESK_ACTIONS = [
  'correction', 'suspend', 'ban', 'restore', 'end_sessions', 'resend_activation', 'change_email', 'cancel_subscription', 'note',
] as const;

// ─── Who may do what on the desks ────────────────────────────────────────────────────────────

/**
 * The roles of each desk call and action (admin may do everything; the areas the back office's
 * navigation shows are OPERATOR_AREAS', and these follow them): support sees no payment details (the payments desk is finance's; support refunds and corrects from the member page),
 * finance reads no messages (the queue is not theirs), a moderator cannot refund or correct.
 */
export const DESK_ROLES = {
  /** The reports and complaints queue, its context and actions, and a reported conversation. */
  reports: OPERATOR_AREAS.reports,
  /** Member search and the member page (payment details for admin and finance only). */
  members: OPERATOR_AREAS.members,
  paymentDetails: ['admin', 'finance'],
  /** Member page actions. */
  standing: ['admin', 'moderator', 'support'],
  end_sessions: ['admin', 'moderator', 'support'],
  account: ['admin', 'support'],
  note: ['admin', 'moderator', 'support', 'finance'],
  /** Credit corrections, refunds, cancelling a subscription. */
  money: OPERATOR_AREAS.payments,
  /** The payments desk: payments, refunds, chargebacks, subscriptions, totals per day. */
  payments: ['admin', 'finance'],
  /** Data export and erasure. */
  privacy: ['admin', 'support'],
} as const;
export type DeskArea = keyof typeof DESK_ROLES;

/** Which part of DESK_ROLES a member page action belongs to. */
export const MEMBER_ACTION_AREA: Record<(typeof MEMBER_DESK_ACTIONS)[number], DeskArea> = {
  correction: 'money',
  cancel_subscription: 'money',
  suspend: 'standing',
  ban: 'standing',
  restore: 'standing',
  end_sessions: 'end_sessions',
  resend_activation: 'account',
  change_email: 'account',
  note: 'note',
};

export const PACKAGE_BADGES = ['most_chosen', 'best_value'] as const;
export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;

/**
 * The longest period one dashboard covers, in days: a quarter. Every query stays within 200 ms at
 * 100,000 members for it (npm run bench:dashboards); a year by week took up to a second, which
 * would need per-day summaries of the cohort figures (docs/dashboards.md).
 */
export const DASHBOARD_MAX_DAYS = 92;
