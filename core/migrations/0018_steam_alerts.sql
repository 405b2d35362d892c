-- Every steam alert, kept and graded (DECISIONS 34). `alert` is the alert as it was raised (SteamAlert of shared: its
-- origin, confirmations, fair line and the soft books still at the old price). When it expired and why come from the
-- workers' record outbox; the grade is written once the game has started: the CLV (PERCENT, net of commission) of
-- taking the best stale price against the fair closing line at that price's line, and whether that soft book had moved
-- toward the steam by the close (null: it had no closing price). `grade_note` says why an alert could not be graded.
CREATE TABLE steam_alerts (
  id                   text PRIMARY KEY,
  sport_key            text NOT NULL,
  event_id             text NOT NULL,
  market               text NOT NULL CHECK (market IN ('h2h', 'spreads', 'totals')),
  side                 text NOT NULL,
  commence_time        timestamptz NOT NULL,
  found_at             timestamptz NOT NULL,
  alert                jsonb NOT NULL,
  expired_at           timestamptz,
  expiry               text CHECK (expiry IN ('caught_up', 'started', 'removed', 'timed_out')),
  grade_status         text NOT NULL DEFAULT 'pending' CHECK (grade_status IN ('pending', 'graded', 'ungraded')),
  graded_at            timestamptz,
  closing_probability  double precision,
  closing_price        integer,
  clv_pct              double precision,
  soft_moved           boolean,
  grade_source         text CHECK (grade_source IN ('sharp', 'market')),
  grade_note           text
);
CREATE INDEX steam_alerts_pending_idx ON steam_alerts (commence_time) WHERE grade_status = 'pending';
CREATE INDEX steam_alerts_found_idx ON steam_alerts (found_at DESC, id DESC);
CREATE INDEX steam_alerts_sport_market_idx ON steam_alerts (sport_key, market, found_at DESC);
