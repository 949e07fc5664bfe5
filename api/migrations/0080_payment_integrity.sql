-- What a double click, a second tab or a scripted burst can no longer do to a member's money
-- (docs/payments.md): open two Premium subscriptions, use a single-use discount code twice, or
-- be charged twice for one checkout form.

-- Premium: at most one subscription per member that is being paid for (pending: its first payment
-- is open) or running (active). Older duplicates from before this rule become canceled here; they
-- still run at the provider, and the member's next cancel (or account deletion) cancels every
-- subscription the provider has not confirmed canceled (provider_canceled_at).
ALTER TABLE subscriptions ADD COLUMN provider_canceled_at timestamptz;
UPDATE subscriptions s
   SET status = CASE WHEN s.status = 'pending' THEN 'ended' ELSE 'canceled' END,
       cancel_at_period_end = true
 WHERE s.status IN ('pending', 'active')
   AND EXISTS (SELECT 1 FROM subscriptions n WHERE n.member_id = s.member_id AND n.status IN ('pending', 'active') AND n.id > s.id);
CREATE UNIQUE INDEX subscriptions_one_open ON subscriptions (member_id) WHERE status IN ('pending', 'active');

-- Discount codes: a redemption row is now written when the checkout starts (a reservation, held
-- by that payment) and removed when the payment fails, is canceled or expires; its payment's
-- status tells a reservation (open) from a use (paid). The primary key (code, member) keeps one.
CREATE INDEX discount_redemptions_payment ON discount_redemptions (payment_id);

-- Payment-creating calls carry an idempotency key from the client (one per checkout form): the
-- first call's answer is kept, a repeat with the same key within the window gets it again.
CREATE TABLE idempotency_keys (
  member_id    integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  key          text NOT NULL,
  -- The call and its body (without the key), hashed: the same key with another request is refused.
  request_hash text NOT NULL,
  -- The first answer; NULL while the first call is still running.
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
