-- Partner catalogue: webcam models (GET /api/xcams/search.php, redirect.php) and resell partner
-- flows (GET /api/resellpartner.php). Filled by the seed with clearly labelled demo data
-- (api/src/partners/demo.ts); an operator replaces it with real partner data.
CREATE TABLE cam_models (
  account     text PRIMARY KEY CHECK (account ~ '^[a-z0-9_-]{1,64}$'),
  name        text NOT NULL,
  gender      text NOT NULL CHECK (gender IN ('male', 'female')),
  age         integer CHECK (age BETWEEN 18 AND 100),
  online      boolean NOT NULL DEFAULT false,
  -- Tile colour of the generated thumbnail (GET /api/xcams/thumb.php).
  colour      text NOT NULL CHECK (colour ~ '^#[0-9a-f]{6}$'),
  -- Where a click goes (302 from redirect.php); http(s) only.
  partner_url text NOT NULL CHECK (partner_url ~ '^https?://'),
  demo        boolean NOT NULL DEFAULT false
);
CREATE INDEX cam_models_gender_age ON cam_models (gender, age);

CREATE TABLE resell_partners (
  -- The flow name the front end asks for (spec member_resell: cams, camads …).
  flow        text PRIMARY KEY CHECK (flow ~ '^[a-z0-9_-]{1,50}$'),
  name        text NOT NULL,
  partner_url text NOT NULL CHECK (partner_url ~ '^https?://'),
  demo        boolean NOT NULL DEFAULT false
);

-- Page-hidden beacons are not stored: they only move members.last_seen_at (0010).
