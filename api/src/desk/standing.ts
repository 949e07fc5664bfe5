import {
  AUTO_MEASURE_REPORTERS,
  AUTO_MEASURE_WINDOW_DAYS,
  ESTABLISHED_MEMBER_DAYS,
  FIRST_MESSAGES_PER_DAY,
  FIRST_MESSAGES_PER_DAY_RESTRICTED,
  type MEMBER_ACTION_KINDS,
} from '@dating/shared';
import { suspendMember } from '../account/lifecycle';
import type { Db } from '../db';
import { HttpError } from '../http/errors';

/**
 * A member's standing (migration 0115): `suspended` until a date, `banned`, `restricted` (the
 * automatic measure: hidden from search, fewer first messages), or back to what it was. Search
 * lists `active` members only, so a member who is not active leaves search, its counts and the
 * landers at once (the search triggers follow the status column). A suspended or banned member's
 * sessions end in the same transaction (and with them their live event streams), and login refuses
 * them (src/auth/plugin.ts, `standingRefusal`).
 */
export type ActionKind = (typeof MEMBER_ACTION_KINDS)[number];

export interface ActionRecord {
  memberId: number;
  siteId: number;
  action: ActionKind;
  reason: string;
  until?: Date | null;
  /** null: done automatically. */
  operatorId: number | null;
  complaintId?: number | null;
  details?: Record<string, unknown>;
}

