import type { DashboardPeriod, DashboardResponse, FunnelFigures, FunnelSource, RevenuePeriod, RevenueTotal } from '@dating/shared';
import type { Db } from '../db';
import { rollUpMessageHours } from './rollup';

/** The sites one dashboard covers: their ids (visits, signups, payments) and member pools (activity). */
export interface DashboardSites {
  ids: number[];
  pools: number[];
  brands: Array<{ id: number; brand: string }>;
}

export interface Range {
  grain: 'day' | 'week';
  /** First and last day, UTC (YYYY-MM-DD); weeks run Monday to Sunday. */
  from: string;
  to: string;
}

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Monday of the day's week (UTC). */
const monday = (day: string) => dayOf(ms(day) - ((new Date(ms(day)).getUTCDay() + 6) % 7) * DAY);

/** The period asked for, with the defaults: the last 30 days, or the last 12 weeks, up to today. */
export function rangeOf(q: { grain: 'day' | 'week'; from?: string; to?: string }, now = Date.now()): Range {
  const to = q.to ?? dayOf(now);
  if (q.grain === 'day') return { grain: 'day', from: q.from ?? dayOf(ms(to) - 29 * DAY), to };
  const from = monday(q.from ?? dayOf(ms(to) - 11 * 7 * DAY));
  return { grain: 'week', from, to: dayOf(ms(monday(to)) + 6 * DAY) };
}

/** The first day of every period of the range. */
export function periodStarts(r: Range): string[] {
  const step = r.grain === 'day' ? DAY : 7 * DAY;
  const out: string[] = [];
  for (let t = ms(r.from); t <= ms(r.to); t += step) out.push(dayOf(t));
  return out;
}

