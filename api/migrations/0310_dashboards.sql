-- The back office's dashboards (docs/dashboards.md): what they read that nothing recorded before,
-- and the indexes and summary that keep every dashboard query fast at 100,000 members and
-- 1,000,000 messages.

-- Visits: a visitor's first page of a browser session (POST /api/visit.php from the shell), per
-- site, UTC day, traffic source (spec §3: network, ref, sub1–sub3; '' when absent) and lander
-- campaign (the slug of /landers/{kind}/{slug}; '' elsewhere). A counter per group, not a row per
-- visit: the table is its own summary.
CREATE TABLE site_visits (
  site_id  integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  day      date NOT NULL,
  network  text NOT NULL DEFAULT '',
  ref      text NOT NULL DEFAULT '',
  sub1     text NOT NULL DEFAULT '',
  sub2     text NOT NULL DEFAULT '',
  sub3     text NOT NULL DEFAULT '',
  campaign text NOT NULL DEFAULT '',
  visits   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day, network, ref, sub1, sub2, sub3, campaign)
);

-- The site a signup was made on (a member's pool may be another site's: velvet signs up into
-- amora's pool). Older signups: their pool's site.
ALTER TABLE member_signups ADD COLUMN site_id integer REFERENCES sites (id) ON DELETE SET NULL;
UPDATE member_signups s SET site_id = m.site_id FROM members m WHERE m.id = s.member_id;
CREATE INDEX member_signups_site_day ON member_signups (site_id, created_at);

-- A member's first message (the funnel) and paid payments per period (revenue, credits sold).
CREATE INDEX messages_sender ON messages (sender_id);
CREATE INDEX messages_created ON messages (created_at);
CREATE INDEX payments_site_paid ON payments (site_id, paid_at) WHERE status = 'paid';
-- Members online now; moderation decisions per period.
CREATE INDEX members_online ON members (online_until) WHERE online_until IS NOT NULL;
CREATE INDEX moderation_items_site_decided ON moderation_items (site_id, decided_at) WHERE decided_at IS NOT NULL;

-- Messages and credits spent per member pool and hour, for complete hours up to
-- message_hours_state.until (src/dashboards/rollup.ts adds the hours after it when a dashboard is
-- read; what is newer than `until` is counted from messages directly).
CREATE TABLE message_hours (
  site_id  integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  hour     timestamptz NOT NULL,
  messages integer NOT NULL,
  credits  bigint NOT NULL,
  PRIMARY KEY (site_id, hour)
);
CREATE TABLE message_hours_state (
  one   boolean PRIMARY KEY DEFAULT true CHECK (one),
  until timestamptz NOT NULL
);
INSERT INTO message_hours (site_id, hour, messages, credits)
SELECT m.site_id, date_trunc('hour', x.created_at), count(*), sum(x.cost)
  FROM messages x JOIN members m ON m.id = x.sender_id
 WHERE x.created_at < date_trunc('hour', now())
 GROUP BY 1, 2;
INSERT INTO message_hours_state (until) VALUES (date_trunc('hour', now()));
