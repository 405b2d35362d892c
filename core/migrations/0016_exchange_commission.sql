-- Each user's own exchange commission rates (FRACTIONS of net winnings, by canonical book key): the engine prices a
-- back bet at an exchange net of its commission, at the exchange's published default unless the user set their own
-- (Betfair's depends on the market and the account). An empty object: every default.
ALTER TABLE preferences ADD COLUMN commissions jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(commissions) = 'object');
