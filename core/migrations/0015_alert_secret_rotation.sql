-- Alert webhooks are signed in the Standard Webhooks format (docs/api.md "Alerts"). A rotated secret keeps signing
-- beside the new one until `previous_valid_until` (24 hours), so a receiver can switch without refusing deliveries.
ALTER TABLE alert_secrets
  ADD COLUMN previous_secret text,
  ADD COLUMN previous_valid_until timestamptz;

-- Standard Webhooks verifiers decode the secret after `whsec_` as standard base64. Secrets made before were 32 bytes
-- in base64url without padding: the same bytes are written in the standard alphabet, so the key does not change.
UPDATE alert_secrets
SET secret = 'whsec_' || translate(substr(secret, 7), '-_', '+/') || '='
WHERE secret ~ '^whsec_[A-Za-z0-9_-]{43}$';
