-- Email and password changes are told to the member (src/account/plugin.ts): after an email change
-- the old address gets a notice with a one-click undo (token purpose mail_change_undo, holding the
-- old address), and a password change mails a notice to the account's address.
ALTER TABLE account_tokens DROP CONSTRAINT IF EXISTS account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('activate', 'password_reset', 'mail_change', 'mail_change_undo'));

ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'receipt', 'report', 'complaint_confirmation', 'complaint_notice',
                  'login_notice', 'mail_changed', 'password_changed'));
