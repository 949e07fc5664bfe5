-- The youngest and oldest birth year of a search (src/search/search.ts ageSpan): read in birth-year
-- order, the first group that matches the filters ends the scan, instead of every group of the site.
CREATE INDEX search_counts_years ON search_counts (site_id, birth_year) WHERE n > 0 AND birth_year > 0;

-- New members are in visitors' search answers (src/cache keeps those per site and query): one
-- announcement per statement, so a bulk insert of a million members is one notification too.
CREATE FUNCTION members_cache_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('n');
  RETURN NULL;
END $$;
CREATE TRIGGER members_cache_inserted AFTER INSERT ON members
  FOR EACH STATEMENT EXECUTE FUNCTION members_cache_inserted();
