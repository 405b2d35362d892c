import type { BoardBookmaker, BoardEvent, BoardOutcome } from '../domain/odds';
import { americanToDecimal } from '../engine/odds/odds-format';

/** Builds small boards for tests: prices in American odds, times relative to NOW. */
export const NOW = Date.parse('2026-01-10T18:00:00Z');
export const isoBeforeNow = (msBeforeNow: number) => new Date(NOW - msBeforeNow).toISOString();

export type OutcomeSpec = [name: string, american: number, point?: number, description?: string];

export function book(key: string, markets: Record<string, OutcomeSpec[]>, updatedMsAgo = 10_000): BoardBookmaker {
  const lastUpdate = isoBeforeNow(updatedMsAgo);
  return {
    key,
    title: key,
    last_update: lastUpdate,
    markets: Object.entries(markets).map(([marketKey, outcomes]) => ({
      key: marketKey,
      last_update: lastUpdate,
      outcomes: outcomes.map(([name, american, point, description]): BoardOutcome => {
        const outcome: BoardOutcome = { name, price: americanToDecimal(american) };
        if (point !== undefined) outcome.point = point;
        if (description !== undefined) outcome.description = description;
        return outcome;
      }),
    })),
  };
}

export function event(bookmakers: BoardBookmaker[], startsInMs = 3_600_000, id = 'evt1'): BoardEvent {
  return {
    id,
    sport_key: 'americanfootball_nfl',
    sport_title: 'NFL',
    commence_time: new Date(NOW + startsInMs).toISOString(),
    home_team: 'Home',
    away_team: 'Away',
    bookmakers,
  };
}
