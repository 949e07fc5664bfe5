-- Visits of each lander campaign per day (GET /api/lander.php counts one per page view of an active
-- campaign), for the campaign's own figures in the back office beside its signups, activations and
-- first purchases (those are read from member_signups.form_path, members and payments).
CREATE TABLE campaign_visits (
  site_id integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  slug    text NOT NULL,
  day     date NOT NULL,
  visits  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, slug, day)
);

-- Signups from a lander are found by the form's path: /landers/{kind}/{slug}.
CREATE INDEX member_signups_lander ON member_signups (form_path) WHERE form_path LIKE '/landers/%';
