import { gameMatchStrength, splitGameText } from '../scores/team-match';

export interface ResultCandidate {
  game_id: string;
  event_id?: string | null;
  home_team: string;
  away_team: string;
  commence_time: string;
}

export interface PickToMatch {
  game: string;
  eventId?: string | null;
  commenceTime?: string | null;
  dateAdded: string;
}

const HOUR = 3_600_000;

/**
 * The final game a pick was on. The odds event id decides when the pick has one; otherwise both teams
 * must match (spec 002 §5) and, because teams meet again within the look-back (a baseball series),
 * the game is the one starting at the pick's known start time, or else the first one starting after
 * the pick was added (a bet can be placed a few hours into a game).
 */
export function matchPickToGame<T extends ResultCandidate>(pick: PickToMatch, candidates: readonly T[]): T | undefined {
  if (pick.eventId) {
    const exact = candidates.find((c) => c.event_id === pick.eventId || c.game_id === pick.eventId);
    if (exact) return exact;
  }
  const teams = splitGameText(pick.game);
  if (!teams) return undefined;
  const matching = candidates.filter((c) => gameMatchStrength(teams, c) > 0);
  if (pick.commenceTime) {
    const start = Date.parse(pick.commenceTime);
    return matching
      .filter((c) => Math.abs(Date.parse(c.commence_time) - start) <= 3 * HOUR)
      .sort((a, b) => Math.abs(Date.parse(a.commence_time) - start) - Math.abs(Date.parse(b.commence_time) - start))[0];
  }
  const added = Date.parse(pick.dateAdded);
  return matching
    .filter((c) => Date.parse(c.commence_time) >= added - 6 * HOUR)
    .sort((a, b) => Date.parse(a.commence_time) - Date.parse(b.commence_time))[0];
}
