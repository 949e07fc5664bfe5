-- The audit log: every operator action, append-only. Rows are written by src/operator/audit.ts and
-- never changed: UPDATE, DELETE and TRUNCATE raise an error, whoever tries (API, script, psql).
CREATE TABLE audit_log (
  id             bigserial PRIMARY KEY,
  at             timestamptz NOT NULL DEFAULT now(),
  -- Who: the operator (NULL for the command line), and their address then (operators are never deleted,
  -- but the address is kept as it was).
  operator_id    integer REFERENCES operators (id),
  operator_email text,
  site_id        integer REFERENCES sites (id),
  action         text NOT NULL CHECK (action ~ '^[a-z_]+(\.[a-z_]+)*$'),
  target_type    text,
  target_id      text,
  before         jsonb,
  after          jsonb,
  reason         text,
  ip             text
);
CREATE INDEX audit_log_site ON audit_log (site_id, id DESC);
CREATE INDEX audit_log_operator ON audit_log (operator_id, id DESC);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
