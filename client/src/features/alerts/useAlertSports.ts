import { useQuery } from '@tanstack/react-query';
import { CORE_SPORTS, type Sport } from '@oddspulse/shared';
import { sportsQuery } from '../odds';

/** The core sports' names, for a chosen key the deployment no longer polls. */
const CORE_NAMES = Object.fromEntries(CORE_SPORTS.map((sport) => [sport.key, sport.title]));

/**
 * The sports a rule may watch: those this deployment polls (GET /api/sports), as the server takes no other, out of
 * season or not (a rule waits for its season), with their names. `loading` while the list is on its way.
 */
export function useAlertSports(): { sports: readonly Sport[]; names: Record<string, string>; loading: boolean } {
  const list = useQuery(sportsQuery());
  // spec 001 §8: until the sports list comes, or on its failure, the core list stays
  const sports = list.data ?? CORE_SPORTS;
  const names = { ...CORE_NAMES, ...Object.fromEntries(sports.map((sport) => [sport.key, sport.title])) };
  return { sports, names, loading: list.isPending };
}

/** The sports' keys to choose from, and after them the chosen ones the list lacks (a saved rule's, no longer polled). */
export function sportChoices(sports: readonly Sport[], chosen: readonly string[]): string[] {
  const offered = sports.map((sport) => sport.key);
  return [...offered, ...chosen.filter((key) => !offered.includes(key))];
}
