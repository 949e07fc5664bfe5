-- White-label sites (templates). One build serves every site; the original host picks the row.
CREATE TABLE sites (
  id                  serial PRIMARY KEY,
  template_name       text NOT NULL UNIQUE,
  -- The site that answers hosts nobody registered. Exactly one.
  is_default          boolean NOT NULL DEFAULT false,
  name                text NOT NULL,
  domain_language     text NOT NULL,
  languages           text[] NOT NULL CHECK (cardinality(languages) > 0),
  signups             text NOT NULL CHECK (signups IN ('all', 'with_trafficsource', 'other')),
  -- Feature flags (spec §3) without templateName, which is template_name.
  flags               jsonb NOT NULL,
  -- brandName, tagline, logoText, colours.
  theme               jsonb NOT NULL,
  -- Company info (spec §3).
  company             jsonb NOT NULL,
  -- The rest of the spec §3 Settings: region_data, countries, visible_profile_fields, … fictional_icon.
  settings            jsonb NOT NULL,
  -- Remote registry: remote name → URL of its mf-manifest.json.
  remotes             jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Members of this site are those of another site (one member pool, several brands).
  shares_members_with integer REFERENCES sites (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX sites_one_default ON sites (is_default) WHERE is_default;

-- Host names (lower case, no port) that a site answers.
CREATE TABLE site_hosts (
  host    text PRIMARY KEY CHECK (host = lower(host)),
  site_id integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE
);

CREATE INDEX site_hosts_site ON site_hosts (site_id);
