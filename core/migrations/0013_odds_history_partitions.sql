-- odds_history grows by millions of rows a day, so it is partitioned by day (UTC) on recorded_at and pruned by
-- dropping whole day partitions (workers' odds-history.retain job, docs/operating.md "Odds history retention"), never
-- by a DELETE. Columns, the CHECK and the event index are those of 0003, so every read (line movement, closing lines) is
-- unchanged. No primary key: on a partitioned table it would have to include recorded_at, and nothing looks a row up
-- by id; ids still come from one identity sequence, continued from the old table's, for the time order's tie-break.
--
-- An existing table is not rewritten: it becomes the partition `odds_history_legacy` for everything up to the end of
-- today (attaching reads it once to check the bound, nothing is copied), and is dropped whole once all of it is past
-- retention. An empty one is simply replaced. A DEFAULT partition catches rows for a day whose partition does not
-- exist yet (the job creates them days ahead), so an insert never fails; the job moves such rows into their day.

ALTER TABLE odds_history RENAME TO odds_history_legacy;
ALTER INDEX odds_history_event_idx RENAME TO odds_history_legacy_event_idx;
ALTER INDEX odds_history_pkey RENAME TO odds_history_legacy_pkey;
-- A partition cannot have its own identity; the parent's sequence numbers every new row.
ALTER TABLE odds_history_legacy ALTER COLUMN id DROP IDENTITY;

CREATE TABLE odds_history (
  id               bigint GENERATED ALWAYS AS IDENTITY,
  sport_key        text NOT NULL,
  event_id         text NOT NULL,
  bookmaker_key    text NOT NULL,
  bookmaker_title  text NOT NULL,
  market_key       text NOT NULL,
  outcome_name     text NOT NULL,
  -- The player for props; '' for game markets, so the identity of an outcome is never NULL.
  description      text NOT NULL DEFAULT '',
  -- Decimal odds, unrounded (the board's unit). Named as in 0003 so the old table attaches with it.
  price            double precision NOT NULL CONSTRAINT odds_history_price_check CHECK (price > 1),
  point            double precision,
  -- The bookmaker's own update time, and when the pipeline recorded the change (the partition key).
  last_update      timestamptz NOT NULL,
  recorded_at      timestamptz NOT NULL DEFAULT now()
) PARTITION BY RANGE (recorded_at);

-- Created on every partition, and matched to the old table's identical index when it attaches (no rebuild).
CREATE INDEX odds_history_event_idx
  ON odds_history (sport_key, event_id, market_key, bookmaker_key, recorded_at);

SELECT setval(pg_get_serial_sequence('odds_history', 'id'), COALESCE((SELECT max(id) FROM odds_history_legacy), 0) + 1, false);

CREATE TABLE odds_history_default PARTITION OF odds_history DEFAULT;

DO $$
DECLARE
  today    timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  tomorrow timestamptz := today + interval '1 day';
BEGIN
  IF EXISTS (SELECT 1 FROM odds_history_legacy) THEN
    EXECUTE format('ALTER TABLE odds_history ATTACH PARTITION odds_history_legacy FOR VALUES FROM (MINVALUE) TO (%L)', tomorrow);
  ELSE
    DROP TABLE odds_history_legacy;
    EXECUTE format('CREATE TABLE %I PARTITION OF odds_history FOR VALUES FROM (%L) TO (%L)',
      'odds_history_p' || to_char(today AT TIME ZONE 'UTC', 'YYYYMMDD'), today, tomorrow);
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF odds_history FOR VALUES FROM (%L) TO (%L)',
    'odds_history_p' || to_char(tomorrow AT TIME ZONE 'UTC', 'YYYYMMDD'), tomorrow, tomorrow + interval '1 day');
END
$$;
