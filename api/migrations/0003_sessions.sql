-- Server-side sessions. The cookie holds a random 32-byte token; only its SHA-256 is stored.
CREATE TABLE sessions (
  token_hash   text PRIMARY KEY,
  member_id    integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- The site the member logged in on; the session is valid only there.
  site_id      integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  -- Double-submit CSRF token bound to this session (the csrf cookie must equal it).
  csrf         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);

CREATE INDEX sessions_member ON sessions (member_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
