-- What a pick returns per unit staked if it wins: its exact decimal price, net of an exchange's commission (a parlay's
-- legs multiplied), as the bet slip priced it. Its American `odds` are rounded to a whole number for showing, and a
-- parlay's or an exchange's price is no whole American number: a stake set or changed later is paid at this price
-- (DECISIONS 25). NULL on a pick saved without one (before this migration, imported, or sent without it): its payout
-- follows from its odds at its book's commission, as before.
ALTER TABLE picks ADD COLUMN payout_decimal double precision CHECK (payout_decimal > 1);
