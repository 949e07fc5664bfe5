-- Search counts with an age filter at a million members: the birth years inside the
-- range came from search_counts (one row per group and year: 38 years × ~490 groups = 18,000 rows
-- to sum) and the two partial years at its edges from members (~16,000 index entries a year), 11–34 ms.
-- Two more grains of the same summary, kept by the same statement-level trigger:
--   search_counts_span   per 8 birth years (span_start = birth_year / 8 * 8): the whole spans inside a range;
--   search_counts_month  per birth month: the whole months of the edge years.
-- A range now sums whole spans, the few whole years beside them, the whole months of the edge years,
-- and reads members only for the days of the two edge months (src/search/search.ts searchGroups).
CREATE TABLE search_counts_span (
  site_id       integer NOT NULL,
  gender        text NOT NULL,
  country       text NOT NULL,
  countryregion text NOT NULL,
  span_start    integer NOT NULL,
  n             integer NOT NULL,
  PRIMARY KEY (site_id, gender, country, countryregion, span_start)
);
CREATE INDEX search_counts_span_start ON search_counts_span (site_id, span_start) WHERE n > 0;

CREATE TABLE search_counts_month (
  site_id       integer NOT NULL,
  gender        text NOT NULL,
  country       text NOT NULL,
  countryregion text NOT NULL,
  birth_month   date NOT NULL,
  n             integer NOT NULL,
  PRIMARY KEY (site_id, gender, country, countryregion, birth_month)
);
CREATE INDEX search_counts_month_start ON search_counts_month (site_id, birth_month) WHERE n > 0;

INSERT INTO search_counts_span (site_id, gender, country, countryregion, span_start, n)
SELECT site_id, gender, country, countryregion, (birth_year / 8) * 8, sum(n) FROM search_counts
 WHERE birth_year > 0 GROUP BY 1, 2, 3, 4, 5;

INSERT INTO search_counts_month (site_id, gender, country, countryregion, birth_month, n)
SELECT site_id, coalesce(gender, ''), coalesce(country, ''), coalesce(countryregion, ''), date_trunc('month', date_of_birth)::date, count(*)
  FROM members WHERE status = 'active' AND date_of_birth IS NOT NULL GROUP BY 1, 2, 3, 4, 5;

-- The four grains from one delta per statement (as 0013: +1 for each active member inserted or
-- updated to, −1 for each deleted or updated from; groups whose delta is 0 are not touched).
CREATE OR REPLACE FUNCTION search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (
      SELECT site_id, g, co, r, y, mo, sum(k)::int AS k FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, date_trunc('month', date_of_birth)::date AS mo, 1 AS k FROM new_rows WHERE status = 'active') rows_changed
       GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k) <> 0
    ), by_year AS (
      INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
      SELECT site_id, g, co, r, y, sum(k) FROM delta GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n
    ), by_span AS (
      INSERT INTO search_counts_span AS c (site_id, gender, country, countryregion, span_start, n)
      SELECT site_id, g, co, r, (y / 8) * 8, sum(k) FROM delta WHERE y > 0 GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, span_start) DO UPDATE SET n = c.n + excluded.n
    ), by_month AS (
      INSERT INTO search_counts_month AS c (site_id, gender, country, countryregion, birth_month, n)
      SELECT site_id, g, co, r, mo, sum(k) FROM delta WHERE mo IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, birth_month) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO search_counts_place AS c (site_id, gender, country, countryregion, n)
    SELECT site_id, g, co, r, sum(k) FROM delta GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (
      SELECT site_id, g, co, r, y, mo, sum(k)::int AS k FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, date_trunc('month', date_of_birth)::date AS mo, -1 AS k FROM old_rows WHERE status = 'active') rows_changed
       GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k) <> 0
    ), by_year AS (
      INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
      SELECT site_id, g, co, r, y, sum(k) FROM delta GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n
    ), by_span AS (
      INSERT INTO search_counts_span AS c (site_id, gender, country, countryregion, span_start, n)
      SELECT site_id, g, co, r, (y / 8) * 8, sum(k) FROM delta WHERE y > 0 GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, span_start) DO UPDATE SET n = c.n + excluded.n
    ), by_month AS (
      INSERT INTO search_counts_month AS c (site_id, gender, country, countryregion, birth_month, n)
      SELECT site_id, g, co, r, mo, sum(k) FROM delta WHERE mo IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, birth_month) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO search_counts_place AS c (site_id, gender, country, countryregion, n)
    SELECT site_id, g, co, r, sum(k) FROM delta GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    WITH delta AS (
      SELECT site_id, g, co, r, y, mo, sum(k)::int AS k FROM (
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, date_trunc('month', date_of_birth)::date AS mo, 1 AS k FROM new_rows WHERE status = 'active'
        UNION ALL
        SELECT site_id, coalesce(gender, '') AS g, coalesce(country, '') AS co, coalesce(countryregion, '') AS r,
               coalesce(extract(year FROM date_of_birth)::int, 0) AS y, date_trunc('month', date_of_birth)::date AS mo, -1 AS k FROM old_rows WHERE status = 'active') rows_changed
       GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k) <> 0
    ), by_year AS (
      INSERT INTO search_counts AS c (site_id, gender, country, countryregion, birth_year, n)
      SELECT site_id, g, co, r, y, sum(k) FROM delta GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, birth_year) DO UPDATE SET n = c.n + excluded.n
    ), by_span AS (
      INSERT INTO search_counts_span AS c (site_id, gender, country, countryregion, span_start, n)
      SELECT site_id, g, co, r, (y / 8) * 8, sum(k) FROM delta WHERE y > 0 GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, span_start) DO UPDATE SET n = c.n + excluded.n
    ), by_month AS (
      INSERT INTO search_counts_month AS c (site_id, gender, country, countryregion, birth_month, n)
      SELECT site_id, g, co, r, mo, sum(k) FROM delta WHERE mo IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
      ON CONFLICT (site_id, gender, country, countryregion, birth_month) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO search_counts_place AS c (site_id, gender, country, countryregion, n)
    SELECT site_id, g, co, r, sum(k) FROM delta GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ON CONFLICT (site_id, gender, country, countryregion) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
