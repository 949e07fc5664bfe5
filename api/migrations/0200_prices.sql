-- Prices as operators keep them (docs/prices-campaigns.md). The live prices stay where the API has
-- always read them — sites.commerce (packages, plans, time bonus) and
-- sites.settings.minimum_message_costs (message price and currency per country) — and every save
-- from the back office writes a new numbered version of both here, so that a checkout opened on an
-- earlier version can still be paid at the price it showed, and the history can be read back.

-- The version a site's live prices are; 0: the seeded defaults, never changed by an operator.
ALTER TABLE sites ADD COLUMN price_version integer NOT NULL DEFAULT 0;

CREATE TABLE price_versions (
  site_id        integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  version        integer NOT NULL CHECK (version >= 0),
  commerce       jsonb NOT NULL,
  message_costs  jsonb NOT NULL,
  -- Who saved it (null: the seeded defaults, recorded when the first change replaced them).
  operator_id    integer REFERENCES operators (id),
  reason         text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, version)
);

-- A version is history: it is never changed or removed (a site's deletion aside).
CREATE FUNCTION price_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'price_versions is append-only';
END $$;
CREATE TRIGGER price_versions_append_only BEFORE UPDATE ON price_versions
  FOR EACH ROW EXECUTE FUNCTION price_versions_append_only();

-- Discount and welcome codes as operators make them: switched off instead of deleted (payments
-- name them), valid from a moment, a maximum number of uses over all members, and limited to
-- members of some traffic sources (member_signups.trafficsource->>'network') or billing countries.
ALTER TABLE discount_codes ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE discount_codes ADD COLUMN starts_at timestamptz;
ALTER TABLE discount_codes ADD COLUMN max_uses integer CHECK (max_uses > 0);
ALTER TABLE discount_codes ADD COLUMN networks text[] NOT NULL DEFAULT '{}'
  CHECK (networks::text = lower(networks::text));
ALTER TABLE discount_codes ADD COLUMN countries text[] NOT NULL DEFAULT '{}';
ALTER TABLE discount_codes ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_period CHECK (starts_at IS NULL OR expires_at IS NULL OR starts_at < expires_at);

-- One welcome code per site at a time: the active one (a new one replaces it).
DROP INDEX discount_codes_one_welcome;
CREATE UNIQUE INDEX discount_codes_one_welcome ON discount_codes (site_id) WHERE welcome AND active;
