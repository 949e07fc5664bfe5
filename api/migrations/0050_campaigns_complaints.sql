-- Acquisition and content: lander campaigns per site, and complaints.

-- A marketing campaign of a site: /landers/{kind}/{slug} shows it with one of the kinds it allows.
-- Operators add campaigns as rows, not code. Texts per language: {"en": {"headline": …, "text": …}, …};
-- a language without texts falls back to the site's domain language, then English.
CREATE TABLE campaigns (
  id                  serial PRIMARY KEY,
  site_id             integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  slug                text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  kinds               text[] NOT NULL CHECK (cardinality(kinds) > 0 AND kinds <@ ARRAY['video', 'gallery', 'maplanding',
                        'alonetonight', 'iconslanding', 'socialnetwork', 'collagelanding', 'transitionsvideolanding']),
  texts               jsonb NOT NULL,
  -- Whom the campaign shows: members of this gender (NULL: both) within the age range.
  target_gender       text CHECK (target_gender IN ('male', 'female')),
  min_age             smallint NOT NULL DEFAULT 18 CHECK (min_age >= 18),
  max_age             smallint NOT NULL DEFAULT 99 CHECK (max_age >= min_age AND max_age <= 100),
  -- Imagery: a background video (NULL: the members' photos make the moving picture) and members
  -- whose photos lead the page (only active members of the pool are ever shown).
  video_url           text CHECK (video_url ~ '^(https://|/)'),
  featured_member_ids integer[] NOT NULL DEFAULT '{}',
  active              boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, slug)
);

-- Complaints and reports: the /complaints form (members and visitors) writes here with source
-- 'form'; reports made elsewhere (a member or a message reported from chat) join with their own
-- source and the ids they know. One table, one queue for customer service.
CREATE TABLE complaints (
  id                 bigserial PRIMARY KEY,
  site_id            integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  source             text NOT NULL DEFAULT 'form' CHECK (source IN ('form', 'chat', 'profile')),
  category           text NOT NULL CHECK (category IN ('member', 'message', 'payment', 'photo', 'other')),
  -- Who complains: a member, or a visitor known by the address they gave.
  reporter_member_id integer REFERENCES members (id) ON DELETE SET NULL,
  reporter_email     text CHECK (char_length(reporter_email) <= 254),
  -- What it is about, when known.
  reported_member_id integer REFERENCES members (id) ON DELETE SET NULL,
  message_id         bigint,
  description        text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 5000),
  language           text NOT NULL,
  status             text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'closed')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (reporter_member_id IS NOT NULL OR reporter_email IS NOT NULL)
);

CREATE INDEX complaints_site_open ON complaints (site_id, created_at) WHERE status <> 'closed';
CREATE INDEX complaints_reported ON complaints (reported_member_id) WHERE reported_member_id IS NOT NULL;

-- The complaint mails: the confirmation to the one who complained, the notice to support.
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'receipt', 'report', 'complaint_confirmation', 'complaint_notice'));

-- Customer service's mail address is part of the company info (complaints are sent there). Sites
-- seeded before this migration get their template's address.
UPDATE sites SET company = company || jsonb_build_object('support_email',
    CASE WHEN template_name LIKE 'velvet%' THEN 'service@velvet.example' ELSE 'support@amora.example' END)
 WHERE NOT company ? 'support_email';
