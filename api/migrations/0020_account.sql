-- Member accounts beyond login: signup details, one-time tokens (activation, password reset, mail
-- change), remembered deleted addresses, and server secrets.

-- Secrets the API makes itself on first use (e.g. the key of validate_email tokens), one per name.
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE members
  ADD COLUMN timezone       text CHECK (char_length(timezone) <= 64),
  -- Values of the site's configurable profile fields (profile_field_values), field → value.
  ADD COLUMN profile_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN activated_at   timestamptz,
  ADD COLUMN deleted_at     timestamptz;

-- Where a signup came from (spec §7 signup payload). One row per member who signed up here.
CREATE TABLE member_signups (
  member_id            integer PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  trafficsource        jsonb NOT NULL DEFAULT '{}'::jsonb,
  referrer             text NOT NULL DEFAULT '',
  form_path            text NOT NULL DEFAULT '',
  user_agent           text NOT NULL DEFAULT '',
  browser_hash         text NOT NULL DEFAULT '',
  -- The member whose page the signup started from (/members/{id}/signup).
  referring_profile_id integer REFERENCES members (id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now()
);

-- Single-use tokens sent by mail. Only the SHA-256 of a token is stored.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('activate', 'password_reset', 'mail_change')),
  member_id  integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- mail_change: the new address.
  email      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE INDEX account_tokens_member ON account_tokens (member_id, purpose);

-- Addresses of deleted accounts, as an HMAC (never the address), so that validate_email can answer
-- `deleted` and the address does not sign up again unnoticed.
CREATE TABLE deleted_emails (
  site_id    integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  email_hash text NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, email_hash)
);
