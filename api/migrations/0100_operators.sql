-- Operators: the people of the back office, separate from members (a member session never becomes
-- an operator's). Passwords use the members' KDF (src/auth/password.ts); the second factor is TOTP.
CREATE TABLE operators (
  id               serial PRIMARY KEY,
  email            text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  -- scrypt$…; NULL until the invite is accepted.
  password_hash    text,
  role             text NOT NULL CHECK (role IN ('admin', 'moderator', 'support', 'finance')),
  -- Holds every site, also sites added later; else the rows of operator_sites.
  all_sites        boolean NOT NULL DEFAULT false,
  status           text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'suspended')),
  -- Base32 TOTP secret once confirmed; NULL: no second factor (allowed in development only).
  totp_secret      text,
  -- The last TOTP time step used: a code is accepted once (no replay within its window).
  totp_last_step   bigint,
  -- A secret being set up by the logged-in operator (POST totp.php), until confirmed with a code.
  totp_pending     text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  last_login_at    timestamptz
);
CREATE UNIQUE INDEX operators_email ON operators (lower(email));

CREATE TABLE operator_sites (
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  site_id     integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  PRIMARY KEY (operator_id, site_id)
);

-- Recovery codes: each replaces a TOTP code once. Only their SHA-256 is stored.
CREATE TABLE operator_recovery_codes (
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (operator_id, code_hash)
);

-- One-time tokens: `enrol` (the invite link, 7 days) and `login` (between password and TOTP code,
-- 5 minutes, a few tries). Only their SHA-256 is stored.
CREATE TABLE operator_tokens (
  token_hash   text PRIMARY KEY,
  operator_id  integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('enrol', 'login')),
  -- enrol: the TOTP secret offered to scan, kept until the invite is accepted.
  totp_secret  text,
  attempts     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX operator_tokens_operator ON operator_tokens (operator_id);

-- Operator sessions: the `osid` cookie holds a random token; only its SHA-256 is stored.
CREATE TABLE operator_sessions (
  id              serial PRIMARY KEY,
  token_hash      text NOT NULL UNIQUE,
  operator_id     integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  -- The site every call of this session acts on (one of the operator's).
  current_site_id integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  user_agent      text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_seen_at    timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);
