-- Password-reset requests wait here until the API works them off (src/account/reset-queue.ts), out
-- of band of the request that answered "sent" at once: a request survives a restart of the API, and
-- any of several API processes may take it (FOR UPDATE SKIP LOCKED). A row lives for seconds: it is
-- deleted in the transaction that makes the token and queues the mail (or finds no account).
CREATE TABLE password_reset_requests (
  id bigserial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  -- As typed; compared normalized. Deleted once handled.
  email text NOT NULL,
  -- The site's origin the link in the mail points to.
  origin text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_requests_due ON password_reset_requests (next_attempt_at, id);
