-- Login notifications: the devices a member has logged in from, each known by a
-- random id kept in the browser's `device` cookie (only its SHA-256 digest is stored). A login from
-- a device the member never used before mails them (outbox kind 'login_notice').
CREATE TABLE member_devices (
  member_id   integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  first_seen  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, device_hash)
);

ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'receipt', 'report', 'complaint_confirmation', 'complaint_notice', 'login_notice'));
