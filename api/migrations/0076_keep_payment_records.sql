-- Payment records outlive the account (the privacy page: "payment records are kept for the
-- statutory period for tax records"). A member's deletion cascaded to their payments, so nothing of
-- a sale was left to account for. The payment row now stays without its member: amount, currency,
-- VAT rate, country, method, dates and the provider's id; the member link goes (SET NULL), and so
-- does the subscription link (the subscription rows go with the member).
ALTER TABLE payments ALTER COLUMN member_id DROP NOT NULL;
ALTER TABLE payments DROP CONSTRAINT payments_member_id_fkey;
ALTER TABLE payments ADD CONSTRAINT payments_member_id_fkey FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE SET NULL;
ALTER TABLE payments DROP CONSTRAINT payments_subscription;
ALTER TABLE payments ADD CONSTRAINT payments_subscription FOREIGN KEY (subscription_id) REFERENCES subscriptions (id) ON DELETE SET NULL;
