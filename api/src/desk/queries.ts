import type {
  DeskPayment,
  DeskProfile,
  MemberActionEntry,
  MemberHit,
  MemberPage,
  MemberStatus,
  PaymentsQuery,
  PhotoFormat,
  PaymentsResponse,
  ReportItem,
  ReportsQuery,
  SubscriptionsResponse,
} from '@dating/shared';
import { complaintReference } from '../complaints/reference';
import type { Db } from '../db';
import { describeUserAgent } from '../session/devices';
import type { Site } from '../site/site';
import { toImage } from '../members/member';

/** The reads of the desks (src/desk/plugin.ts): the queue, the member page, the payments desk. */

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

// ─── Reports and complaints ──────────────────────────────────────────────────────────────────

const REPORT_SELECT = `
  SELECT c.id::int AS id, c.source, c.category, c.description, c.language, c.created_at, c.status, c.outcome, c.handled_at,
         c.message_id, c.site_id,
         c.reporter_member_id AS reporter_id, rp.name AS reporter_name, coalesce(c.reporter_email, rp.email) AS reporter_email,
         c.reported_member_id AS reported_id, rd.name AS reported_name, rd.status AS reported_status,
         (SELECT count(*) FROM complaints x WHERE x.reported_member_id = c.reported_member_id)::int AS reported_reports,
         (SELECT count(DISTINCT x.reporter_member_id) FROM complaints x WHERE x.reported_member_id = c.reported_member_id)::int AS reported_reporters
    FROM complaints c
    LEFT JOIN members rp ON rp.id = c.reporter_member_id
    LEFT JOIN members rd ON rd.id = c.reported_member_id`;

interface ReportRow {
  id: number;
  source: ReportItem['source'];
  category: ReportItem['category'];
  description: string;
  language: string;
  created_at: Date;
  status: ReportItem['status'];
  outcome: ReportItem['outcome'];
  handled_at: Date | null;
  message_id: string | null;
  site_id: number;
  reporter_id: number | null;
  reporter_name: string | null;
  reporter_email: string | null;
  reported_id: number | null;
  reported_name: string | null;
  reported_status: MemberStatus;
  reported_reports: number;
  reported_reporters: number;
}

/** Whether a report concerns a conversation: a reported message, or a chat report between two members. */
const concernsConversation = (r: ReportRow) => r.message_id !== null || (r.source === 'chat' && r.reporter_id !== null && r.reported_id !== null);

function toReport(r: ReportRow): ReportItem {
  return {
    id: r.id,
    reference: complaintReference(r.id),
    source: r.source,
    category: r.category,
    description: r.description,
    language: r.language,
    created_at: iso(r.created_at)!,
    waiting_minutes: Math.max(0, Math.floor(((r.handled_at ? new Date(r.handled_at).getTime() : Date.now()) - new Date(r.created_at).getTime()) / 60_000)),
    reporter: { id: r.reporter_id, name: r.reporter_name, email: r.reporter_email },
    reported:
      r.reported_id !== null && r.reported_name !== null
        ? { id: r.reported_id, name: r.reported_name, status: r.reported_status, reports: r.reported_reports, distinct_reporters: r.reported_reporters }
        : null,
    concerns_conversation: concernsConversation(r),
    status: r.status,
    outcome: r.outcome,
    handled_at: iso(r.handled_at),
  };
}

