-- A reaction names its game by its event id (DECISIONS 22): one that no live scoreboard has is looked up among the
-- kept finals by that id, which nothing deletes, inside the game's reactions lock.
CREATE INDEX game_results_event_idx ON game_results (event_id) WHERE event_id IS NOT NULL;
