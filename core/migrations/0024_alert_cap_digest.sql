-- An e-mail alert the per-user hourly cap held back is still recorded as skipped, and is marked until the next digest
-- mail tells the user about it ("N more alerts held by the 30-an-hour cap", with the best few): a rule that fired
-- past the cap in its first minute left the rest of the hour's opportunities unsaid.
ALTER TABLE alert_deliveries ADD COLUMN held_by_cap boolean NOT NULL DEFAULT false;
CREATE INDEX alert_deliveries_held_by_cap_idx ON alert_deliveries (user_id) WHERE held_by_cap;
