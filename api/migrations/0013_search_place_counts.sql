-- Search counts, second grain: per member pool, gender, country and region without the birth
-- year. A search without an age filter (most of them) sums a few hundred rows instead of tens of
-- thousands. search_counts keeps the birth year for age filters, with an index by year so the
-- youngest and oldest ages are found without reading every group.
CREATE TABLE search_counts_place (
  site_id       integer NOT NULL,
  gender        text NOT NULL,
  country       text NOT NULL,
  countryregion text NOT NULL,
  n             integer NOT NULL,
  PRIMARY KEY (site_id, gender, country, countryregion)
);

INSERT INTO search_counts_place (site_id, gender, country, countryregion, n)
SELECT site_id, gender, country, countryregion, sum(n) FROM search_counts GROUP BY 1, 2, 3, 4;

CREATE INDEX search_counts_year ON search_counts (site_id, birth_year) WHERE n > 0;

-- Both summaries from one delta per statement: +1 for each active member inserted or updated to,
-- −1 for each active member deleted or updated from; groups whose delta is 0 are not touched, so
-- an update of anything else (credits, last_seen_at) writes nothing.
CREATE OR REPLACE FUNCTION search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (
      SELECT site_id, g, co, r, y, sum(k)::int AS k FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, 1 AS k FROM new_rows WHERE status = 'active') rows_changed
       GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), by_year AS (
      INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
      SELECT site_id, g, co, r, y, k FROM delta
      ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO search_counts_place AS c (site_id, gender, country, countryregion, n)
    SELECT site_id, g, co, r, sum(k) FROM delta GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (
      SELECT site_id, g, co, r, y, sum(k)::int AS k FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, -1 AS k FROM old_rows WHERE status = 'active') rows_changed
       GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), by_year AS (
      INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
      SELECT site_id, g, co, r, y, k FROM delta
      ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO search_counts_place AS c (site_id, gender, country, countryregion, n)
    SELECT site_id, g, co, r, sum(k) FROM delta GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    WITH delta AS (
      SELECT site_id, g, co, r, y, sum(k)::int AS k FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, 1 AS k FROM new_rows WHERE status = 'active'
        UNION ALL
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, -1 AS k FROM old_rows WHERE status = 'active') rows_changed
       GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), by_year AS (
      INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
      SELECT site_id, g, co, r, y, k FROM delta
      ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO search_counts_place AS c (site_id, gender, country, countryregion, n)
    SELECT site_id, g, co, r, sum(k) FROM delta GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
