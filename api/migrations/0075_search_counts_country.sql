-- Search counts with an age filter that nobody asked before. The grains of 0072 are kept
-- per gender, country *and region* (≈490 groups at a million members): a range of ages summed
-- ≈6,700 summary rows, because every 8-year span, year and month is there once per region. Only a
-- search with a country needs the regions (its region counts); every other count — the total, the
-- gender and the country counts — needs gender and country alone (30 groups for the 15 countries).
-- So the same three grains once more per gender and country, and the region grains read only for
-- the chosen country (src/search/search.ts searchGroups): ages 25–35 at a million members sum
-- ≈420 summary rows instead of ≈6,700 (EXPLAIN ANALYZE 0.9 ms instead of 4–20 ms). Members whose
-- birthday is unknown are never in an age range, so these grains leave them out.
CREATE TABLE search_counts_country_span (
  site_id    integer NOT NULL,
  span_start integer NOT NULL,
  gender     text NOT NULL,
  country    text NOT NULL,
  n          integer NOT NULL,
  -- The grain second, so a range of it is one index range; n included: read by index alone.
  PRIMARY KEY (site_id, span_start, gender, country) INCLUDE (n)
);
CREATE TABLE search_counts_country_year (
  site_id    integer NOT NULL,
  birth_year integer NOT NULL,
  gender     text NOT NULL,
  country    text NOT NULL,
  n          integer NOT NULL,
  PRIMARY KEY (site_id, birth_year, gender, country) INCLUDE (n)
);
CREATE TABLE search_counts_country_month (
  site_id     integer NOT NULL,
  birth_month date NOT NULL,
  gender      text NOT NULL,
  country     text NOT NULL,
  n           integer NOT NULL,
  PRIMARY KEY (site_id, birth_month, gender, country) INCLUDE (n)
);

INSERT INTO search_counts_country_span (site_id, span_start, gender, country, n)
SELECT site_id, span_start, gender, country, sum(n) FROM search_counts_span GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
INSERT INTO search_counts_country_year (site_id, birth_year, gender, country, n)
SELECT site_id, birth_year, gender, country, sum(n) FROM search_counts WHERE birth_year > 0 GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
INSERT INTO search_counts_country_month (site_id, birth_month, gender, country, n)
SELECT site_id, birth_month, gender, country, sum(n) FROM search_counts_month GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;

-- The region grains are now read for one country at a time: the country before the grain. (The
-- indexes of 0073 by grain alone read every country's regions; search_counts_years stays for the
-- youngest and oldest birth year, src/search/search.ts ageSpan.)
DROP INDEX search_counts_span_start;
CREATE INDEX search_counts_span_country ON search_counts_span (site_id, country, span_start) INCLUDE (gender, countryregion, n)
  WHERE n > 0;
DROP INDEX search_counts_month_start;
CREATE INDEX search_counts_month_country ON search_counts_month (site_id, country, birth_month) INCLUDE (gender, countryregion, n)
  WHERE n > 0;
CREATE INDEX search_counts_year_country ON search_counts (site_id, country, birth_year) INCLUDE (gender, countryregion, n)
  WHERE n > 0 AND birth_year > 0;

-- One change of the summaries: per pool, gender, country, region, birth year (0: unknown) and birth
-- month (NULL: unknown), the number of active members added (or taken off, when negative).
CREATE TYPE search_count_delta AS (site_id integer, g text, co text, r text, y integer, mo date, k integer);

-- The seven grains from one delta (as 0072: groups whose delta is 0 are not touched).
CREATE FUNCTION search_counts_add(delta search_count_delta[]) RETURNS void LANGUAGE sql AS $$
  WITH d AS (SELECT * FROM unnest(delta)),
  by_year AS (
    INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
    SELECT site_id, g, co, r, y, sum(k) FROM d GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n
  ), by_span AS (
    INSERT INTO search_counts_span AS c (site_id, gender, country, countryregion, span_start, n)
    SELECT site_id, g, co, r, (y / 8) * 8, sum(k) FROM d WHERE y > 0 GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion, span_start) DO UPDATE SET n = c.n + excluded.n
  ), by_month AS (
    INSERT INTO search_counts_month AS c (site_id, gender, country, countryregion, birth_month, n)
    SELECT site_id, g, co, r, mo, sum(k) FROM d WHERE mo IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion, birth_month) DO UPDATE SET n = c.n + excluded.n
  ), country_year AS (
    INSERT INTO search_counts_country_year AS c (site_id, birth_year, gender, country, n)
    SELECT site_id, y, g, co, sum(k) FROM d WHERE y > 0 GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, birth_year, gender, country) DO UPDATE SET n = c.n + excluded.n
  ), country_span AS (
    INSERT INTO search_counts_country_span AS c (site_id, span_start, gender, country, n)
    SELECT site_id, (y / 8) * 8, g, co, sum(k) FROM d WHERE y > 0 GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, span_start, gender, country) DO UPDATE SET n = c.n + excluded.n
  ), country_month AS (
    INSERT INTO search_counts_country_month AS c (site_id, birth_month, gender, country, n)
    SELECT site_id, mo, g, co, sum(k) FROM d WHERE mo IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, birth_month, gender, country) DO UPDATE SET n = c.n + excluded.n
  )
  INSERT INTO search_counts_place AS c (site_id, gender, country, countryregion, n)
  SELECT site_id, g, co, r, sum(k) FROM d GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
  ON CONFLICT (site_id, gender, country, countryregion) DO UPDATE SET n = c.n + excluded.n
$$;

-- The statement-level trigger of 0013/0072 (same triggers, same transition tables): +1 for each
-- active member inserted or updated to, −1 for each deleted or updated from, grouped once.
CREATE OR REPLACE FUNCTION search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta search_count_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x) INTO delta FROM (
      SELECT (site_id, g, co, r, y, mo, sum(k))::search_count_delta AS x FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, date_trunc('month', date_of_birth)::date AS mo, 1 AS k
          FROM new_rows WHERE status = 'active') rows_changed
       GROUP BY site_id, g, co, r, y, mo HAVING sum(k) <> 0) grouped;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x) INTO delta FROM (
      SELECT (site_id, g, co, r, y, mo, sum(k))::search_count_delta AS x FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, date_trunc('month', date_of_birth)::date AS mo, -1 AS k
          FROM old_rows WHERE status = 'active') rows_changed
       GROUP BY site_id, g, co, r, y, mo HAVING sum(k) <> 0) grouped;
  ELSE
    SELECT array_agg(x) INTO delta FROM (
      SELECT (site_id, g, co, r, y, mo, sum(k))::search_count_delta AS x FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, date_trunc('month', date_of_birth)::date AS mo, 1 AS k
          FROM new_rows WHERE status = 'active'
        UNION ALL
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, date_trunc('month', date_of_birth)::date AS mo, -1 AS k
          FROM old_rows WHERE status = 'active') rows_changed
       GROUP BY site_id, g, co, r, y, mo HAVING sum(k) <> 0) grouped;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM search_counts_add(delta);
  END IF;
  RETURN NULL;
END $$;