/** The queue of a site: open ones oldest first (the longest waiting on top), handled ones newest first. */
export async function listReports(db: Db, siteId: number, q: Required<Pick<ReportsQuery, 'state' | 'limit'>> & ReportsQuery): Promise<ReportItem[]> {
  const where = ['c.site_id = $1'];
  const params: unknown[] = [siteId];
  if (q.state === 'open') where.push('c.handled_at IS NULL');
  if (q.state === 'handled') where.push('c.handled_at IS NOT NULL');
  if (q.member !== undefined) {
    params.push(q.member);
    where.push(`c.reported_member_id = $${params.length}`);
  }
  if (q.restricted) where.push(`rd.status = 'restricted'`);
  const newestFirst = q.state !== 'open';
  if (q.after !== undefined) {
    params.push(q.after);
    where.push(`c.id ${newestFirst ? '<' : '>'} $${params.length}`);
  }
  params.push(q.limit);
  const { rows } = await db.query<ReportRow>(
    `${REPORT_SELECT} WHERE ${where.join(' AND ')} ORDER BY c.id ${newestFirst ? 'DESC' : 'ASC'} LIMIT $${params.length}`,
    params,
  );
  return rows.map(toReport);
}

/** One report (any site: the caller checks `site_id`), or null. */
export async function findReport(db: Db, id: number): Promise<(ReportItem & { site_id: number; message_id: number | null }) | null> {
  const { rows } = await db.query<ReportRow>(`${REPORT_SELECT} WHERE c.id = $1`, [id]);
  const r = rows[0];
  return r ? { ...toReport(r), site_id: r.site_id, message_id: r.message_id === null ? null : Number(r.message_id) } : null;
}

/** Reports about a member (or by a member), newest first. */
export async function reportsOf(db: Db, memberId: number, side: 'about' | 'by', except?: number): Promise<ReportItem[]> {
  const { rows } = await db.query<ReportRow>(
    `${REPORT_SELECT} WHERE ${side === 'about' ? 'c.reported_member_id' : 'c.reporter_member_id'} = $1 AND c.id <> $2 ORDER BY c.id DESC LIMIT 50`,
    [memberId, except ?? 0],
  );
  return rows.map(toReport);
}

/**
 * The last messages between the reporter and the reported member (at most 30, oldest first), with
 * the reported one marked. Only for reports that concern a conversation; the caller audits it.
 */
export async function reportMessages(db: Db, report: { reporter: { id: number | null }; reported: { id: number } | null; message_id: number | null }) {
  if (report.reporter.id === null || !report.reported) return [];
  const [lo, hi] = [report.reporter.id, report.reported.id].sort((a, b) => a - b);
  const { rows } = await db.query<{ id: number; sender_id: number; body: string; created_at: Date }>(
    `SELECT * FROM (
       SELECT m.id, m.sender_id, m.body, m.created_at FROM messages m
         JOIN conversations c ON c.id = m.conversation_id
        WHERE c.member_lo = $1 AND c.member_hi = $2
          AND ($3::bigint IS NULL OR m.id <= $3::bigint + 10)
        ORDER BY m.id DESC LIMIT 30) x ORDER BY id`,
    [lo, hi, report.message_id],
  );
  return rows.map((m) => ({
    id: m.id,
    sender_id: m.sender_id,
    from_reported: m.sender_id === report.reported!.id,
    body: m.body,
    created_at: iso(m.created_at)!,
    reported: report.message_id !== null && m.id === report.message_id,
  }));
}

// ─── Members ─────────────────────────────────────────────────────────────────────────────────

interface ProfileRow {
  id: number;
  site_id: number;
  name: string;
  email: string;
  age: number | null;
  gender: 'male' | 'female' | null;
  city: string | null;
  country: string | null;
  language: string | null;
  personal: string;
  status: DeskProfile['status'];
  suspended_until: Date | null;
  signup_date: Date;
  credits: number;
  paid_user: boolean;
  activated: boolean;
  last_seen_at: Date | null;
  photos: { id: number; filename: string; thumb_filename: string; is_main: boolean; created_at: string; width: number | null; height: number | null; formats: PhotoFormat[] }[];
}

