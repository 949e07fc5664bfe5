-- Chat, complete: idempotent sends, a price the member cannot choose, presence, blocks
-- and reports.

-- ---------------------------------------------------------------------------------------------
-- Idempotent send: the browser gives every message an id of its own (a UUID) before sending it;
-- sending the same id twice stores one message and charges once.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE messages ADD COLUMN client_id uuid;
CREATE UNIQUE INDEX messages_client_id ON messages (sender_id, client_id) WHERE client_id IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- The price of a message: the operator's minimum_message_costs of the member's billing site, for
-- the member's billing country. Both are fixed once (the site the member belongs to, the first
-- country the member ever gives; a first purchase may fix them explicitly) and never follow the
-- editable profile country or the host a request comes in on.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE members ADD COLUMN billing_site_id integer REFERENCES sites (id);
ALTER TABLE members ADD COLUMN billing_country text CHECK (billing_country ~ '^[A-Z]{2}$');
UPDATE members SET billing_site_id = site_id, billing_country = country;

CREATE FUNCTION members_fix_billing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.billing_site_id IS NULL THEN NEW.billing_site_id := NEW.site_id; END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Fixed once set: a profile edit cannot move it (only an explicit billing change can).
    IF OLD.billing_country IS NOT NULL AND NEW.billing_country IS NOT DISTINCT FROM OLD.billing_country THEN
      RETURN NEW;
    END IF;
    IF OLD.billing_country IS NOT NULL AND NEW.billing_country IS NULL THEN
      NEW.billing_country := OLD.billing_country;
      RETURN NEW;
    END IF;
  END IF;
  IF NEW.billing_country IS NULL THEN NEW.billing_country := NEW.country; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER members_fix_billing BEFORE INSERT OR UPDATE ON members
  FOR EACH ROW EXECUTE FUNCTION members_fix_billing();

-- ---------------------------------------------------------------------------------------------
-- Presence: online while the member has an open event stream (refreshed by the stream heartbeat,
-- so a crashed process does not leave anyone online for more than a minute); last seen when the
-- last stream closed. A member can hide it.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE members ADD COLUMN online_until timestamptz;
ALTER TABLE members ADD COLUMN last_active_at timestamptz;
ALTER TABLE members ADD COLUMN hide_presence boolean NOT NULL DEFAULT false;

-- ---------------------------------------------------------------------------------------------
-- Blocks: member_id blocked blocked_id. Either direction hides the pair from each other.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE blocks (
  member_id  integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  blocked_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, blocked_id),
  CHECK (member_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id, member_id);

-- ---------------------------------------------------------------------------------------------
-- Reports of a member or a message, for the operator (complaints may share this table).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE reports (
  id          serial PRIMARY KEY,
  site_id     integer NOT NULL REFERENCES sites (id),
  reporter_id integer REFERENCES members (id) ON DELETE SET NULL,
  reported_id integer REFERENCES members (id) ON DELETE SET NULL,
  message_id  integer REFERENCES messages (id) ON DELETE SET NULL,
  -- A copy of the reported message: the evidence stays when the message is deleted.
  message_body text,
  category    text NOT NULL,
  body        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  handled_at  timestamptz
);
CREATE INDEX reports_open ON reports (site_id, created_at DESC) WHERE handled_at IS NULL;

-- Where reports are mailed: the site's support address.
ALTER TABLE sites ADD COLUMN support_email text;
UPDATE sites SET support_email = 'support@' || template_name || '.example' WHERE support_email IS NULL;

-- (Later migrations redefine this list; 0031 moves reports to the complaints queue of 0050.)
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'report'));