/** One entry of the member's history (member_actions). */
export async function recordAction(db: Db, a: ActionRecord): Promise<void> {
  await db.query(
    `INSERT INTO member_actions (member_id, site_id, action, reason, until, operator_id, complaint_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [a.memberId, a.siteId, a.action, a.reason.slice(0, 2000), a.until ?? null, a.operatorId, a.complaintId ?? null, JSON.stringify(a.details ?? {})],
  );
}

export interface Standing {
  status: string;
  suspended_until: Date | null;
}

/** Ends every session of the member (the desk's "end all sessions"; the session feature's own). */
export { endMemberSessions } from '../session/lifecycle';

/**
 * Suspends (until a date), bans or restricts a member; answers the standing before. The status to
 * go back to is kept (`status_before`) from the first measure on. Suspending or banning runs every
 * feature's suspension hook (the sessions end); banning also bans their devices in the member
 * pool (no new account from them).
 */
export async function setStanding(db: Db, memberId: number, to: 'suspended' | 'banned' | 'restricted', until: Date | null = null): Promise<Standing> {
  const { rows } = await db.query<Standing & { site_id: number }>(
    'SELECT status, suspended_until, site_id FROM members WHERE id = $1 FOR UPDATE',
    [memberId],
  );
  const before = rows[0];
  if (!before || before.status === 'deleted') throw new HttpError(404, 'not_found', 'id: no such member', 'id');
  await db.query(
    `UPDATE members SET status_before = CASE WHEN status IN ('active', 'not_confirmed') THEN status ELSE status_before END,
            status = $2, suspended_until = $3, updated_at = now()
      WHERE id = $1`,
    [memberId, to, to === 'suspended' ? until : null],
  );
  // Each feature does its part (src/account/lifecycle.ts): the sessions end, and with them event streams.
  if (to !== 'restricted') await suspendMember(db, memberId, to);
  if (to === 'banned') {
    await db.query(
      `INSERT INTO banned_devices (site_id, device_hash, member_id)
       SELECT $2, device_hash, $1 FROM member_devices WHERE member_id = $1 ON CONFLICT DO NOTHING`,
      [memberId, before.site_id],
    );
  }
  return { status: before.status, suspended_until: before.suspended_until };
}

/**
 * Lifts a suspension, a ban or the automatic measure: the member is what they were before (active,
 * or not yet confirmed unless they confirmed meanwhile); their devices are no longer banned.
 * Answers the standing before, or null when there was nothing to lift.
 */
export async function restoreStanding(db: Db, memberId: number): Promise<Standing | null> {
  const { rows } = await db.query<Standing>(
    'SELECT status, suspended_until FROM members WHERE id = $1 FOR UPDATE',
    [memberId],
  );
  const before = rows[0];
  if (!before || !['suspended', 'banned', 'restricted'].includes(before.status)) return null;
  await db.query(
    `UPDATE members SET status = CASE WHEN activated_at IS NOT NULL THEN 'active' ELSE coalesce(status_before, 'active') END,
            status_before = NULL, suspended_until = NULL, updated_at = now()
      WHERE id = $1`,
    [memberId],
  );
  await db.query('DELETE FROM banned_devices WHERE member_id = $1', [memberId]);
  return before;
}

/** Suspensions whose date has passed end (the API process runs this every minute). Answers how many. */
export async function endDueSuspensions(db: Db): Promise<number> {
  const { rows } = await db.query<{ id: number; site_id: number }>(
    `SELECT id, site_id FROM members WHERE status = 'suspended' AND suspended_until <= now() ORDER BY id LIMIT 500`,
  );
  for (const m of rows) {
    await db.transaction(async (tx) => {
      const before = await restoreStanding(tx, m.id);
      if (before) await recordAction(tx, { memberId: m.id, siteId: m.site_id, action: 'restore', reason: 'suspension ended', operatorId: null });
    });
  }
  return rows.length;
}

/**
 * Why login refuses a member, or null: suspended (until when) or banned. A suspension whose date
 * has passed is lifted here, so the member gets in even before the minute's sweep.
 */
export async function standingRefusal(db: Db, memberId: number): Promise<HttpError | null> {
  const { rows } = await db.query<Standing & { site_id: number }>('SELECT status, suspended_until, site_id FROM members WHERE id = $1', [memberId]);
  const m = rows[0];
  if (!m) return null;
  if (m.status === 'suspended') {
    if (m.suspended_until && new Date(m.suspended_until).getTime() <= Date.now()) {
      await db.transaction(async (tx) => {
        if (await restoreStanding(tx, memberId)) {
          await recordAction(tx, { memberId, siteId: m.site_id, action: 'restore', reason: 'suspension ended', operatorId: null });
        }
      });
      return null;
    }
    const until = m.suspended_until ? new Date(m.suspended_until).toISOString() : null;
    return new HttpError(403, 'account_suspended', until ? `This account is suspended until ${until}` : 'This account is suspended');
  }
  if (m.status === 'banned') return new HttpError(403, 'account_banned', 'This account is closed');
  return null;
}

/**
 * The automatic measure, after a report about a member: when distinct established members
 * (confirmed and in good standing, at least ESTABLISHED_MEMBER_DAYS old) reported them
 * within AUTO_MEASURE_WINDOW_DAYS, AUTO_MEASURE_REPORTERS or more, and no operator has looked at
 * those reports yet, an active member becomes `restricted`: hidden from search until an operator
 * reviews it, and fewer first messages a day. The queue shows it and can lift it. Answers whether
 * the measure was taken now.
 */
export async function applyAutomaticMeasure(db: Db, reportedId: number, siteId: number): Promise<boolean> {
  const { rows } = await db.query<{ reporters: string; status: string }>(
    `SELECT m.status,
            (SELECT count(DISTINCT c.reporter_member_id) FROM complaints c JOIN members r ON r.id = c.reporter_member_id
              WHERE c.reported_member_id = m.id AND c.handled_at IS NULL
                AND c.created_at > now() - make_interval(days => $2)
                AND r.status = 'active'
                AND r.signup_date < now() - make_interval(days => $3)) AS reporters
       FROM members m WHERE m.id = $1`,
    [reportedId, AUTO_MEASURE_WINDOW_DAYS, ESTABLISHED_MEMBER_DAYS],
  );
  const m = rows[0];
  if (!m || m.status !== 'active' || Number(m.reporters) < AUTO_MEASURE_REPORTERS) return false;
  await setStanding(db, reportedId, 'restricted');
  await recordAction(db, {
    memberId: reportedId,
    siteId,
    action: 'restrict',
    reason: `reported by ${m.reporters} established members`,
    operatorId: null,
    details: { reporters: Number(m.reporters), automatic: true },
  });
  return true;
}

/**
 * A first message (one that starts a conversation) is within the member's quota for 24 hours:
 * FIRST_MESSAGES_PER_DAY, FIRST_MESSAGES_PER_DAY_RESTRICTED under the automatic measure; else
 * 429 `first_message_quota`. Call it in the send's transaction, before the message is stored.
 */
export async function assertFirstMessageQuota(db: Db, memberId: number, conversationId: number): Promise<void> {
  const { rows } = await db.query<{ fresh: boolean; status: string; started: string }>(
    `SELECT NOT EXISTS (SELECT 1 FROM messages WHERE conversation_id = $2) AS fresh,
            (SELECT status FROM members WHERE id = $1) AS status,
            (SELECT count(*) FROM conversations c
              WHERE (c.member_lo = $1 OR c.member_hi = $1) AND c.created_at > now() - interval '1 day'
                AND (SELECT x.sender_id FROM messages x WHERE x.conversation_id = c.id ORDER BY x.id LIMIT 1) = $1) AS started`,
    [memberId, conversationId],
  );
  const r = rows[0]!;
  if (!r.fresh) return;
  const quota = r.status === 'restricted' ? FIRST_MESSAGES_PER_DAY_RESTRICTED : FIRST_MESSAGES_PER_DAY;
  if (Number(r.started) >= quota) {
    throw new HttpError(429, 'first_message_quota', 'You have started as many new conversations as you can today: try again tomorrow');
  }
}
