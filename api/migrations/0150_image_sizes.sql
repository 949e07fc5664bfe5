-- The pixel size of each photo's large version (src/images/pipeline.ts: at most 1280 on its long
-- side, never enlarged), so profiles can offer it in srcset and never show it larger than it is.
-- NULL for photos stored before: those offer only their 320 px thumbnail.
ALTER TABLE images ADD COLUMN width smallint CHECK (width > 0), ADD COLUMN height smallint CHECK (height > 0);
