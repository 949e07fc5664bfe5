-- Photos a member shares with Premium members only (api/README.md, "Credits and payments"): others
-- get such a photo without its file name (the browser shows it blurred and offers Premium).
-- A main photo is never premium-only.
ALTER TABLE images ADD COLUMN premium_only boolean NOT NULL DEFAULT false;
