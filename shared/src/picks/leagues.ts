/**
 * Leagues settlement can look up (spec 002 §5, §7), by the league text a pick carries, mapped to the
 * odds feed's sport keys. 'baseball' is an alias of MLB; MLS is `soccer_usa_mls` in the feeds
 * (the documents' `soccer_mls` is accepted too).
 */
const LEAGUE_SPORTS: Record<string, string> = {
  NFL: 'americanfootball_nfl',
  NBA: 'basketball_nba',
  MLB: 'baseball_mlb',
  NHL: 'icehockey_nhl',
  NCAAF: 'americanfootball_ncaaf',
  NCAAB: 'basketball_ncaab',
  WNBA: 'basketball_wnba',
  MLS: 'soccer_usa_mls',
};
const ALIASES: Record<string, string> = { BASEBALL: 'MLB', SOCCER_MLS: 'MLS' };

export const SUPPORTED_LEAGUES: readonly string[] = Object.keys(LEAGUE_SPORTS);

/** The sport key for a pick's league (or sport key), or null when settlement does not cover it. */
export function settlementSport(league: string): string | null {
  const upper = league.trim().toUpperCase();
  const name = ALIASES[upper] ?? upper;
  if (LEAGUE_SPORTS[name]) return LEAGUE_SPORTS[name];
  const lower = league.trim().toLowerCase();
  if (lower === 'soccer_mls') return LEAGUE_SPORTS.MLS;
  return Object.values(LEAGUE_SPORTS).includes(lower) ? lower : null;
}

/** Every league text (upper case) that settles against a sport key, aliases included. */
export function leagueNamesFor(sport: string): string[] {
  const names = Object.entries(LEAGUE_SPORTS)
    .filter(([, key]) => key === sport)
    .map(([name]) => name);
  const aliases = Object.entries(ALIASES)
    .filter(([, name]) => names.includes(name))
    .map(([alias]) => alias);
  return [...names, ...aliases, sport.toUpperCase()];
}

/** The message for a league settlement cannot look up (spec 002 §8), verbatim. */
export function unsupportedSportMessage(sport: string): string {
  return `Unsupported sport for backend scoreboard: ${sport}`;
}
