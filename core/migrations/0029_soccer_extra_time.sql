-- A soccer bet is settled on the 90 minutes and stoppage time. A final after extra time (ESPN's STATUS_FINAL_AET,
-- STATUS_FINAL_PEN) counts the extra time's goals, so its score does not settle the picks on it: they stay pending
-- with their reason, `extra_time`, to settle by hand (spec 002 §5 "Otherwise ... stays pending"; DECISIONS 24: a
-- wrong settlement is worse than a late one). false on every result kept before: none said so.
ALTER TABLE game_results ADD COLUMN after_extra_time boolean NOT NULL DEFAULT false;

ALTER TABLE picks DROP CONSTRAINT picks_unsettled_reason_check;
ALTER TABLE picks ADD CONSTRAINT picks_unsettled_reason_check CHECK (unsettled_reason IN (
  'unsupported_league', 'game_not_found', 'not_final', 'ambiguous', 'game_text',
  'unsupported_market', 'unreadable_selection', 'team_not_found', 'split_result', 'extra_time'
));
