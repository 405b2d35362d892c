-- A baseball game called before 9 innings (8½ with the home team ahead) is official for the moneyline, but its run
-- lines and totals have no action at the books: the stake is returned. Its final score would settle them as won or
-- lost, so they stay pending with their reason, `called_early`, to settle by hand (spec 002 §5 "Otherwise ... stays
-- pending"; DECISIONS 24: a wrong settlement is worse than a late one). false on every result kept before.
ALTER TABLE game_results ADD COLUMN called_early boolean NOT NULL DEFAULT false;

ALTER TABLE picks DROP CONSTRAINT picks_unsettled_reason_check;
ALTER TABLE picks ADD CONSTRAINT picks_unsettled_reason_check CHECK (unsettled_reason IN (
  'unsupported_league', 'game_not_found', 'not_final', 'ambiguous', 'game_text',
  'unsupported_market', 'unreadable_selection', 'team_not_found', 'split_result', 'extra_time', 'called_early'
));