/** A member's row as the desks show it (any pool: the caller checks `site_id`), or null. */
export async function loadDeskMember(db: Db, site: Site, memberId: number): Promise<(DeskProfile & Omit<ProfileRow, keyof DeskProfile | 'photos'>) | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT m.id, m.site_id, m.name, m.email, date_part('year', age(m.date_of_birth))::int AS age, m.gender, m.city, m.country,
            m.language, m.personal, m.status, m.suspended_until, m.signup_date, m.credits, m.paid_user,
            (m.activated_at IS NOT NULL OR m.status = 'active') AS activated, m.last_seen_at,
            coalesce((SELECT json_agg(json_build_object('id', i.id, 'filename', i.filename, 'thumb_filename', i.thumb_filename,
                                                        'is_main', i.is_main, 'created_at', i.created_at, 'width', i.width, 'height', i.height,
                                                        'formats', i.formats) ORDER BY i.is_main DESC, i.id)
                        FROM images i WHERE i.member_id = m.id), '[]') AS photos
       FROM members m WHERE m.id = $1`,
    [memberId],
  );
  const r = rows[0];
  if (!r) return null;
  const prefix = site.settings.cdn_prefix;
  return {
    ...r,
    suspended_until: iso(r.suspended_until),
    signup_date: iso(r.signup_date)!,
    last_seen_at: r.last_seen_at,
    photos: r.photos.map((p) => {
      const { thumb_filename, large, formats } = toImage(p);
      return { id: p.id, url: prefix + p.filename, thumb_url: prefix + p.thumb_filename, thumb_filename, large, formats, main: p.is_main, created_at: iso(p.created_at)! };
    }),
  } as DeskProfile & Omit<ProfileRow, keyof DeskProfile | 'photos'>;
}

/** Only the DeskProfile fields (what the queue shows of a reported member). */
export function deskProfile(m: DeskProfile): DeskProfile {
  const { id, name, age, gender, city, country, language, personal, status, suspended_until, signup_date, photos } = m;
  return { id, name, age, gender, city, country, language, personal, status, suspended_until, signup_date, photos };
}

export async function memberHistory(db: Db, memberId: number): Promise<MemberActionEntry[]> {
  const { rows } = await db.query<{ id: string; action: MemberActionEntry['action']; reason: string; until: Date | null; operator_id: number | null; complaint_id: string | null; details: Record<string, unknown>; created_at: Date }>(
    'SELECT id, action, reason, until, operator_id, complaint_id, details, created_at FROM member_actions WHERE member_id = $1 ORDER BY id DESC LIMIT 100',
    [memberId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    reason: r.reason,
    until: iso(r.until),
    operator_id: r.operator_id,
    complaint_id: r.complaint_id === null ? null : Number(r.complaint_id),
    details: r.details,
    created_at: iso(r.created_at)!,
  }));
}

/**
 * The member desk's search in a member pool: a number is a member id; `txn_…`/`tr_…` a payment
 * (ours or the provider's); an address is looked up exactly (any case, the unique index); anything
 * else is a part of a name or an address (trigram indexes, migration 0115), best match first.
 */
export async function searchMembers(db: Db, poolId: number, q: string): Promise<MemberHit[]> {
  const cols = `m.id, m.name, m.email, m.status, m.country, m.signup_date`;
  const hits = async (sql: string, params: unknown[], matched: MemberHit['matched']) => {
    const { rows } = await db.query<Omit<MemberHit, 'matched' | 'signup_date'> & { signup_date: Date }>(sql, params);
    return rows.map((r) => ({ ...r, signup_date: iso(r.signup_date)!, matched }));
  };
  const text = q.trim();
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    if (id > 2_147_483_647) return [];
    return hits(`SELECT ${cols} FROM members m WHERE m.id = $1 AND m.site_id = $2`, [id, poolId], 'id');
  }
  if (/^(txn|tr)_[A-Za-z0-9_-]{3,64}$/.test(text)) {
    return hits(
      `SELECT ${cols} FROM payments p JOIN members m ON m.id = p.member_id
        WHERE (p.id = $1 OR p.provider_id = $1) AND m.site_id = $2`,
      [text, poolId],
      'payment',
    );
  }
  if (/^[^\s@]+@[^\s@]+$/.test(text)) {
    const exact = await hits(`SELECT ${cols} FROM members m WHERE m.site_id = $1 AND lower(m.email) = lower($2)`, [poolId, text], 'email');
    if (exact.length) return exact;
  }
  const needle = text.toLowerCase();
  if (needle.length < 3) {
    // Too short for trigrams: names that start with it.
    return hits(
      `SELECT ${cols} FROM members m WHERE m.site_id = $1 AND lower(m.name) LIKE $2 || '%' ORDER BY m.name, m.id LIMIT 20`,
      [poolId, needle.replace(/[\\%_]/g, '\\$&')],
      'name',
    );
  }
  const like = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
  const byName = await hits(
    `SELECT ${cols} FROM members m WHERE m.site_id = $1 AND lower(m.name) LIKE $2
      ORDER BY lower(m.name) = $3 DESC, similarity(lower(m.name), $3) DESC, m.id LIMIT 20`,
    [poolId, like, needle],
    'name',
  );
  if (byName.length >= 20) return byName;
  const byEmail = await hits(
    `SELECT ${cols} FROM members m WHERE m.site_id = $1 AND lower(m.email) LIKE $2 ORDER BY similarity(lower(m.email), $3) DESC, m.id LIMIT 20`,
    [poolId, like, needle],
    'email',
  );
  const seen = new Set(byName.map((h) => h.id));
  return [...byName, ...byEmail.filter((h) => !seen.has(h.id))].slice(0, 20);
}

interface PaymentRow {
  id: string;
  site_id: number;
  member_id: number | null;
  member_name: string | null;
  kind: DeskPayment['kind'];
  status: DeskPayment['status'];
  amount_cents: number;
  currency: string;
  refunded_cents: number;
  charged_back_cents: number;
  credits: number;
  created_at: Date;
  paid_at: Date | null;
  method: string | null;
  country: string | null;
  provider_id: string | null;
  refunds: { id: string; amount_cents: number; status: string; reason: string; created_at: string }[];
}

const PAYMENT_SELECT = `
  SELECT p.id, p.site_id, p.member_id, m.name AS member_name, p.kind, p.status, p.amount_cents, p.currency, p.refunded_cents, p.charged_back_cents,
         p.credits + p.bonus_credits AS credits, p.created_at, p.paid_at, p.method, p.country, p.provider_id,
         coalesce((SELECT json_agg(json_build_object('id', r.id, 'amount_cents', r.amount_cents, 'status', r.status,
                                                     'reason', r.reason, 'created_at', r.created_at) ORDER BY r.created_at)
                     FROM payment_refunds r WHERE r.payment_id = p.id), '[]') AS refunds
    FROM payments p LEFT JOIN members m ON m.id = p.member_id`;

/** A payment as a desk shows it; without payment details (method, country, provider id) for support. */
function toPayment(r: PaymentRow, details: boolean): DeskPayment & { member_id: number | null; member_name: string | null } {
  return {
    id: r.id,
    site_id: r.site_id,
    member_id: r.member_id,
    member_name: r.member_name,
    kind: r.kind,
    status: r.status,
    amount_cents: r.amount_cents,
    currency: r.currency,
    refunded_cents: r.refunded_cents,
    charged_back_cents: r.charged_back_cents,
    credits: r.credits,
    created_at: iso(r.created_at)!,
    paid_at: iso(r.paid_at),
    method: details ? r.method : null,
    country: details ? r.country : null,
    provider_id: details ? r.provider_id : null,
    refunds: r.refunds.map((x) => ({ ...x, created_at: iso(x.created_at)! })),
  };
}

/** The member page (GET /api/operator/member.php). */
export async function memberPage(
  db: Db,
  site: Site,
  memberId: number,
  paymentDetails: boolean,
): Promise<MemberPage | null> {
  const m = await loadDeskMember(db, site, memberId);
  if (!m) return null;
  const [history, sessions, devices, ledger, payments, subscriptions, about, by, notes] = await Promise.all([
    memberHistory(db, memberId),
    db.query<{ id: string; user_agent: string; created_at: Date; expires_at: Date }>(
      'SELECT id, user_agent, created_at, expires_at FROM sessions WHERE member_id = $1 AND expires_at > now() ORDER BY created_at DESC',
      [memberId],
    ),
    db.query<{ first_seen: Date; banned: boolean }>(
      `SELECT d.first_seen, EXISTS (SELECT 1 FROM banned_devices b WHERE b.device_hash = d.device_hash) AS banned
         FROM member_devices d WHERE d.member_id = $1 ORDER BY d.first_seen DESC`,
      [memberId],
    ),
    db.query<{ id: string; kind: MemberPage['ledger'][number]['kind']; amount: number; note: string | null; payment_id: string | null; created_at: Date }>(
      'SELECT id, kind, amount, note, payment_id, created_at FROM credit_ledger WHERE member_id = $1 ORDER BY id DESC LIMIT 100',
      [memberId],
    ),
    db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.member_id = $1 ORDER BY p.created_at DESC LIMIT 100`, [memberId]),
    db.query<{ id: number; plan_id: string; status: MemberPage['subscriptions'][number]['status']; current_period_end: Date | null; cancel_at_period_end: boolean; created_at: Date }>(
      'SELECT id, plan_id, status, current_period_end, cancel_at_period_end, created_at FROM subscriptions WHERE member_id = $1 ORDER BY id DESC',
      [memberId],
    ),
    reportsOf(db, memberId, 'about'),
    reportsOf(db, memberId, 'by'),
    db.query<{ id: string; operator_id: number | null; body: string; created_at: Date }>(
      'SELECT id, operator_id, body, created_at FROM member_notes WHERE member_id = $1 ORDER BY id DESC',
      [memberId],
    ),
  ]);
  const { site_id: _pool, email, credits, paid_user, activated, last_seen_at, ...profile } = m as typeof m & { site_id: number };
  return {
    member: { ...deskProfile(profile as DeskProfile), email, credits, paid_user, activated, last_seen_at: iso(last_seen_at as unknown as Date) },
    history,
    sessions: sessions.rows.map((s) => {
      const ua = describeUserAgent(s.user_agent);
      return {
        id: Number(s.id),
        browser: [ua.browser, ua.os].filter(Boolean).join(', ') || s.user_agent.slice(0, 80),
        created_at: iso(s.created_at)!,
        expires_at: iso(s.expires_at)!,
      };
    }),
    devices: devices.rows.map((d) => ({ first_seen: iso(d.first_seen)!, banned: d.banned })),
    ledger: ledger.rows.map((l) => ({ id: Number(l.id), kind: l.kind, amount: l.amount, note: l.note, transaction_id: l.payment_id, created_at: iso(l.created_at)! })),
    payments: payments.rows.map((p) => {
      const { member_id: _m, member_name: _n, ...rest } = toPayment(p, paymentDetails);
      return rest;
    }),
    subscriptions: subscriptions.rows.map((s) => ({
      id: s.id,
      plan_id: s.plan_id,
      status: s.status,
      current_period_end: iso(s.current_period_end),
      cancel_at_period_end: s.cancel_at_period_end,
      created_at: iso(s.created_at)!,
    })),
    reports_about: about,
    reports_by: by,
    notes: notes.rows.map((n) => ({ id: Number(n.id), operator_id: n.operator_id, body: n.body, created_at: iso(n.created_at)! })),
    payment_details: paymentDetails,
  };
}

