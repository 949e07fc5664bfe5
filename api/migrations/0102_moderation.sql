-- Moderation: every new photo and every changed profile text (name, personal) enters the queue of
-- its site (src/moderation). Per site: `pre` (a new photo or text is hidden from others until
-- approved) or `post` (visible at once, reviewed within the target time).
CREATE TABLE moderation_settings (
  site_id        integer PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  mode           text NOT NULL DEFAULT 'post' CHECK (mode IN ('pre', 'post')),
  target_minutes integer NOT NULL DEFAULT 30 CHECK (target_minutes BETWEEN 1 AND 10080)
);

-- Rejection reasons the operators keep, per site: a text per language (what the member is told).
CREATE TABLE moderation_reasons (
  id         serial PRIMARY KEY,
  site_id    integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  texts      jsonb NOT NULL CHECK (texts ? 'en'),
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_reasons_site ON moderation_reasons (site_id);

-- Who sees a photo: `visible` everybody; `held` (pre-moderation, not yet approved) only its member,
-- marked "in review"; `rejected` nobody (kept, hidden, so that a decision can be undone).
ALTER TABLE images ADD COLUMN visibility text NOT NULL DEFAULT 'visible' CHECK (visibility IN ('visible', 'held', 'rejected'));

CREATE TABLE moderation_items (
  id          serial PRIMARY KEY,
  -- The site of the member's pool.
  site_id     integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  member_id   integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('photo', 'text')),
  -- 'photo', or the text column: 'name', 'personal'.
  field       text NOT NULL,
  image_id    integer REFERENCES images (id) ON DELETE SET NULL,
  text_before text,
  text_after  text,
  -- superseded: a newer change of the same text replaced it before a decision.
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'superseded')),
  -- Pre-moderation: the change waits for approval (the text is applied, the photo shown, when approved).
  held        boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  decided_at  timestamptz,
  decided_by  integer REFERENCES operators (id),
  reason_id   integer REFERENCES moderation_reasons (id),
  CHECK ((kind = 'photo') = (field = 'photo'))
);
CREATE INDEX moderation_items_queue ON moderation_items (site_id, created_at, id) WHERE status = 'pending';
CREATE INDEX moderation_items_member ON moderation_items (member_id, id DESC);
CREATE INDEX moderation_items_decided ON moderation_items (decided_by, decided_at DESC) WHERE decided_at IS NOT NULL;

-- The reason of a decision, in the member's language, shown with an account notice.
ALTER TABLE notifications ADD COLUMN detail text;

ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'receipt', 'report', 'complaint_confirmation', 'complaint_notice',
                  'login_notice', 'moderation_rejected'));
