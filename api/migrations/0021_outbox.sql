-- Outgoing mail. A request queues a row in its own transaction; the sender loop of the API process
-- (src/mail/sender.ts) delivers it by SMTP, or to the development mailbox when SMTP_URL is unset.
CREATE TABLE outbox (
  id              bigserial PRIMARY KEY,
  site_id         integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  member_id       integer REFERENCES members (id) ON DELETE SET NULL,
  kind            text NOT NULL CHECK (kind IN ('activation', 'password_reset', 'mail_change')),
  to_email        text NOT NULL,
  language        text NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  html_body       text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A sender that took the row owns it until then (several API processes may send).
  claimed_until   timestamptz,
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  sent_at         timestamptz,
  -- 'smtp' or 'dev_mailbox'.
  delivered_via   text,
  -- Given up after too many failed attempts.
  failed_at       timestamptz
);

CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_member ON outbox (member_id, kind);
