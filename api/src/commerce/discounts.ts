/**
 * When a discount or welcome code may be used: one place for the code lookup (GET
 * /api/discountcode.php) and the checkout (payments.ts), so that a code the member is shown is a
 * code the checkout accepts. The codes themselves are the operator's (discount_codes, kept from
 * the back office: src/prices).
 */

/**
 * SQL condition: the code row `d` is live now for the member whose id is the SQL expression
 * `member` (may be NULL: a visitor) coming from the traffic source `network` (an SQL expression,
 * may be NULL; a member's own traffic source wins): switched on, within its period, uses left
 * (paid and held by open checkouts), and the member's billing country and traffic source among the
 * code's, when it names any. Single use per member is the redemption's primary key (payments.ts).
 */
export function liveCodeCondition(d: string, member: string, network = 'NULL'): string {
  return `(${d}.active
    AND (${d}.starts_at IS NULL OR ${d}.starts_at <= now())
    AND (${d}.expires_at IS NULL OR ${d}.expires_at > now())
    AND (${d}.max_uses IS NULL OR (SELECT count(*) FROM discount_redemptions r WHERE r.discount_code_id = ${d}.id) < ${d}.max_uses)
    AND (cardinality(${d}.countries) = 0 OR (SELECT m.billing_country FROM members m WHERE m.id = ${member}) = ANY (${d}.countries))
    AND (cardinality(${d}.networks) = 0 OR coalesce((SELECT nullif(lower(s.trafficsource ->> 'network'), '') FROM member_signups s WHERE s.member_id = ${member}), lower(${network}::text)) = ANY (${d}.networks)))`;
}
