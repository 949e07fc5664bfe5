-- Sites and remote versions kept in the back office (docs/sites-remotes.md).
--
-- A canary: a remote of a site runs a second manifest for a share of visitors. The live manifest
-- stays in sites.remotes (what every visitor loads); sites.canaries holds, per remote, the
-- canary's manifest, the percent of visitors who get it and when it started. Both are columns of
-- sites, so a change reaches every API process's cache through the sites trigger (0070).
ALTER TABLE sites ADD COLUMN canaries jsonb NOT NULL DEFAULT '{}'::jsonb;

-- Every manifest a remote of a site was pointed at, as a live version or a canary, newest last:
-- the history the back office shows and rolls back to. Append-only.
CREATE TABLE remote_versions (
  id           bigserial PRIMARY KEY,
  site_id      integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  remote       text NOT NULL,
  url          text NOT NULL,
  -- live: everyone loads it from now on; canary: a share of visitors does (percent).
  role         text NOT NULL CHECK (role IN ('live', 'canary', 'canary_stopped')),
  -- point, rollback, promote, canary, canary_stop.
  action       text NOT NULL,
  percent      integer CHECK (percent BETWEEN 1 AND 99),
  operator_id  integer REFERENCES operators (id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX remote_versions_site ON remote_versions (site_id, remote, id DESC);

CREATE FUNCTION remote_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'remote_versions is append-only';
END $$;
CREATE TRIGGER remote_versions_append_only BEFORE UPDATE ON remote_versions
  FOR EACH ROW EXECUTE FUNCTION remote_versions_append_only();

-- What browsers reported of each version (the shell: a remote loaded, failed to load, or its view
-- failed), counted per hour. Only manifests of the site's registry are counted.
CREATE TABLE remote_version_stats (
  site_id        integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  remote         text NOT NULL,
  url            text NOT NULL,
  hour           timestamptz NOT NULL,
  loads          bigint NOT NULL DEFAULT 0,
  load_failures  bigint NOT NULL DEFAULT 0,
  view_errors    bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, remote, url, hour)
);
