-- Site-run profiles (members.fictional): profiles the site itself runs, answered by operators in
-- the back office's console, disclosed to members everywhere (docs/site-run-profiles.md).

-- The site whose operators run the profile (a site may share another's member pool: velvet runs
-- its own profiles in amora's pool). NULL: the profile's own pool site runs it (seeded profiles).
ALTER TABLE members ADD COLUMN run_by_site_id integer REFERENCES sites (id);
ALTER TABLE members ADD CONSTRAINT members_run_by_fictional CHECK (run_by_site_id IS NULL OR fictional);
CREATE INDEX members_site_run ON members (coalesce(run_by_site_id, site_id)) WHERE fictional;

-- A member who receives no messages from site-run profiles: chosen by the member themselves, or
-- set by support (vulnerable); either one is enough, and the member cannot lift support's.
ALTER TABLE members ADD COLUMN site_run_blocked_self boolean NOT NULL DEFAULT false;
ALTER TABLE members ADD COLUMN site_run_blocked_support boolean NOT NULL DEFAULT false;

-- While an operator answers a conversation it is theirs alone, until locked_until (renewed while
-- the console is open, released on answering or leaving).
CREATE TABLE site_run_locks (
  conversation_id integer PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
  operator_id     integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  locked_until    timestamptz NOT NULL
);

-- The operators' notes about a real member (what they told, what to keep in mind), per site.
CREATE TABLE site_run_notes (
  id          serial PRIMARY KEY,
  site_id     integer NOT NULL REFERENCES sites (id),
  member_id   integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  operator_id integer REFERENCES operators (id) ON DELETE SET NULL,
  body        text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_run_notes_member ON site_run_notes (site_id, member_id, created_at DESC);

-- Which operator wrote which answer: the member never sees it, the audit log and the console do.
CREATE TABLE site_run_answers (
  message_id  integer PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  operator_id integer REFERENCES operators (id) ON DELETE SET NULL,
  site_id     integer NOT NULL REFERENCES sites (id)
);
