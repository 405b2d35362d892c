-- Odds history is written after its diff is published, from an outbox in Redis (a stream). A writer that dies between
-- storing an entry's rows and acknowledging the entry leaves it to another writer: the entry's id, stored in the same
-- transaction as its rows, makes the second delivery write nothing. Ids older than a day are pruned hourly.
CREATE TABLE IF NOT EXISTS odds_history_entries (
  entry_id text PRIMARY KEY,
  stored_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS odds_history_entries_stored_at_idx ON odds_history_entries (stored_at);
