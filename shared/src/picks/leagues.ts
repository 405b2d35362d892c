/**
 * Leagues settlement can look up (spec 002 §5, §7), by the league text a pick carries, mapped to the
 * odds feed's sport keys. 'baseball' is an alias of MLB; MLS is `soccer_usa_mls` in the feeds
 * (the documents' `soccer_mls` is accepted too).
 */
const LEAGUE_SPORTS = new Map<string, string>(
  Object.entries({
    NFL: 'americanfootball_nfl',
    NBA: 'basketball_nba',
    MLB: 'baseball_mlb',
    NHL: 'icehockey_nhl',
    NCAAF: 'americanfootball_ncaaf',
    NCAAB: 'basketball_ncaab',
    WNBA: 'basketball_wnba',
    MLS: 'soccer_usa_mls',
  }),
);
const ALIASES = new Map<string, string>(Object.entries({ BASEBALL: 'MLB', SOCCER_MLS: 'MLS' }));

export const SUPPORTED_LEAGUES: readonly string[] = [...LEAGUE_SPORTS.keys()];

/** The sport key for a pick's league (or sport key), or null when settlement does not cover it. */
export function settlementSport(league: string): string | null {
  const upper = league.trim().toUpperCase();
  const sport = LEAGUE_SPORTS.get(ALIASES.get(upper) ?? upper);
  if (sport) return sport;
  const lower = league.trim().toLowerCase();
  if (lower === 'soccer_mls') return LEAGUE_SPORTS.get('MLS')!;
  return [...LEAGUE_SPORTS.values()].includes(lower) ? lower : null;
}

/** Every league text (upper case) that settles against a sport key, aliases included. */
export function leagueNamesFor(sport: string): string[] {
  const names = [...LEAGUE_SPORTS].filter(([, key]) => key === sport).map(([name]) => name);
  const aliases = [...ALIASES].filter(([, name]) => names.includes(name)).map(([alias]) => alias);
  return [...names, ...aliases, sport.toUpperCase()];
}

/** The message for a league settlement cannot look up (spec 002 §8), verbatim. */
export function unsupportedSportMessage(sport: string): string {
  return `Unsupported sport for backend scoreboard: ${sport}`;
}
