-- Member social features: search, likes, conversations, messages, notifications, live events.

-- When the member last left a page (page-hidden beacon); private, never sent to the browser.
ALTER TABLE members ADD COLUMN last_seen_at timestamptz;

-- ---------------------------------------------------------------------------------------------
-- Search. A page of results comes from members through these partial indexes (active members
-- only, newest signups first); the exact number of results and the filter counts come from
-- search_counts, a summary kept by a trigger, so they cost the same at 1,000 and 1,000,000
-- members (see api/bench/search.ts).
-- ---------------------------------------------------------------------------------------------

-- The result order, unfiltered or filtered by gender and age.
CREATE INDEX members_search_recent ON members (site_id, signup_date DESC, id DESC) WHERE status = 'active';
-- The result order within a country, or a region of it.
CREATE INDEX members_search_place ON members (site_id, country, countryregion, signup_date DESC, id DESC)
  WHERE status = 'active';
-- Members born within a date range (the two partial birth years of an age filter), index-only.
CREATE INDEX members_search_birth ON members (site_id, date_of_birth) INCLUDE (gender, country, countryregion)
  WHERE status = 'active';

-- Active members per member pool, gender, country, region and birth year. '' and 0 stand for
-- "not given" (primary key columns cannot be NULL). Rows may reach n = 0; they are harmless.
CREATE TABLE search_counts (
  site_id       integer NOT NULL,
  gender        text NOT NULL,
  country       text NOT NULL,
  countryregion text NOT NULL,
  birth_year    integer NOT NULL,
  n             integer NOT NULL,
  PRIMARY KEY (site_id, gender, country, countryregion, birth_year)
);

-- One statement-level trigger per operation: a bulk insert of a million rows costs one grouped
-- upsert, and an update that changes nothing searchable (credits, last_seen_at) writes nothing.
CREATE FUNCTION search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
    SELECT site_id, coalesce(gender, ''), coalesce(country, ''), coalesce(countryregion, ''),
           coalesce(extract(year FROM date_of_birth)::int, 0), count(*)
      FROM new_rows WHERE status = 'active' GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE search_counts c SET n = c.n - d.k
      FROM (SELECT site_id, coalesce(gender, '') g, coalesce(country, '') co, coalesce(countryregion, '') r,
                   coalesce(extract(year FROM date_of_birth)::int, 0) y, count(*) k
              FROM old_rows WHERE status = 'active' GROUP BY 1, 2, 3, 4, 5) d
     WHERE c.site_id = d.site_id AND c.gender = d.g AND c.country = d.co AND c.countryregion = d.r AND c.birth_year = d.y;
  ELSE
    INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
    SELECT site_id, g, co, r, y, sum(k) FROM (
        SELECT site_id, coalesce(gender, '') g, coalesce(country, '') co, coalesce(countryregion, '') r,
               coalesce(extract(year FROM date_of_birth)::int, 0) y, -1 k
          FROM old_rows WHERE status = 'active'
        UNION ALL
        SELECT site_id, coalesce(gender, ''), coalesce(country, ''), coalesce(countryregion, ''),
               coalesce(extract(year FROM date_of_birth)::int, 0), 1
          FROM new_rows WHERE status = 'active') delta
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER members_search_counts_insert AFTER INSERT ON members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();
CREATE TRIGGER members_search_counts_update AFTER UPDATE ON members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();
CREATE TRIGGER members_search_counts_delete AFTER DELETE ON members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();

-- Members that existed before this migration.
INSERT INTO search_counts (site_id, gender, country, countryregion, birth_year, n)
SELECT site_id, coalesce(gender, ''), coalesce(country, ''), coalesce(countryregion, ''),
       coalesce(extract(year FROM date_of_birth)::int, 0), count(*)
  FROM members WHERE status = 'active' GROUP BY 1, 2, 3, 4, 5;

-- ---------------------------------------------------------------------------------------------
-- Likes: member_id likes liked_id. is_new until the liked member opens the liker's profile.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE likes (
  member_id  integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  liked_id   integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  is_new     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, liked_id),
  CHECK (member_id <> liked_id)
);
-- "Who likes me", new ones first, then newest.
CREATE INDEX likes_liked ON likes (liked_id, is_new DESC, created_at DESC);

-- ---------------------------------------------------------------------------------------------
-- Conversations between two members (one per pair), their messages and each side's state.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE conversations (
  id              serial PRIMARY KEY,
  -- The pair, smaller id first, so a pair has exactly one conversation.
  member_lo       integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  member_hi       integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_message_id integer,
  CHECK (member_lo < member_hi),
  UNIQUE (member_lo, member_hi)
);
CREATE INDEX conversations_hi ON conversations (member_hi);

CREATE TABLE messages (
  id              serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id       integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  body            text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
  -- Credits charged for this message (see api/README.md, "Credits").
  cost            integer NOT NULL DEFAULT 0 CHECK (cost >= 0),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation ON messages (conversation_id, id DESC);

-- One row per member of a conversation: how far they have read, and what they deleted.
CREATE TABLE conversation_members (
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  member_id       integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- Messages up to this id are read by this member.
  last_read_id    integer NOT NULL DEFAULT 0,
  -- Messages up to this id are deleted for this member (DELETE chat.php); later ones show again.
  cleared_id      integer NOT NULL DEFAULT 0,
  -- Set by DELETE chat.php: the conversation leaves this member's list until a new message or a restart.
  hidden          boolean NOT NULL DEFAULT false,
  PRIMARY KEY (conversation_id, member_id)
);
CREATE INDEX conversation_members_member ON conversation_members (member_id);

-- ---------------------------------------------------------------------------------------------
-- Notifications: a new like, new messages in a conversation (one row while unread), an account notice.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE notifications (
  id              serial PRIMARY KEY,
  member_id       integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  type            text NOT NULL CHECK (type IN ('like', 'message', 'account')),
  -- The member who liked or wrote.
  actor_id        integer REFERENCES members (id) ON DELETE CASCADE,
  conversation_id integer REFERENCES conversations (id) ON DELETE CASCADE,
  -- Message key of an account notice, e.g. 'email-change-incorrect'.
  notice          text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  read_at         timestamptz
);
CREATE INDEX notifications_member ON notifications (member_id, created_at DESC);
CREATE UNIQUE INDEX notifications_one_unread_message ON notifications (member_id, conversation_id)
  WHERE type = 'message' AND read_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- Live events (GET /api/events.php) travel on one LISTEN/NOTIFY channel, 'member_events'. A
-- session that ends (logout, account deletion) closes its open streams.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION sessions_notify_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_events', json_build_object('type', 'session_end', 'member', OLD.member_id,
                                                       'session', OLD.token_hash)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_end AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_notify_end();
