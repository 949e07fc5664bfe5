// The back office's dashboards (GET /api/operator/dashboard.php; roles: OPERATOR_AREAS.dashboards):
// the funnel from visit to first purchase by traffic source and campaign, revenue, credits,
// messages, members online and moderation waiting time, for the operator's current site or all of
// their sites, by day or week (UTC). docs/dashboards.md says where each figure comes from.
import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { TrackingInfoSchema } from './account';
import { DASHBOARD_MAX_DAYS } from '../operatorLists';

export { DASHBOARD_MAX_DAYS } from '../operatorLists';
export const DASHBOARD_GRAINS = ['day', 'week'] as const;
export const DASHBOARD_SCOPES = ['site', 'all'] as const;

const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, e.g. 2026-11-27')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a calendar day');

export const DashboardQuerySchema = z
  .object({
    /** `site`: the session's current site; `all`: every site the operator holds. */
    scope: z.enum(DASHBOARD_SCOPES).default('site'),
    /** Periods of a day or of a week (weeks start on Monday, UTC). */
    grain: z.enum(DASHBOARD_GRAINS).default('day'),
    /** First and last day (UTC); by default the last 30 days (day) or 12 weeks (week) up to today. */
    from: DaySchema.optional(),
    to: DaySchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'not before from' });
      else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= DASHBOARD_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${DASHBOARD_MAX_DAYS} days after from` });
      }
    }
  });
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

const count = z.number().int().min(0);

/** The funnel's stages: visits of the period, signups of the period and how far those came (to now). */
export const FunnelFiguresSchema = z.object({
  visits: count,
  signups: count,
  activations: count,
  first_messages: count,
  first_purchases: count,
});
export type FunnelFigures = z.infer<typeof FunnelFiguresSchema>;
export const FUNNEL_STAGES = ['visits', 'signups', 'activations', 'first_messages', 'first_purchases'] as const satisfies ReadonlyArray<keyof FunnelFigures>;

/** One traffic source and campaign ('' where the visit or signup had none). */
export const FunnelSourceSchema = FunnelFiguresSchema.extend({
  network: z.string(),
  ref: z.string(),
  sub1: z.string(),
  sub2: z.string(),
  sub3: z.string(),
  campaign: z.string(),
});
export type FunnelSource = z.infer<typeof FunnelSourceSchema>;

export const DashboardPeriodSchema = FunnelFiguresSchema.extend({
  /** The period's first day (UTC). */
  start: z.string(),
  /** Messages sent, and the credits they cost. */
  messages: count,
  credits_spent: count,
  /** Credits bought (with their bonus credits) in paid payments. */
  credits_sold: count,
  /** Members with at least one paid payment in the period. */
  paying_members: count,
  /** Moderation decisions taken in the period, their median wait, and how many within the target. */
  decided: count,
  median_wait_minutes: z.number().nullable(),
  within_target: count,
});
export type DashboardPeriod = z.infer<typeof DashboardPeriodSchema>;

/** Money per period and currency: paid, refunded and charged back (in the period of the payment). */
export const RevenuePeriodSchema = z.object({
  start: z.string(),
  currency: z.string(),
  revenue_cents: count,
  refunded_cents: count,
  charged_back_cents: count,
  chargebacks: count,
  paying_members: count,
});
export type RevenuePeriod = z.infer<typeof RevenuePeriodSchema>;

export const RevenueTotalSchema = RevenuePeriodSchema.omit({ start: true }).extend({
  /** Revenue less refunds and chargebacks. */
  net_cents: z.number().int(),
  /** Net revenue per paying member (0 without paying members). */
  per_member_cents: z.number().int(),
});
export type RevenueTotal = z.infer<typeof RevenueTotalSchema>;

export const DashboardResponseSchema = z.object({
  scope: z.enum(DASHBOARD_SCOPES),
  grain: z.enum(DASHBOARD_GRAINS),
  from: z.string(),
  to: z.string(),
  /** The sites the figures cover. */
  sites: z.array(z.object({ id: z.number().int(), brand: z.string() })),
  periods: z.array(DashboardPeriodSchema),
  totals: FunnelFiguresSchema.extend({ messages: count, credits_spent: count, credits_sold: count, paying_members: count }),
  revenue: z.array(RevenuePeriodSchema),
  revenue_totals: z.array(RevenueTotalSchema),
  /** The funnel per traffic source and campaign, most signups first (at most 100 rows). */
  sources: z.array(FunnelSourceSchema),
  /** Messages in each of the last 24 hours (the hour's start, ISO), oldest first. */
  messages_per_hour: z.array(z.object({ hour: z.string(), messages: count })),
  online_now: count,
  moderation: z.object({
    /** The sites' target (the strictest of them, in minutes). */
    target_minutes: count,
    waiting: count,
    oldest_waiting_minutes: z.number().nullable(),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

/** POST /api/visit.php: a visitor's first page of a browser session, with its traffic source. */
export const VisitRequestSchema = z.object({
  trafficsource: TrackingInfoSchema.default({}),
  /** The path of the page the visit began on (its lander campaign, if any). */
  path: z.string().max(300).regex(/^\//, 'a path, starting with /'),
});
export type VisitRequest = z.input<typeof VisitRequestSchema>;
export const VisitResponseSchema = z.object({ recorded: z.boolean() });
