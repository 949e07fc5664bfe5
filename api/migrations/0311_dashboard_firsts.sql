-- The funnel's later stages kept on the signup row (docs/dashboards.md): when the member sent a
-- first message and made a first paid purchase. Counting them per signup with EXISTS over
-- 1,000,000 messages took half a second for a month of signups (npm run bench:dashboards); kept
-- here, a cohort is read from member_signups alone. Each is written once, by the triggers below,
-- in the transaction that sends the message or marks the payment paid.
ALTER TABLE member_signups ADD COLUMN first_message_at timestamptz;
ALTER TABLE member_signups ADD COLUMN first_purchase_at timestamptz;

UPDATE member_signups s SET
  first_message_at = (SELECT min(x.created_at) FROM messages x WHERE x.sender_id = s.member_id),
  first_purchase_at = (SELECT min(coalesce(p.paid_at, p.created_at)) FROM payments p WHERE p.member_id = s.member_id AND p.status = 'paid');

-- A message: the sender's first, if none before (a member who already wrote changes no row).
CREATE FUNCTION member_signups_first_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_signups SET first_message_at = NEW.created_at WHERE member_id = NEW.sender_id AND first_message_at IS NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER member_signups_first_message AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION member_signups_first_message();

-- A payment that is (or becomes) paid: the payer's first purchase, if none before.
CREATE FUNCTION member_signups_first_purchase() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_signups SET first_purchase_at = coalesce(NEW.paid_at, now()) WHERE member_id = NEW.member_id AND first_purchase_at IS NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER member_signups_first_purchase AFTER INSERT OR UPDATE OF status ON payments
  FOR EACH ROW WHEN (NEW.status = 'paid' AND NEW.member_id IS NOT NULL) EXECUTE FUNCTION member_signups_first_purchase();

-- Moderation decisions per period read from the index alone.
DROP INDEX moderation_items_site_decided;
CREATE INDEX moderation_items_site_decided ON moderation_items (site_id, decided_at) INCLUDE (created_at, status) WHERE decided_at IS NOT NULL;
