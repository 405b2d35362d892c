-- Closing an account (the privacy policy's "Closing your account", spec 000 §2 legal pages): the user's own data is
-- deleted at once, and what must stay is the users row, anonymised, so the billing rows can still name it while the
-- subscription runs out at its period's end (Stripe's webhooks find the customer). The address is replaced, so it
-- signs nobody in and can sign up again.
ALTER TABLE users ADD COLUMN closed_at timestamptz;
