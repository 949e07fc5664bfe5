-- A photo file is looked up by its name on every request (GET /api/images/{name}): a premium-only
-- photo is served only to those who may see it.
CREATE INDEX images_filename ON images (filename);
CREATE INDEX images_thumb_filename ON images (thumb_filename);
