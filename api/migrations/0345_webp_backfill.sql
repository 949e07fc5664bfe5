-- The WebP backfill (src/images/backfill.ts, docs/photos.md): photos stored before WebP variants
-- were made get them in the background, a few at a time, by whichever API process claims them.
-- `backfill_claimed_until`: a process is making this photo's WebP until then (a process that died
-- mid-way leaves it to be taken again afterwards). `backfill_failed_at` / `backfill_error`: the
-- photo could not be converted (a file missing from the store, a JPEG that does not decode); it is
-- reported once and not tried again, and stays JPEG only.
ALTER TABLE images ADD COLUMN backfill_claimed_until timestamptz;
ALTER TABLE images ADD COLUMN backfill_failed_at timestamptz;
ALTER TABLE images ADD COLUMN backfill_error text;
-- The photos still to do, small and shrinking to nothing once the backfill is through.
CREATE INDEX images_webp_backfill ON images (id) WHERE NOT ('webp' = ANY (formats)) AND backfill_failed_at IS NULL;
