-- The operators' desks (docs/operator-desks.md): the reports and complaints queue with its
-- outcomes, member sanctions and their history, the automatic measure on much-reported members,
-- banned devices, staff notes, refunds made from the desk, and the sandbox's refunds.

-- ---------------------------------------------------------------------------------------------
-- Member status: `suspended` (until a date, then back to what it was), `banned` (for good, until
-- an operator lifts it) and `restricted` (the automatic measure: hidden from search until an
-- operator reviews it; the member can still log in). Search lists `active` members only, so the
-- search indexes and counts follow without a change. `status_before` is what an operator's
-- "restore" (or the end of a suspension) goes back to.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE members DROP CONSTRAINT IF EXISTS members_status_check;
ALTER TABLE members ADD CONSTRAINT members_status_check
  CHECK (status IN ('active', 'not_confirmed', 'deleted', 'suspended', 'banned', 'restricted'));
ALTER TABLE members ADD COLUMN suspended_until timestamptz;
ALTER TABLE members ADD COLUMN status_before text CHECK (status_before IN ('active', 'not_confirmed'));
CREATE INDEX members_suspension_ends ON members (suspended_until) WHERE status = 'suspended';

-- Everything done to a member's standing, by an operator (operator_id) or automatically (NULL):
-- the member page's history. An operator's reason is required; the automatic measure writes its own.
CREATE TABLE member_actions (
  id           bigserial PRIMARY KEY,
  member_id    integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  site_id      integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  action       text NOT NULL CHECK (action IN ('warn', 'remove_photo', 'remove_text', 'suspend', 'ban', 'restrict',
                                                 'restore', 'end_sessions', 'correction', 'refund', 'cancel_subscription',
                                                 'resend_activation', 'change_email', 'export')),
  reason       text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 2000),
  until        timestamptz,
  operator_id  integer,
  complaint_id bigint REFERENCES complaints (id) ON DELETE SET NULL,
  details      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_actions_member ON member_actions (member_id, id DESC);

-- A banned member's devices (the `device` cookie's digest, member_devices): no new account signs
-- up from them in the member pool. The banned address itself stays on the banned row (one account
-- per address), and goes to deleted_emails if the account is ever erased.
CREATE TABLE banned_devices (
  site_id     integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  member_id   integer REFERENCES members (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, device_hash)
);

-- Staff notes on a member: for operators only, never shown to the member.
CREATE TABLE member_notes (
  id          bigserial PRIMARY KEY,
  member_id   integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  operator_id integer,
  body        text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_notes_member ON member_notes (member_id, id DESC);

-- ---------------------------------------------------------------------------------------------
-- The queue: how a report or complaint was handled. `outcome` is what the operator did; the
-- reporter is told only that it was handled, a complaint's reference gets `answer` by mail.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE complaints ADD COLUMN outcome text
  CHECK (outcome IN ('dismissed', 'warned', 'removed', 'suspended', 'banned', 'restored', 'answered'));
ALTER TABLE complaints ADD COLUMN handled_at timestamptz;
ALTER TABLE complaints ADD COLUMN handled_by integer;
ALTER TABLE complaints ADD COLUMN answer text CHECK (char_length(answer) <= 5000);
CREATE INDEX complaints_reporter ON complaints (reporter_member_id) WHERE reporter_member_id IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- Refunds made from the desk: one row per refund the provider accepted (its id), with who asked
-- and why. The credits go when the provider reports the refund (the webhook, as for refunds made
-- at the provider).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE payment_refunds (
  id           text PRIMARY KEY,
  payment_id   text NOT NULL REFERENCES payments (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency     text NOT NULL,
  status       text NOT NULL,
  operator_id  integer,
  reason       text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_refunds_payment ON payment_refunds (payment_id);

-- Payments desk: filtered by site, status, country, method, date; search by transaction id and
-- the provider's id (both unique already).
CREATE INDEX payments_site_created ON payments (site_id, created_at DESC);

-- The sandbox's refunds (src/commerce/sandbox.ts): Mollie keeps a refund object per refund, with
-- its own status (pending, then refunded), listed under its payment.
CREATE TABLE mollie_sandbox_refunds (
  id          text PRIMARY KEY,
  payment_id  text NOT NULL REFERENCES mollie_sandbox_payments (id) ON DELETE CASCADE,
  status      text NOT NULL,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mollie_sandbox_refunds_payment ON mollie_sandbox_refunds (payment_id);

-- ---------------------------------------------------------------------------------------------
-- Member search on the desk (≤ 200 ms at 100,000 members): by id (primary key), by address
-- (members_site_email: exact, any case), by a part of the name or the address (trigram indexes).
-- ---------------------------------------------------------------------------------------------
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX members_name_trgm ON members USING gin (lower(name) gin_trgm_ops);
CREATE INDEX members_email_trgm ON members USING gin (lower(email) gin_trgm_ops);

-- The desk's mails: a warning, the notice of a suspension or ban, the reporter's "handled" notice,
-- the answer to a complaint. The kinds already allowed are kept as they are (read from the
-- constraint), so this migration adds to them whatever came before it.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'outbox_kind_check';
  kinds := ARRAY(SELECT DISTINCT unnest(coalesce(kinds, '{}') ||
                 ARRAY['member_warning', 'member_suspended', 'member_banned', 'report_handled', 'complaint_answer']));
  ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_kind_check;
  EXECUTE format('ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;
