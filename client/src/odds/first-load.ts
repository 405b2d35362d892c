import { InvalidOddsPayloadError, normaliseOddsApiV4, type BoardEvent, type SportBoard } from '@oddspulse/shared';

/**
 * A decimal-odds answer of /api/odds or /api/player-props as one board per sport (every sport asked for, empty
 * when it has no game). A body that is not a list is 'Invalid response format from server'.
 */
export function boardsFromPayload(payload: unknown, sports: readonly string[], now: number): Record<string, SportBoard> {
  if (!Array.isArray(payload)) throw new InvalidOddsPayloadError();
  const { events } = normaliseOddsApiV4(payload, { oddsFormat: 'decimal' });
  return boardsBySport(events, sports, new Date(now).toISOString());
}

/** Events grouped into one board per sport: every sport asked for (empty when it has no game), plus any other sport present. */
export function boardsBySport(events: readonly BoardEvent[], sports: readonly string[], fetchedAt: string): Record<string, SportBoard> {
  const boards: Record<string, SportBoard> = {};
  for (const sport of sports) boards[sport] = { sport_key: sport, fetched_at: fetchedAt, events: [] };
  for (const event of events) {
    boards[event.sport_key] ??= { sport_key: event.sport_key, fetched_at: fetchedAt, events: [] };
    boards[event.sport_key].events.push(event);
  }
  return boards;
}
