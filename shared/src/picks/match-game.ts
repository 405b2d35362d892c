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
const DAY = 24 * HOUR;
/**
 * How long after a pick was added its game may start, when the pick has no start time (the browser's list, some CSV
 * rows, picks written by hand): a pick is placed before its game, days at most, and without a bound a pick left pending
 * settled on the next meeting of the same teams, months later. A week, because spec 002 §7 looks for a pick's result
 * over a week ("today plus each of the previous 7 days") and a weekly league's line is taken up to a week ahead (an
 * NFL pick on Wednesday for the Monday game). The automatic runs never reach that far (§4: only picks added in the last
 * 3 days, so games at most 3 days after); "Validate now", which considers every pending pick (§4), does.
 */
const PICK_WITHOUT_START_LEAD_MS = 7 * DAY;
/** A bet can be placed a few hours into its game. */
const IN_GAME_MS = 6 * HOUR;

/**
 * The game a pick was on (DECISIONS 24: a wrong settlement is worse than a late one). The odds event id decides
 * when the pick has one: the game carrying it, and no game carrying another id. By name both teams must match
 * (teamMatchStrength: full name, nickname or short form, never a city alone) and, because teams meet again within
 * the look-back (a series, a doubleheader), the game must start within 3 h of the pick's known start time, or else
 * no earlier than 6 h before the pick was added (a bet can be placed a few hours into a game) and no later than
 * PICK_WITHOUT_START_LEAD_MS after it (the teams meet again: a later game is not the pick's). Exactly one such
 * game settles the pick once it is final; none, one not yet final, or several leave it pending and say so, as does a
 * game text naming a city or region alone for a team.
 *
 * `coveredFrom` is the earliest start the candidates hold every known game from (the look-back's start): a pick
 * without a start time whose game may have started before it is not matched by name, since its own game may be the one
 * left out while a later meeting of the same teams is in.
 */
export function findPickGame<T extends ResultCandidate>(
  pick: PickToMatch,
  candidates: readonly T[],
  coveredFrom?: Date,
): PickGame<T> {
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
  if (Number.isNaN(start) && coveredFrom && added - IN_GAME_MS < coveredFrom.getTime())
    return { game: null, reason: 'game_not_found' };
  const matching = candidates.filter((c) => {
    if (pick.eventId && c.event_id && c.event_id !== pick.eventId) return false;
    if (gameMatchStrength(teams, c, pick.sport) === 0) return false;
    const at = Date.parse(c.commence_time);
    return Number.isNaN(start)
      ? at >= added - IN_GAME_MS && at <= added + PICK_WITHOUT_START_LEAD_MS
      : Math.abs(at - start) <= 3 * HOUR;
  });
  if (matching.length === 0) return { game: null, reason: 'game_not_found' };
  if (matching.length > 1) return { game: null, reason: 'ambiguous', games: matching.length };
  return matching[0].final === false ? { game: null, reason: 'not_final' } : { game: matching[0] };
}

/** The final game a pick was on, or undefined when findPickGame does not name exactly one. */
export function matchPickToGame<T extends ResultCandidate>(pick: PickToMatch, candidates: readonly T[]): T | undefined {
  return findPickGame(pick, candidates).game ?? undefined;
}
