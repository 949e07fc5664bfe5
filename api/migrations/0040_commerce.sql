-- Credits and premium (api/README.md, "Credits and payments"): an append-only credits ledger from
-- which the balance is derived, payments through Mollie, premium subscriptions, discount redemptions.

-- What each site sells, per country: credit packages, premium plans, time bonus (src/seed/commerce.ts).
ALTER TABLE sites ADD COLUMN commerce jsonb NOT NULL DEFAULT '{}'::jsonb;

-- A refund or chargeback may take the balance below zero; a negative balance blocks sending.
ALTER TABLE members DROP CONSTRAINT IF EXISTS members_credits_check;

-- Every change of a balance is one row here; rows are never changed or deleted.
CREATE TABLE credit_ledger (
  id         bigserial PRIMARY KEY,
  member_id  integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- opening: a balance that existed before its member had ledger rows (seeded and older accounts).
  kind       text NOT NULL CHECK (kind IN ('opening', 'purchase', 'message', 'refund', 'bonus', 'correction')),
  amount     integer NOT NULL CHECK (amount <> 0),
  payment_id text,
  message_id integer,
  note       text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_member ON credit_ledger (member_id, id DESC);
-- One purchase, one refund total per payment: a webhook delivered ten times credits once.
CREATE UNIQUE INDEX credit_ledger_one_purchase ON credit_ledger (payment_id, kind) WHERE kind IN ('purchase', 'bonus') AND payment_id IS NOT NULL;

-- The balances members had before the ledger existed.
INSERT INTO credit_ledger (member_id, kind, amount, note)
SELECT id, 'opening', credits, 'balance before the ledger' FROM members WHERE credits <> 0;

-- members.credits is the ledger's sum, kept by this trigger in the inserting transaction (the row
-- lock on the member serialises concurrent changes). 'opening' rows record a balance already there.
CREATE FUNCTION credit_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind <> 'opening' THEN
    UPDATE members SET credits = credits + NEW.amount WHERE id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER credit_ledger_apply AFTER INSERT ON credit_ledger FOR EACH ROW EXECUTE FUNCTION credit_ledger_apply();

CREATE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only';
END $$;
CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only();

-- A member created with a balance (seeds, imports) gets its opening row.
CREATE FUNCTION members_opening_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.credits <> 0 THEN
    INSERT INTO credit_ledger (member_id, kind, amount, note) VALUES (NEW.id, 'opening', NEW.credits, 'opening balance');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER members_opening_balance AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION members_opening_balance();

-- The member's customer at the payment provider (created with the first payment that needs one).
CREATE TABLE payment_customers (
  member_id   integer PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  customer_id text NOT NULL UNIQUE
);

-- A payment as the product knows it; `id` is the public, unguessable transaction id.
CREATE TABLE payments (
  id               text PRIMARY KEY CHECK (id ~ '^txn_[A-Za-z0-9_-]{20,40}$'),
  site_id          integer NOT NULL REFERENCES sites (id),
  member_id        integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('credits', 'premium', 'renewal')),
  provider_id      text UNIQUE,
  sequence_type    text NOT NULL DEFAULT 'oneoff' CHECK (sequence_type IN ('oneoff', 'first', 'recurring')),
  package_id       text,
  plan_id          text,
  country          text NOT NULL,
  method           text,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  currency         text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  list_cents       integer NOT NULL,
  vat_rate         numeric(5, 2) NOT NULL DEFAULT 0,
  credits          integer NOT NULL DEFAULT 0,
  bonus_credits    integer NOT NULL DEFAULT 0,
  discount_code_id integer REFERENCES discount_codes (id),
  status           text NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired')),
  refunded_cents   integer NOT NULL DEFAULT 0,
  return_to        text,
  subscription_id  integer,
  created_at       timestamptz NOT NULL DEFAULT now(),
  paid_at          timestamptz
);
CREATE INDEX payments_member ON payments (member_id, created_at DESC);

-- Premium: one subscription row per subscribe; the latest decides paid_user.
CREATE TABLE subscriptions (
  id                   serial PRIMARY KEY,
  member_id            integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  site_id              integer NOT NULL REFERENCES sites (id),
  plan_id              text NOT NULL,
  provider_id          text UNIQUE,
  status               text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'canceled', 'past_due', 'ended')),
  current_period_end   timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_member ON subscriptions (member_id, id DESC);
ALTER TABLE payments ADD CONSTRAINT payments_subscription FOREIGN KEY (subscription_id) REFERENCES subscriptions (id);

-- Discount codes give a percentage off or extra credits; each member uses a code once.
ALTER TABLE discount_codes ALTER COLUMN percentage DROP NOT NULL;
ALTER TABLE discount_codes ADD COLUMN extra_credits integer CHECK (extra_credits > 0);
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_gives_something CHECK (percentage IS NOT NULL OR extra_credits IS NOT NULL);
CREATE TABLE discount_redemptions (
  discount_code_id integer NOT NULL REFERENCES discount_codes (id) ON DELETE CASCADE,
  member_id        integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  payment_id       text NOT NULL REFERENCES payments (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (discount_code_id, member_id)
);

-- Purchase receipts go through the outbox like the account mails.
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'receipt'));
