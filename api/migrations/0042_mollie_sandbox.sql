-- The local Mollie sandbox's state (src/commerce/sandbox.ts), so an API restart in development loses
-- no open payment, customer, mandate or subscription. The sandbox exists only without MOLLIE_API_KEY
-- outside production: in production these tables stay empty. Each row is the object as the sandbox
-- keeps it (`data`), with the columns it looks objects up by.

CREATE TABLE mollie_sandbox_customers (
  id          text PRIMARY KEY,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mollie_sandbox_mandates (
  id          text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES mollie_sandbox_customers (id) ON DELETE CASCADE,
  status      text NOT NULL,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mollie_sandbox_mandates_customer ON mollie_sandbox_mandates (customer_id);

CREATE TABLE mollie_sandbox_subscriptions (
  id                text PRIMARY KEY,
  customer_id       text NOT NULL REFERENCES mollie_sandbox_customers (id) ON DELETE CASCADE,
  status            text NOT NULL,
  -- The day the next period is charged (NULL once canceled); the renewal scheduler reads it.
  next_payment_date date,
  data              jsonb NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mollie_sandbox_subscriptions_due ON mollie_sandbox_subscriptions (next_payment_date) WHERE status = 'active';

CREATE TABLE mollie_sandbox_payments (
  id              text PRIMARY KEY,
  customer_id     text,
  subscription_id text,
  status          text NOT NULL,
  data            jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mollie_sandbox_payments_recent ON mollie_sandbox_payments (created_at DESC);
