-- The personal order of search (src/search/search.ts pageIds): members near the searcher first
-- (same region and country, then the country, then its neighbouring country, spec §9, then the
-- rest), within each of those members with a photo first, then by the day they were last active —
-- a new member counts as active until 3 days after signing up, so new members are shown first for
-- their first days (a fair showing) — then newest id first. Each part is read in that order by
-- index alone, the parts one after the other (a merge of index scans), so a page costs what a page
-- in signup order costs.

-- A photo others see: visible (moderation) and not for Premium members only. Kept by the images
-- trigger below.
ALTER TABLE members ADD COLUMN search_photo boolean NOT NULL DEFAULT false;
UPDATE members m SET search_photo = true
 WHERE EXISTS (SELECT 1 FROM images i WHERE i.member_id = m.id AND i.visibility = 'visible' AND NOT i.premium_only);

-- The day (UTC) a member was last active (page-hidden beacon, an open event stream, its end), or 3
-- days after signup if that is later; a member who hides their presence counts by signup alone
-- (their order tells nothing of their activity). A day, not a moment: the order moves once a day
-- per member at most, so pages stay put while members come and go within the day.
ALTER TABLE members ADD COLUMN search_active_day date GENERATED ALWAYS AS (
  (greatest(signup_date AT TIME ZONE 'UTC' + interval '3 days',
            CASE WHEN NOT hide_presence THEN greatest(last_seen_at, last_active_at, online_until) AT TIME ZONE 'UTC' END))::date
) STORED;

CREATE INDEX members_search_rank ON members (site_id, search_photo DESC, search_active_day DESC, id DESC)
  INCLUDE (country, countryregion, gender, date_of_birth) WHERE status = 'active';
CREATE INDEX members_search_rank_country ON members (site_id, country, search_photo DESC, search_active_day DESC, id DESC)
  INCLUDE (countryregion, gender, date_of_birth) WHERE status = 'active';
CREATE INDEX members_search_rank_region ON members (site_id, country, countryregion, search_photo DESC, search_active_day DESC, id DESC)
  INCLUDE (gender, date_of_birth) WHERE status = 'active';
-- Online now (an open event stream: online_until in the future, src/presence): few members, found
-- by this index; members leave it when their last stream closes (online_until NULL).
CREATE INDEX members_search_online ON members (site_id, online_until) WHERE status = 'active' AND online_until IS NOT NULL;

CREATE FUNCTION images_search_photo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members m
     SET search_photo = EXISTS (SELECT 1 FROM images i WHERE i.member_id = m.id AND i.visibility = 'visible' AND NOT i.premium_only)
   WHERE m.id IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.member_id END, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.member_id END)
     AND m.search_photo IS DISTINCT FROM EXISTS (SELECT 1 FROM images i WHERE i.member_id = m.id AND i.visibility = 'visible' AND NOT i.premium_only);
  RETURN NULL;
END $$;
CREATE TRIGGER images_search_photo AFTER INSERT OR UPDATE OR DELETE ON images
  FOR EACH ROW EXECUTE FUNCTION images_search_photo();