// ─── Payments desk ───────────────────────────────────────────────────────────────────────────

/** The site's payments by filter, newest first, and the totals per day (UTC) and currency over the filter. */
export async function listPayments(db: Db, siteId: number, q: PaymentsQuery & { limit: number; offset: number }): Promise<PaymentsResponse> {
  const where = ['p.site_id = $1'];
  const params: unknown[] = [siteId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.status) add('p.status = ?', q.status);
  if (q.method) add('p.method = ?', q.method);
  if (q.country) add('p.country = ?', q.country);
  if (q.kind) add('p.kind = ?', q.kind);
  if (q.refunded) where.push('(p.refunded_cents > 0 OR p.charged_back_cents > 0)');
  if (q.chargeback) where.push('p.charged_back_cents > 0');
  if (q.from) add(`p.created_at >= ?::date`, q.from);
  if (q.to) add(`p.created_at < ?::date + 1`, q.to);
  const filter = where.join(' AND ');
  const [page, total, days] = await Promise.all([
    db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE ${filter} ORDER BY p.created_at DESC, p.id LIMIT ${q.limit} OFFSET ${q.offset}`, params),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM payments p WHERE ${filter}`, params),
    db.query<{ day: string; currency: string; paid_cents: string; refunded_cents: string; charged_back_cents: string; chargebacks: string; payments: string }>(
      `SELECT to_char(date_trunc('day', p.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, p.currency,
              sum(CASE WHEN p.status = 'paid' THEN p.amount_cents ELSE 0 END) AS paid_cents,
              sum(p.refunded_cents) AS refunded_cents, sum(p.charged_back_cents) AS charged_back_cents,
              count(*) FILTER (WHERE p.charged_back_cents > 0) AS chargebacks, count(*) AS payments
         FROM payments p WHERE ${filter} GROUP BY 1, 2 ORDER BY 1 DESC, 2 LIMIT 400`,
      params,
    ),
  ]);
  return {
    payments: page.rows.map((r) => toPayment(r, true)),
    total: Number(total.rows[0]!.n),
    days: days.rows.map((d) => ({
      day: d.day,
      currency: d.currency,
      paid_cents: Number(d.paid_cents),
      refunded_cents: Number(d.refunded_cents),
      charged_back_cents: Number(d.charged_back_cents),
      chargebacks: Number(d.chargebacks),
      payments: Number(d.payments),
    })),
  };
}

