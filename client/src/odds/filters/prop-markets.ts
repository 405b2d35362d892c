/**
 * Player prop markets per sport (spec 001 §3 player prop market) and the migrations of stored values
 * (spec 001 §4): receiving becomes reception, the 2-plus-TD market is dropped, draftkings_pick6 becomes pick6;
 * changing sports resets the props selection to the first 3 valid markets.
 */
export interface PropMarket {
  key: string;
  title: string;
  category: string;
}

const m = (key: string, title: string, category: string): PropMarket => ({ key, title, category });

const FOOTBALL: PropMarket[] = [
  m('player_pass_yds', 'Pass Yards', 'passing'),
  m('player_pass_tds', 'Pass TDs', 'passing'),
  m('player_pass_completions', 'Pass Completions', 'passing'),
  m('player_pass_attempts', 'Pass Attempts', 'passing'),
  m('player_pass_interceptions', 'Interceptions', 'passing'),
  m('player_rush_yds', 'Rush Yards', 'rushing'),
  m('player_rush_attempts', 'Rush Attempts', 'rushing'),
  m('player_receptions', 'Receptions', 'receiving'),
  m('player_reception_yds', 'Reception Yards', 'receiving'),
  m('player_anytime_td', 'Anytime TD', 'touchdowns'),
  m('player_1st_td', '1st TD', 'touchdowns'),
  m('player_pass_rush_reception_yds', 'Pass + Rush + Rec Yards', 'combination'),
  m('player_rush_reception_yds', 'Rush + Rec Yards', 'combination'),
  m('player_sacks', 'Sacks', 'defense'),
  m('player_tackles_assists', 'Tackles + Assists', 'defense'),
  m('player_field_goals', 'Field Goals', 'kicking'),
  m('player_kicking_points', 'Kicking Points', 'kicking'),
];

const BASKETBALL: PropMarket[] = [
  m('player_points', 'Points', 'basketball'),
  m('player_rebounds', 'Rebounds', 'basketball'),
  m('player_assists', 'Assists', 'basketball'),
  m('player_threes', 'Threes', 'basketball'),
  m('player_points_rebounds_assists', 'Pts + Reb + Ast', 'basketball'),
  m('player_blocks', 'Blocks', 'basketball'),
  m('player_steals', 'Steals', 'basketball'),
];

const BASEBALL: PropMarket[] = [
  m('batter_hits', 'Hits', 'batting'),
  m('batter_total_bases', 'Total Bases', 'batting'),
  m('batter_home_runs', 'Home Runs', 'batting'),
  m('batter_rbis', 'RBIs', 'batting'),
  m('pitcher_strikeouts', 'Strikeouts', 'pitching'),
  m('pitcher_hits_allowed', 'Hits Allowed', 'pitching'),
];

const HOCKEY: PropMarket[] = [
  m('player_points', 'Points', 'hockey'),
  m('player_goals', 'Goals', 'hockey'),
  m('player_assists', 'Assists', 'hockey'),
  m('player_shots_on_goal', 'Shots on Goal', 'hockey'),
];

const SOCCER: PropMarket[] = [
  m('player_goal_scorer_anytime', 'Anytime Goal Scorer', 'soccerPlayers'),
  m('player_shots', 'Shots', 'soccerPlayers'),
  m('player_shots_on_target', 'Shots on Target', 'soccerPlayers'),
  m('player_assists', 'Assists', 'soccerPlayers'),
];

/** Each market also exists as an alternate variant (`<key>_alternate`). */
const withAlternates = (markets: PropMarket[]) =>
  markets.flatMap((x) => [x, { ...x, key: `${x.key}_alternate`, title: `${x.title} (Alt)` }]);

export function propMarketsForSport(sportKey: string): PropMarket[] {
  if (sportKey.startsWith('americanfootball_')) return withAlternates(FOOTBALL);
  if (sportKey.startsWith('basketball_')) return withAlternates(BASKETBALL);
  if (sportKey.startsWith('baseball_')) return withAlternates(BASEBALL);
  if (sportKey.startsWith('icehockey_')) return withAlternates(HOCKEY);
  if (sportKey.startsWith('soccer_')) return withAlternates(SOCCER);
  return [];
}

/** The markets valid for any of the sports, in order, without repeats. */
export function propMarketsForSports(sportKeys: readonly string[]): PropMarket[] {
  const seen = new Set<string>();
  return sportKeys.flatMap(propMarketsForSport).filter((x) => !seen.has(x.key) && !!seen.add(x.key));
}

/** Default props markets (spec 001 §9): pass yards, rush yards, receptions, anytime TD, points, rebounds, assists. */
export const DEFAULT_PROP_MARKETS: readonly string[] = [
  'player_pass_yds',
  'player_rush_yds',
  'player_receptions',
  'player_anytime_td',
  'player_points',
  'player_rebounds',
  'player_assists',
];
/** The DFS page's default: points, assists and rebounds. */
export const DFS_DEFAULT_PROP_MARKETS: readonly string[] = ['player_points', 'player_assists', 'player_rebounds'];

const TWO_PLUS_TD = /(^|_)(2\+|2_plus|2plus|two_plus)_?tds?$/;

/** One stored market key → today's key, or null when the market is dropped. */
export function migratePropMarket(key: string): string | null {
  if (TWO_PLUS_TD.test(key)) return null;
  return key.replace(/receiving/g, 'reception');
}

/** Stored book keys: draftkings_pick6 becomes pick6. */
export function migrateBookKey(key: string): string {
  return key === 'draftkings_pick6' ? 'pick6' : key;
}

/** Migrates a stored props selection, keeping only markets valid for the sports (duplicates dropped). */
export function migratePropSelection(stored: readonly string[], sportKeys: readonly string[]): string[] {
  const valid = new Set(propMarketsForSports(sportKeys).map((x) => x.key));
  const result: string[] = [];
  for (const key of stored) {
    const migrated = migratePropMarket(key);
    if (migrated && valid.has(migrated) && !result.includes(migrated)) result.push(migrated);
  }
  return result;
}

/** Changing sports resets the props selection to the first 3 valid markets (spec 001 §4). */
export function propSelectionForSports(sportKeys: readonly string[]): string[] {
  return propMarketsForSports(sportKeys)
    .filter((x) => !x.key.endsWith('_alternate'))
    .slice(0, 3)
    .map((x) => x.key);
}
