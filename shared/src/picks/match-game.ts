import { gameMatchStrength, splitGameText } from '../scores/team-match';
import { isPlaceName } from '../scores/teams';

export interface ResultCandidate {
  game_id: string;
  event_id?: string | null;
  home_team: string;
  away_team: string;
  commence_time: string;
  /** False for a game on a scoreboard that has not finished: it can make a pick ambiguous, never settle it. */
  final?: boolean;
}

export interface PickToMatch {
  game: string;
  eventId?: string | null;
  commenceTime?: string | null;
  dateAdded: string;
  /** The pick's sport key, when known (team short forms are per league). */
  sport?: string | null;
}

export type PickGame<T> =
  | { game: T }
  | { game: null; reason: 'game_not_found' | 'not_final' | 'game_text' }
  | { game: null; reason: 'ambiguous'; games: number };

const HOUR = 3_600_000;

/**
 * The game a pick was on (DECISIONS 24: a wrong settlement is worse than a late one). The odds event id decides
 * when the pick has one: the game carrying it, and no game carrying another id. By name both teams must match
 * (teamMatchStrength: full name, nickname or short form, never a city alone) and, because teams meet again within
 * the look-back (a series, a doubleheader), the game must start within 3 h of the pick's known start time, or else
 * no earlier than 6 h before the pick was added (a bet can be placed a few hours into a game). Exactly one such
 * game settles the pick once it is final; none, one not yet final, or several leave it pending and say so, as does a
 * game text naming a city or region alone for a team.
 */
export function findPickGame<T extends ResultCandidate>(pick: PickToMatch, candidates: readonly T[]): PickGame<T> {
  if (pick.eventId) {
    const exact = candidates.find((c) => c.event_id === pick.eventId || c.game_id === pick.eventId);
    if (exact) return exact.final === false ? { game: null, reason: 'not_final' } : { game: exact };
  }
  const teams = splitGameText(pick.game);
  if (!teams) return { game: null, reason: 'game_not_found' };
  // "LA @ Buffalo Bills": a city or region alone is no team (DECISIONS 24), and the user is told to name it
  if (isPlaceName(teams.away_team) || isPlaceName(teams.home_team)) return { game: null, reason: 'game_text' };
  const start = pick.commenceTime ? Date.parse(pick.commenceTime) : NaN;
  const added = Date.parse(pick.dateAdded);
  const matching = candidates.filter((c) => {
    if (pick.eventId && c.event_id && c.event_id !== pick.eventId) return false;
    if (gameMatchStrength(teams, c, pick.sport) === 0) return false;
    const at = Date.parse(c.commence_time);
    return Number.isNaN(start) ? at >= added - 6 * HOUR : Math.abs(at - start) <= 3 * HOUR;
  });
  if (matching.length === 0) return { game: null, reason: 'game_not_found' };
  if (matching.length > 1) return { game: null, reason: 'ambiguous', games: matching.length };
  return matching[0].final === false ? { game: null, reason: 'not_final' } : { game: matching[0] };
}

/** The final game a pick was on, or undefined when findPickGame does not name exactly one. */
export function matchPickToGame<T extends ResultCandidate>(pick: PickToMatch, candidates: readonly T[]): T | undefined {
  return findPickGame(pick, candidates).game ?? undefined;
}
