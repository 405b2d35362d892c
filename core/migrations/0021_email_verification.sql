-- An address is verified before the product mails it anything but the verification itself: sign-up did not verify it,
-- and each support request mailed whatever the sender wrote to the account's address under the product's name. Accounts
-- made before this start unverified; the client offers to send the link. Links are single-use and stored as hashes,
-- as password reset links are; a link verifies the address it was sent to, not whatever the account holds later.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

CREATE TABLE email_verification_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email       text NOT NULL,
  token_hash  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE UNIQUE INDEX email_verification_tokens_hash_key ON email_verification_tokens (token_hash);
CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_id);
