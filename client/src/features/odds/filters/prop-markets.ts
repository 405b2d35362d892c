import { PLAYER_PROP_MARKET_TITLES } from '@oddspulse/shared';

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

/** Each sport's markets, by the prefix of its sport key: its categories in order, each category's markets in order. */
const SPORT_PROP_MARKETS: ReadonlyArray<
  readonly [string, Record<string, readonly (keyof typeof PLAYER_PROP_MARKET_TITLES)[]>]
> = [
  [
    'americanfootball_',
    {
      passing: [
        'player_pass_yds',
        'player_pass_tds',
        'player_pass_completions',
        'player_pass_attempts',
        'player_pass_interceptions',
      ],
      rushing: ['player_rush_yds', 'player_rush_attempts'],
      receiving: ['player_receptions', 'player_reception_yds'],
      touchdowns: ['player_anytime_td', 'player_1st_td'],
      combination: ['player_pass_rush_reception_yds', 'player_rush_reception_yds'],
      defense: ['player_sacks', 'player_tackles_assists'],
      kicking: ['player_field_goals', 'player_kicking_points'],
    },
  ],
  [
    'basketball_',
    {
      basketball: [
        'player_points',
        'player_rebounds',
        'player_assists',
        'player_threes',
        'player_points_rebounds_assists',
        'player_blocks',
        'player_steals',
      ],
    },
  ],
  [
    'baseball_',
    {
      batting: ['batter_hits', 'batter_total_bases', 'batter_home_runs', 'batter_rbis'],
      pitching: ['pitcher_strikeouts', 'pitcher_hits_allowed'],
    },
  ],
  ['icehockey_', { hockey: ['player_points', 'player_goals', 'player_assists', 'player_shots_on_goal'] }],
  [
    'soccer_',
    {
      soccerPlayers: ['player_goal_scorer_anytime', 'player_shots', 'player_shots_on_target', 'player_assists'],
    },
  ],
];

/** Each market also exists as an alternate variant (`<key>_alternate`). */
const withAlternates = (markets: PropMarket[]) =>
  markets.flatMap((x) => [x, { ...x, key: `${x.key}_alternate`, title: `${x.title} (Alt)` }]);

export function propMarketsForSport(sportKey: string): PropMarket[] {
  const sport = SPORT_PROP_MARKETS.find(([prefix]) => sportKey.startsWith(prefix));
  if (!sport) return [];
  return withAlternates(
    Object.entries(sport[1]).flatMap(([category, keys]) =>
      keys.map((key) => ({ key, title: PLAYER_PROP_MARKET_TITLES[key], category })),
    ),
  );
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