/** The period (its first day, text) of a timestamptz column, in UTC. */
const bucket = (grain: Range['grain'], column: string) =>
  grain === 'day' ? `to_char((${column} AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')` : `to_char(date_trunc('week', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
/** The same for a date column. */
const dayBucket = (grain: Range['grain'], column: string) =>
  grain === 'day' ? `to_char(${column}, 'YYYY-MM-DD')` : `to_char(date_trunc('week', ${column}::timestamp), 'YYYY-MM-DD')`;

const n = (v: unknown) => Number(v ?? 0);
const EMPTY_FUNNEL: FunnelFigures = { visits: 0, signups: 0, activations: 0, first_messages: 0, first_purchases: 0 };

/** Where a signup came from: its traffic source (lower-case network) and lander campaign (migration 0313). */
const SIGNUP_SOURCE = `s.source_network AS network, s.source_ref AS ref, s.source_sub1 AS sub1, s.source_sub2 AS sub2, s.source_sub3 AS sub3,
  s.source_campaign AS campaign`;

/** The stages a signup reached (to now): activated, sent a message, paid (kept on the signup row, migrations 0311 and 0312). */
const COHORT = `count(*) AS signups, count(*) FILTER (WHERE s.activated_at IS NOT NULL) AS activations,
  count(*) FILTER (WHERE s.first_message_at IS NOT NULL) AS first_messages,
  count(*) FILTER (WHERE s.first_purchase_at IS NOT NULL) AS first_purchases`;

type Named = { name: string; run: () => Promise<unknown> };

/**
 * Every query of a dashboard, by name (the benchmark times each, api/bench/dashboards.ts). `until`
 * is message_hours' roll-up mark: hours before it are read from the summary, the rest from messages.
 */
export function dashboardQueries(db: Db, sites: DashboardSites, r: Range, until: Date) {
  const from = `${r.from}T00:00:00Z`;
  const to = new Date(ms(r.to) + DAY).toISOString();
  const ids = sites.ids;
  const pools = sites.pools;
  const hoursOf = (start: string, end: string, group: string) =>
    db.query<{ start: string; messages: string; credits: string }>(
      `SELECT ${group} AS start, sum(messages) AS messages, sum(credits) AS credits FROM (
         SELECT hour, messages, credits FROM message_hours WHERE site_id = ANY($1::int[]) AND hour >= $2 AND hour < least($3::timestamptz, $4)
         UNION ALL
         SELECT date_trunc('hour', x.created_at), 1, x.cost FROM messages x JOIN members m ON m.id = x.sender_id
          WHERE m.site_id = ANY($1::int[]) AND x.created_at >= greatest($2::timestamptz, $4) AND x.created_at < $3
       ) t GROUP BY 1`,
      [pools, start, end, until],
    );
  return {
    visits: () =>
      db.query<{ start: string; visits: string }>(
        `SELECT ${dayBucket(r.grain, 'day')} AS start, sum(visits) AS visits FROM site_visits
          WHERE site_id = ANY($1::int[]) AND day >= $2::date AND day <= $3::date GROUP BY 1`,
        [ids, r.from, r.to],
      ),
    signups: () =>
      db.query<{ start: string } & Record<keyof FunnelFigures, string>>(
        `SELECT ${bucket(r.grain, 's.created_at')} AS start, ${COHORT}
           FROM member_signups s
          WHERE s.site_id = ANY($1::int[]) AND s.created_at >= $2 AND s.created_at < $3 GROUP BY 1`,
        [ids, from, to],
      ),
    sourceVisits: () =>
      db.query<Omit<FunnelSource, keyof FunnelFigures> & { visits: string }>(
        `SELECT network, ref, sub1, sub2, sub3, campaign, sum(visits) AS visits FROM site_visits
          WHERE site_id = ANY($1::int[]) AND day >= $2::date AND day <= $3::date GROUP BY 1, 2, 3, 4, 5, 6`,
        [ids, r.from, r.to],
      ),
    sourceSignups: () =>
      db.query<Omit<FunnelSource, keyof FunnelFigures> & Record<keyof FunnelFigures, string>>(
        `SELECT network, ref, sub1, sub2, sub3, campaign, ${COHORT} FROM (
           SELECT s.activated_at, s.first_message_at, s.first_purchase_at, ${SIGNUP_SOURCE} FROM member_signups s
            WHERE s.site_id = ANY($1::int[]) AND s.created_at >= $2 AND s.created_at < $3) s
          GROUP BY 1, 2, 3, 4, 5, 6`,
        [ids, from, to],
      ),
    messages: () => hoursOf(from, to, bucket(r.grain, 'hour')),
    lastHours: () => {
      const now = Date.now();
      const start = new Date(Math.floor(now / 3_600_000) * 3_600_000 - 23 * 3_600_000).toISOString();
      return hoursOf(start, new Date(now + 1000).toISOString(), `to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":00:00.000Z"')`);
    },
    payments: () =>
      db.query<{ start: string; currency: string; revenue: string; refunded: string; charged_back: string; chargebacks: string; payers: string }>(
        `SELECT ${bucket(r.grain, 'paid_at')} AS start, currency, sum(amount_cents) AS revenue, sum(refunded_cents) AS refunded,
                sum(charged_back_cents) AS charged_back, count(*) FILTER (WHERE charged_back_cents > 0) AS chargebacks, count(DISTINCT member_id) AS payers
           FROM payments WHERE site_id = ANY($1::int[]) AND status = 'paid' AND paid_at >= $2 AND paid_at < $3 GROUP BY 1, 2`,
        [ids, from, to],
      ),
    paymentTotals: () =>
      db.query<{ start: string | null; currency: string | null; revenue: string; refunded: string; charged_back: string; chargebacks: string; payers: string; credits: string }>(
        `SELECT CASE WHEN GROUPING(currency) = 0 THEN NULL ELSE ${bucket(r.grain, 'paid_at')} END AS start, currency,
                sum(amount_cents) AS revenue, sum(refunded_cents) AS refunded, sum(charged_back_cents) AS charged_back,
                count(*) FILTER (WHERE charged_back_cents > 0) AS chargebacks, count(DISTINCT member_id) AS payers, sum(credits + bonus_credits) AS credits
           FROM payments WHERE site_id = ANY($1::int[]) AND status = 'paid' AND paid_at >= $2 AND paid_at < $3
          GROUP BY GROUPING SETS ((${bucket(r.grain, 'paid_at')}), (currency), ())`,
        [ids, from, to],
      ),
    online: () =>
      db.query<{ n: string }>(`SELECT count(*) AS n FROM members WHERE online_until > now() AND site_id = ANY($1::int[]) AND NOT fictional`, [pools]),
    moderationQueue: () =>
      db.query<{ waiting: string; oldest: string | null; target: string | null }>(
        `SELECT (SELECT count(*) FROM moderation_items WHERE site_id = ANY($1::int[]) AND status = 'pending') AS waiting,
                (SELECT extract(epoch FROM now() - min(created_at)) / 60 FROM moderation_items WHERE site_id = ANY($1::int[]) AND status = 'pending') AS oldest,
                (SELECT min(coalesce(t.target_minutes, 30)) FROM unnest($1::int[]) p(id) LEFT JOIN moderation_settings t ON t.site_id = p.id) AS target`,
        [pools],
      ),
    moderationDecided: () =>
      db.query<{ start: string; decided: string; median: string | null; within: string }>(
        `SELECT ${bucket(r.grain, 'i.decided_at')} AS start, count(*) AS decided,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.decided_at - i.created_at) / 60) AS median,
                count(*) FILTER (WHERE i.decided_at - i.created_at <= make_interval(mins => coalesce(t.target_minutes, 30))) AS within
           FROM moderation_items i LEFT JOIN moderation_settings t ON t.site_id = i.site_id
          WHERE i.site_id = ANY($1::int[]) AND i.decided_at >= $2 AND i.decided_at < $3 AND i.status IN ('approved', 'rejected')
          GROUP BY 1`,
        [pools, from, to],
      ),
  } satisfies Record<string, Named['run']>;
}

