-- A member who ever had credits could not delete their account: the cascade from members to
-- credit_ledger hit the append-only trigger (500 on DELETE /api/user.php). The ledger stays
-- append-only for everything else; its rows go only with their member (erasure).
CREATE OR REPLACE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM members WHERE id = OLD.member_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'credit_ledger is append-only';
END $$;
