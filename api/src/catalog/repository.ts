import type { DiscountCode } from '@dating/shared';
import { liveCodeCondition } from '../commerce/discounts';
import type { Db } from '../db';

/** The catalog's SQL: interests, discount codes, and the member's language the answers are named in. */

type Discount = DiscountCode | null;

interface DiscountRow {
  code: string;
  percentage: string | null;
  extra_credits: number | null;
  expires_at: Date | null;
  welcome: boolean;
}

const toDiscount = (r: DiscountRow | undefined): Discount =>
  r
    ? {
        code: r.code,
        percentage: r.percentage === null ? null : Number(r.percentage),
        extra_credits: r.extra_credits,
        expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : null,
        welcome: r.welcome,
      }
    : null;

const CODE_COLUMNS = 'code, percentage, extra_credits, expires_at, welcome';

/** The member's language as stored (any string, or null). */
export async function memberLanguage(db: Db, memberId: number): Promise<string | null> {
  const { rows } = await db.query<{ language: string | null }>('SELECT language FROM members WHERE id = $1', [memberId]);
  return rows[0]?.language ?? null;
}

/** Every interest, named in `lang` (English where it has no name in it), by name. */
export async function interestsIn(db: Db, lang: string): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, coalesce(names ->> $1, names ->> 'en') AS name FROM interests ORDER BY name, id`,
    [lang],
  );
  return rows;
}

/**
 * The member's welcome code: it belongs to free members within its first days after signup. A code
 * held by an open checkout (reserved, not used) is still shown: paying answers why it waits.
 */
export async function welcomeDiscount(db: Db, siteId: number, memberId: number): Promise<Discount> {
  const { rows } = await db.query<DiscountRow>(
    `SELECT ${CODE_COLUMNS} FROM discount_codes d
      WHERE d.site_id = $1 AND d.welcome AND ${liveCodeCondition('d', '$2::int')}
        AND EXISTS (SELECT 1 FROM members m WHERE m.id = $2 AND NOT m.paid_user
                      AND m.signup_date > now() - make_interval(days => d.welcome_days))
        AND NOT EXISTS (SELECT 1 FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id
                         WHERE r.discount_code_id = d.id AND r.member_id = $2 AND p.status = 'paid')`,
    [siteId, memberId],
  );
  return toDiscount(rows[0]);
}

/** A live code as typed (any case) for this member or visitor and traffic source, unless the member already paid with it. */
export async function discountByCode(db: Db, siteId: number, code: string, memberId: number | null, network: string | null): Promise<Discount> {
  const { rows } = await db.query<DiscountRow>(
    `SELECT ${CODE_COLUMNS} FROM discount_codes d WHERE site_id = $1 AND code = upper($2) AND NOT welcome AND ${liveCodeCondition('d', '$3::int', '$4::text')}
        AND NOT EXISTS (SELECT 1 FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id
                         WHERE r.discount_code_id = d.id AND r.member_id = $3 AND p.status = 'paid')`,
    [siteId, code, memberId, network],
  );
  return toDiscount(rows[0]);
}

/** The best live code of a traffic source for this member or visitor. */
export async function discountByNetwork(db: Db, siteId: number, network: string, memberId: number | null): Promise<Discount> {
  const { rows } = await db.query<DiscountRow>(
    `SELECT ${CODE_COLUMNS} FROM discount_codes d WHERE site_id = $1 AND network = $2 AND NOT welcome
        AND ${liveCodeCondition('d', '$3::int', '$2::text')}
      ORDER BY percentage DESC LIMIT 1`,
    [siteId, network, memberId],
  );
  return toDiscount(rows[0]);
}
