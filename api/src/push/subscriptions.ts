import type { PushSubscriptionJson } from '@dating/shared';
import type { Db } from '../db';

/**
 * Stores (or refreshes) a member's Web Push subscription. One endpoint belongs to one member: the
 * same member subscribing again refreshes the row; an endpoint another member has is never moved
 * (else anybody who learnt it would take that member's notices off their device, and have their
 * own sent there): answers 'taken' and changes nothing.
 */
export async function savePushSubscription(
  db: Db,
  memberId: number,
  siteId: number,
  subscription: PushSubscriptionJson,
): Promise<'saved' | 'taken'> {
  const { rows } = await db.query(
    `INSERT INTO push_subscriptions (member_id, site_id, endpoint, p256dh, auth, expires_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::bigint IS NULL THEN NULL ELSE to_timestamp($6::bigint / 1000.0) END)
     ON CONFLICT (endpoint) DO UPDATE
       SET member_id = excluded.member_id, site_id = excluded.site_id, p256dh = excluded.p256dh,
           auth = excluded.auth, expires_at = excluded.expires_at, updated_at = now()
       WHERE push_subscriptions.member_id = excluded.member_id
     RETURNING 1`,
    [
      memberId,
      siteId,
      subscription.endpoint,
      subscription.keys.p256dh,
      subscription.keys.auth,
      subscription.expirationTime == null ? null : Math.round(subscription.expirationTime),
    ],
  );
  return rows.length ? 'saved' : 'taken';
}

/** Forgets one subscription (the push service answered 404/410: the browser dropped it). */
export async function deletePushSubscription(db: Db, endpoint: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
}