/** The site's subscriptions: active, past due, or canceled at the period's end (still running). */
export async function listSubscriptions(db: Db, siteId: number, q: { status?: 'active' | 'past_due' | 'canceled'; limit: number; offset: number }): Promise<SubscriptionsResponse> {
  const where = ['s.site_id = $1'];
  const params: unknown[] = [siteId];
  if (q.status === 'canceled') where.push(`s.status = 'canceled' AND s.current_period_end > now()`);
  else if (q.status) {
    params.push(q.status);
    where.push(`s.status = $${params.length}`);
  } else where.push(`(s.status IN ('active', 'past_due') OR (s.status = 'canceled' AND s.current_period_end > now()))`);
  const filter = where.join(' AND ');
  const [rows, total] = await Promise.all([
    db.query<{ id: number; member_id: number; member_name: string; plan_id: string; status: SubscriptionsResponse['subscriptions'][number]['status']; current_period_end: Date | null; cancel_at_period_end: boolean; created_at: Date }>(
      `SELECT s.id, s.member_id, m.name AS member_name, s.plan_id, s.status, s.current_period_end, s.cancel_at_period_end, s.created_at
         FROM subscriptions s JOIN members m ON m.id = s.member_id WHERE ${filter}
        ORDER BY s.current_period_end NULLS LAST, s.id LIMIT ${q.limit} OFFSET ${q.offset}`,
      params,
    ),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM subscriptions s WHERE ${filter}`, params),
  ]);
  return {
    subscriptions: rows.rows.map((s) => ({ ...s, current_period_end: iso(s.current_period_end), created_at: iso(s.created_at)! })),
    total: Number(total.rows[0]!.n),
  };
}
