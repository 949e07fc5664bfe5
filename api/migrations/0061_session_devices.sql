-- The sessions list on /profile: each session gets a number the member can name
-- it by (never the token's hash) and the browser it was opened with (User-Agent, at most 300
-- characters; shown as "Firefox on Windows").
ALTER TABLE sessions ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE sessions ADD CONSTRAINT sessions_id_unique UNIQUE (id);
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
