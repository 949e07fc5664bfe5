-- Photos in more than one format and in the member's own order (src/images, docs/photos.md).
-- `formats`: the modern formats a photo is also stored in, beside its two JPEGs, under the same
-- names with another extension (`<base>.webp`, `<base>_t.webp`). Empty for photos stored before:
-- those are offered as JPEG only.
ALTER TABLE images ADD COLUMN formats text[] NOT NULL DEFAULT '{}';
-- `position`: the member's order of their photos (0 first). The main photo is always first; the
-- others follow by position. Photos stored before keep the order they were shown in: the main
-- photo, then by upload.
ALTER TABLE images ADD COLUMN position integer NOT NULL DEFAULT 0;
UPDATE images i SET position = o.n
  FROM (SELECT id, (row_number() OVER (PARTITION BY member_id ORDER BY is_main DESC, id) - 1)::int AS n FROM images) o
 WHERE o.id = i.id;
