-- Why a pending pick is not settled yet (DECISIONS 24): /picks says it instead of a silent "pending".
-- The codes are shared/src/picks/settlement.ts UnsettledCode; `unsettled_games` counts the games an ambiguous pick
-- could be. A settled pick has no reason.
ALTER TABLE picks
  ADD COLUMN unsettled_reason text CHECK (unsettled_reason IN (
    'unsupported_league', 'game_not_found', 'not_final', 'ambiguous', 'game_text',
    'unsupported_market', 'unreadable_selection', 'team_not_found', 'split_result'
  )),
  ADD COLUMN unsettled_games smallint CHECK (unsettled_games > 1),
  ADD CONSTRAINT picks_unsettled_only_pending CHECK (status = 'pending' OR (unsettled_reason IS NULL AND unsettled_games IS NULL));
