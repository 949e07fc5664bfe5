-- Chargebacks apart from refunds (docs/operator-desks.md, "Payments desk"). A refund is the site's
-- decision (an operator's, through the provider); a chargeback is the payer's bank taking the money
-- back. Both take the credits they covered off the balance, but the payments desk and its totals
-- per day show them apart. `refunded_cents` keeps only refunds from now on; payments charged back
-- before this migration keep the chargeback inside `refunded_cents` (they cannot be told apart).
ALTER TABLE payments ADD COLUMN charged_back_cents integer NOT NULL DEFAULT 0 CHECK (charged_back_cents >= 0);
CREATE INDEX payments_site_returned ON payments (site_id, created_at DESC) WHERE refunded_cents > 0 OR charged_back_cents > 0;