type Queries = ReturnType<typeof dashboardQueries>;
type Rows<K extends keyof Queries> = Awaited<ReturnType<Queries[K]>>['rows'];

/** A dashboard: every query at once, then put together per period. */
export async function dashboard(db: Db, sites: DashboardSites, r: Range, scope: 'site' | 'all'): Promise<DashboardResponse> {
  const until = await rollUpMessageHours(db);
  const q = dashboardQueries(db, sites, r, until);
  const [visits, signups, sourceVisits, sourceSignups, messages, lastHours, payments, paymentTotals, online, queue, decided] = await Promise.all([
    q.visits(),
    q.signups(),
    q.sourceVisits(),
    q.sourceSignups(),
    q.messages(),
    q.lastHours(),
    q.payments(),
    q.paymentTotals(),
    q.online(),
    q.moderationQueue(),
    q.moderationDecided(),
  ]);
  const byStart = <T extends { start: string | null }>(rows: T[]) => new Map(rows.map((x) => [x.start, x]));
  const v = byStart(visits.rows);
  const s = byStart(signups.rows);
  const m = byStart(messages.rows);
  const d = byStart(decided.rows);
  const perPeriod = byStart(paymentTotals.rows.filter((x) => x.start !== null && x.currency === null));
  const periods: DashboardPeriod[] = periodStarts(r).map((start) => {
    const sg = s.get(start);
    const pay = perPeriod.get(start);
    const dec = d.get(start);
    return {
      start,
      visits: n(v.get(start)?.visits),
      signups: n(sg?.signups),
      activations: n(sg?.activations),
      first_messages: n(sg?.first_messages),
      first_purchases: n(sg?.first_purchases),
      messages: n(m.get(start)?.messages),
      credits_spent: n(m.get(start)?.credits),
      credits_sold: n(pay?.credits),
      paying_members: n(pay?.payers),
      decided: n(dec?.decided),
      median_wait_minutes: dec?.median == null ? null : Math.round(Number(dec.median) * 10) / 10,
      within_target: n(dec?.within),
    };
  });
  const all = paymentTotals.rows.find((x) => x.start === null && x.currency === null);
  const sum = (k: 'visits' | 'signups' | 'activations' | 'first_messages' | 'first_purchases' | 'messages' | 'credits_spent') =>
    periods.reduce((t, p) => t + p[k], 0);
  const revenue: RevenuePeriod[] = (payments.rows as Rows<'payments'>)
    .map((x) => ({
      start: x.start,
      currency: x.currency,
      revenue_cents: n(x.revenue),
      refunded_cents: n(x.refunded),
      charged_back_cents: n(x.charged_back),
      chargebacks: n(x.chargebacks),
      paying_members: n(x.payers),
    }))
    .sort((a, b) => a.start.localeCompare(b.start) || a.currency.localeCompare(b.currency));
  const revenueTotals: RevenueTotal[] = paymentTotals.rows
    .filter((x) => x.start === null && x.currency !== null)
    .map((x) => {
      const net = n(x.revenue) - n(x.refunded) - n(x.charged_back);
      const payers = n(x.payers);
      return {
        currency: x.currency!,
        revenue_cents: n(x.revenue),
        refunded_cents: n(x.refunded),
        charged_back_cents: n(x.charged_back),
        chargebacks: n(x.chargebacks),
        paying_members: payers,
        net_cents: net,
        per_member_cents: payers ? Math.round(net / payers) : 0,
      };
    })
    .sort((a, b) => b.revenue_cents - a.revenue_cents);

  const key = (x: Omit<FunnelSource, keyof FunnelFigures>) => [x.network, x.ref, x.sub1, x.sub2, x.sub3, x.campaign].join('\u0000');
  const sources = new Map<string, FunnelSource>();
  for (const x of sourceVisits.rows) {
    sources.set(key(x), { network: x.network, ref: x.ref, sub1: x.sub1, sub2: x.sub2, sub3: x.sub3, campaign: x.campaign, ...EMPTY_FUNNEL, visits: n(x.visits) });
  }
  for (const x of sourceSignups.rows) {
    const k = key(x);
    const row = sources.get(k) ?? { network: x.network, ref: x.ref, sub1: x.sub1, sub2: x.sub2, sub3: x.sub3, campaign: x.campaign, ...EMPTY_FUNNEL };
    sources.set(k, { ...row, signups: n(x.signups), activations: n(x.activations), first_messages: n(x.first_messages), first_purchases: n(x.first_purchases) });
  }
  const hours = new Map(lastHours.rows.map((x) => [x.start, n(x.messages)]));
  const firstHour = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 23 * 3_600_000;
  const q0 = queue.rows[0]!;
  return {
    scope,
    grain: r.grain,
    from: r.from,
    to: r.to,
    sites: sites.brands,
    periods,
    totals: {
      visits: sum('visits'),
      signups: sum('signups'),
      activations: sum('activations'),
      first_messages: sum('first_messages'),
      first_purchases: sum('first_purchases'),
      messages: sum('messages'),
      credits_spent: sum('credits_spent'),
      credits_sold: n(all?.credits),
      paying_members: n(all?.payers),
    },
    revenue,
    revenue_totals: revenueTotals,
    sources: [...sources.values()].sort((a, b) => b.signups - a.signups || b.visits - a.visits).slice(0, 100),
    messages_per_hour: Array.from({ length: 24 }, (_, i) => {
      const hour = new Date(firstHour + i * 3_600_000).toISOString();
      return { hour, messages: hours.get(hour) ?? 0 };
    }),
    online_now: n(online.rows[0]?.n),
    moderation: {
      target_minutes: n(q0.target ?? 30),
      waiting: n(q0.waiting),
      oldest_waiting_minutes: q0.oldest == null ? null : Math.round(Number(q0.oldest)),
    },
  };
}
