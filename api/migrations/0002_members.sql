-- Members (users and the profiles others see). A member belongs to the member pool of a site.
CREATE TABLE members (
  id               serial PRIMARY KEY,
  site_id          integer NOT NULL REFERENCES sites (id),
  email            text NOT NULL,
  -- scrypt$… (see src/auth/password.ts); NULL: cannot log in (e.g. imported or fictional profiles).
  password_hash    text,
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'not_confirmed', 'deleted')),
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 150),
  gender           text CHECK (gender IN ('male', 'female')),
  date_of_birth    date,
  city             text CHECK (char_length(city) <= 255),
  country          text CHECK (country ~ '^[A-Z]{2}$'),
  countryregion    text,
  -- Private: used for distance, never sent to the browser.
  latitude         double precision,
  longitude        double precision,
  language         text,
  personal         text NOT NULL DEFAULT '',
  last_signup_step smallint NOT NULL DEFAULT 7 CHECK (last_signup_step BETWEEN 0 AND 7),
  paid_user        boolean NOT NULL DEFAULT false,
  credits          integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  -- 2 means Gmail (spec §3).
  mailprovider     integer NOT NULL DEFAULT 0,
  fictional        boolean NOT NULL DEFAULT false,
  signup_date      timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- An email address is one member per member pool, whatever its case.
CREATE UNIQUE INDEX members_site_email ON members (site_id, lower(email));
CREATE INDEX members_search ON members (site_id, country, gender, date_of_birth) WHERE status <> 'deleted';

-- Profile photos; files live under the site's cdn_prefix.
CREATE TABLE images (
  id             serial PRIMARY KEY,
  member_id      integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  filename       text NOT NULL,
  thumb_filename text NOT NULL,
  is_main        boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX images_member ON images (member_id);
CREATE UNIQUE INDEX images_one_main ON images (member_id) WHERE is_main;
