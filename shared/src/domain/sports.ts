/** A sport as listed by GET /api/sports (spec 001 §3). */
export interface Sport {
  key: string;
  title: string;
  group: string;
  active: boolean;
}

/** The sports the product covers end to end (the simulator's, the scores page's, settlement's). */
export const CORE_SPORTS: readonly Sport[] = [
  { key: 'americanfootball_nfl', title: 'NFL', group: 'American Football', active: true },
  { key: 'americanfootball_ncaaf', title: 'NCAAF', group: 'American Football', active: true },
  { key: 'basketball_nba', title: 'NBA', group: 'Basketball', active: true },
  { key: 'basketball_ncaab', title: 'NCAAB', group: 'Basketball', active: true },
  { key: 'icehockey_nhl', title: 'NHL', group: 'Ice Hockey', active: true },
  { key: 'baseball_mlb', title: 'MLB', group: 'Baseball', active: true },
  { key: 'soccer_usa_mls', title: 'MLS', group: 'Soccer', active: true },
  { key: 'soccer_epl', title: 'EPL', group: 'Soccer', active: true },
];

/** Default sports on the odds page (spec 001 §9). */
export const DEFAULT_SPORTS: readonly string[] = ['americanfootball_nfl', 'americanfootball_ncaaf'];

/** Soccer leagues (The Odds API's `soccer_…` keys; the documents' `soccer_mls` too). */
export function isSoccer(sportKey: string | null | undefined): boolean {
  return typeof sportKey === 'string' && sportKey.toLowerCase().startsWith('soccer');
}

/**
 * DECISIONS 23: the h2h (moneyline) market of every soccer league is three-way (1X2): home, draw, away, exactly one
 * of which wins. `market` is an odds market key (`h2h`, `h2h_3_way`); a lay market or draw-no-bet is not.
 */
export function isThreeWayMoneyline(sportKey: string | null | undefined, market: string): boolean {
  return isSoccer(sportKey) && /^h2h(_3_way)?$/.test(market);
}
