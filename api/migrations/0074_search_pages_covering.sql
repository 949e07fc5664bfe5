-- A page of search results read by index alone: the page's ids are chosen first
-- (src/search/search.ts searchRows) among active members of the pool in signup order, filtered by
-- country, region, gender and birthday. With those columns in the two order indexes, the filtering
-- and the rows an offset skips no longer visit the table. At 1M members (EXPLAIN ANALYZE, load ~10):
-- all filters 13.8 → 0.3 ms, gender + ages 25–35 page 3 6.6 → 0.3 ms, page 100 6.4 → 0.4 ms.
-- They replace the indexes of the same names and keys (0010).
DROP INDEX members_search_recent;
CREATE INDEX members_search_recent ON members (site_id, signup_date DESC, id DESC)
  INCLUDE (country, countryregion, gender, date_of_birth) WHERE status = 'active';
DROP INDEX members_search_place;
CREATE INDEX members_search_place ON members (site_id, country, countryregion, signup_date DESC, id DESC)
  INCLUDE (gender, date_of_birth) WHERE status = 'active';
