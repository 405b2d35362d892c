/**
 * The normalised board: every provider's odds are mapped to this shape (The Odds API v4's, spec 001 §3)
 * before anything else touches them. Prices are DECIMAL odds, unrounded (an American -110 is stored as
 * 1.909090…); conversion to American or fractional happens only at the edges (API responses, the UI).
 * Times are ISO-8601 strings in UTC.
 */
export interface BoardOutcome {
  /** Team name, 'Draw', 'Over', 'Under', 'Yes' or 'No'. */
  name: string;
  /** The player for props (The Odds API's `description`). */
  description?: string;
  /** Decimal odds (> 1). */
  price: number;
  /** Spread or total line; absent for moneylines. */
  point?: number;
  bet_limit?: number;
  link?: string;
  sid?: string;
}

export interface BoardMarket {
  /** h2h, spreads, totals, alternate_spreads, team_totals, h2h_q1, h2h_lay, player_points, … */
  key: string;
  last_update: string;
  outcomes: BoardOutcome[];
  link?: string;
  sid?: string;
}

export interface BoardBookmaker {
  key: string;
  title: string;
  last_update: string;
  markets: BoardMarket[];
  link?: string;
  sid?: string;
}

export interface BoardEvent {
  id: string;
  sport_key: string;
  sport_title: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  bookmakers: BoardBookmaker[];
  /** Set by a scores feed when the game is final: detection skips finished games (spec 001 §5). */
  completed?: boolean;
}

/** An event without its prices: what an opportunity says about the game. */
export type EventHeader = Omit<BoardEvent, 'bookmakers'>;

/** The current board of one sport, as kept in Redis and served for initial loads. */
export interface SportBoard {
  sport_key: string;
  /** When the provider last answered successfully; the board keeps its last data when it fails. */
  fetched_at: string;
  /** Set while the provider is failing: the board is stale and says so. */
  stale_since?: string;
  events: BoardEvent[];
}

/** Spec 001 §9 default straight-bet markets, the odds page's: h2h, spreads, totals, team totals and the alternates. */
export const DEFAULT_STRAIGHT_BET_MARKETS = [
  'h2h',
  'spreads',
  'totals',
  'team_totals',
  'alternate_spreads',
  'alternate_totals',
] as const;

/** Spec 001 §7: straight bets use the regions us, us2 and us_exchanges. */
export const STRAIGHT_BET_REGIONS = ['us', 'us2', 'us_exchanges'] as const;

/** Spec 002 §9: the markets whose line movement the game modal charts (GET /api/odds-history's default). */
export const LINE_MOVEMENT_MARKETS = ['h2h', 'spreads', 'totals'] as const;
export type LineMovementMarket = (typeof LINE_MOVEMENT_MARKETS)[number];

/**
 * The player prop markets (spec 001 §3 player prop market) and each one's title, once: a market that several sports
 * offer reads the same in each. The odds page's props filter lists them per sport; GET /api/player-props takes these.
 */
export const PLAYER_PROP_MARKET_TITLES = {
  player_pass_yds: 'Pass Yards',
  player_pass_tds: 'Pass TDs',
  player_pass_completions: 'Pass Completions',
  player_pass_attempts: 'Pass Attempts',
  player_pass_interceptions: 'Interceptions',
  player_rush_yds: 'Rush Yards',
  player_rush_attempts: 'Rush Attempts',
  player_receptions: 'Receptions',
  player_reception_yds: 'Reception Yards',
  player_anytime_td: 'Anytime TD',
  player_1st_td: '1st TD',
  player_pass_rush_reception_yds: 'Pass + Rush + Rec Yards',
  player_rush_reception_yds: 'Rush + Rec Yards',
  player_sacks: 'Sacks',
  player_tackles_assists: 'Tackles + Assists',
  player_field_goals: 'Field Goals',
  player_kicking_points: 'Kicking Points',
  player_points: 'Points',
  player_rebounds: 'Rebounds',
  player_assists: 'Assists',
  player_threes: 'Threes',
  player_points_rebounds_assists: 'Pts + Reb + Ast',
  player_blocks: 'Blocks',
  player_steals: 'Steals',
  batter_hits: 'Hits',
  batter_total_bases: 'Total Bases',
  batter_home_runs: 'Home Runs',
  batter_rbis: 'RBIs',
  pitcher_strikeouts: 'Strikeouts',
  pitcher_hits_allowed: 'Hits Allowed',
  player_goals: 'Goals',
  player_shots_on_goal: 'Shots on Goal',
  player_goal_scorer_anytime: 'Anytime Goal Scorer',
  player_shots: 'Shots',
  player_shots_on_target: 'Shots on Target',
} as const;

/** Every player prop market and its alternate variant (`<key>_alternate`, spec 001 §3). */
export const PLAYER_PROP_MARKETS: readonly string[] = Object.keys(PLAYER_PROP_MARKET_TITLES).flatMap((key) => [
  key,
  `${key}_alternate`,
]);

/** A player prop market (player_points, batter_hits, pitcher_strikeouts, their `_alternate` lines): the odds page's Player Props section. */
export function isPlayerPropMarket(key: string): boolean {
  return /^(player|batter|pitcher)_/.test(key);
}
