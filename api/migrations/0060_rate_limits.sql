-- Rate-limit counters shared by every API process on this database (src/http/ratelimit-store.ts):
-- one row per limit and key, counted with one atomic upsert; a window starts at the first hit
-- after the previous one ended (as @fastify/rate-limit's own store counts). Keys are stored as
-- SHA-256 digests (an address or an account's email never sits here in the clear), times in
-- milliseconds of the API's clock. Rows whose window ended are deleted by the API.
CREATE TABLE rate_limit_hits (
  name         text    NOT NULL,
  key_hash     bytea   NOT NULL,
  window_start bigint  NOT NULL,
  hits         integer NOT NULL,
  expires_at   bigint  NOT NULL,
  PRIMARY KEY (name, key_hash)
);
CREATE INDEX rate_limit_hits_expires ON rate_limit_hits (expires_at);
