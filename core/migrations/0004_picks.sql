-- Picks live in PostgreSQL per user (DECISIONS 18) with the fields of spec 002 §3, `push` (DECISIONS 19)
-- and the closing line for CLV. Money is integer cents.

CREATE TABLE picks (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The id the pick had in the browser list it was imported from; duplicates are skipped by it.
  client_id              text,
  game                   text NOT NULL CHECK (length(game) BETWEEN 1 AND 200),
  league                 text NOT NULL CHECK (length(league) <= 40),
  sport                  text,
  market                 text NOT NULL CHECK (length(market) BETWEEN 1 AND 100),
  selection              text NOT NULL CHECK (length(selection) BETWEEN 1 AND 200),
  odds                   text NOT NULL,
  bookmaker              text,
  stake_cents            bigint NOT NULL CHECK (stake_cents >= 0),
  potential_cents        bigint CHECK (potential_cents >= 0),
  actual_payout_cents    bigint CHECK (actual_payout_cents >= 0),
  status                 text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'won', 'lost', 'push')),
  type                   text NOT NULL DEFAULT 'single' CHECK (type IN ('single', 'parlay')),
  edge                   numeric(7, 3),
  note                   text CHECK (length(note) <= 1000),
  event_id               text,
  -- When the game starts, if known (from the bet slip): tells a series' games apart at settlement.
  commence_time          timestamptz,
  date_added             timestamptz NOT NULL DEFAULT now(),
  settled_date           timestamptz,
  validated_at           timestamptz,
  validated_by           text,
  validation_confidence  smallint,
  espn_game_id           text,
  closing_odds           numeric(9, 2),
  clv                    numeric(7, 3),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (actual_payout_cents IS NULL))
);

CREATE INDEX picks_user_date_idx ON picks (user_id, date_added DESC);
CREATE INDEX picks_pending_idx ON picks (date_added) WHERE status = 'pending';
CREATE INDEX picks_event_pending_idx ON picks (event_id) WHERE status = 'pending' AND event_id IS NOT NULL;
CREATE UNIQUE INDEX picks_user_client_id_key ON picks (user_id, client_id) WHERE client_id IS NOT NULL;

-- A settled pick never changes status again (spec 002 §4): enforced here as well as in the service.
CREATE FUNCTION picks_status_forward_only() RETURNS trigger AS $$
BEGIN
  IF OLD.status <> 'pending' AND NEW.status <> OLD.status THEN
    RAISE EXCEPTION 'pick % is already %', OLD.id, OLD.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER picks_status_forward_only BEFORE UPDATE OF status ON picks
  FOR EACH ROW EXECUTE FUNCTION picks_status_forward_only();

-- The browser list (oss_my_picks_v1) is imported once per user (DECISIONS 18).
CREATE TABLE pick_imports (
  user_id      uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  imported     integer NOT NULL,
  skipped      integer NOT NULL,
  imported_at  timestamptz NOT NULL DEFAULT now()
);

-- Final scores as the scores feed reported them, kept for the settlement look-back (spec 002 §9:
-- today and the previous 7 days) after the live scoreboard has moved on.
CREATE TABLE game_results (
  sport_key      text NOT NULL,
  game_id        text NOT NULL,
  event_id       text,
  home_team      text NOT NULL,
  away_team      text NOT NULL,
  home_score     integer NOT NULL,
  away_score     integer NOT NULL,
  commence_time  timestamptz NOT NULL,
  source         text NOT NULL,
  recorded_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sport_key, game_id)
);
CREATE INDEX game_results_commence_idx ON game_results (commence_time);
