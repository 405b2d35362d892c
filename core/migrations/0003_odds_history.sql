-- Odds history: one row each time a bookmaker's price or line for an outcome is first seen or changes.
-- Read by /api/odds-history and the line-movement chart (spec 002 §7), by sport and event, then by
-- market and bookmaker, in time order; and by a pick's closing line value for the last price before a start time.

CREATE TABLE odds_history (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sport_key        text NOT NULL,
  event_id         text NOT NULL,
  bookmaker_key    text NOT NULL,
  bookmaker_title  text NOT NULL,
  market_key       text NOT NULL,
  outcome_name     text NOT NULL,
  -- The player for props; '' for game markets, so the identity of an outcome is never NULL.
  description      text NOT NULL DEFAULT '',
  -- Decimal odds, unrounded (the board's unit).
  price            double precision NOT NULL CHECK (price > 1),
  point            double precision,
  -- The bookmaker's own update time, and when the pipeline recorded the change.
  last_update      timestamptz NOT NULL,
  recorded_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX odds_history_event_idx
  ON odds_history (sport_key, event_id, market_key, bookmaker_key, recorded_at);
