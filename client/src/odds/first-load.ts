import { InvalidOddsPayloadError, type BoardEvent, type SportBoard } from '@oddspulse/shared';

/** What GET /api/boards answers: the boards as the pipeline keeps them (and the socket's diffs patch). */
interface BoardsBody {
  boards: SportBoard[];
}

function isBoardsBody(payload: unknown): payload is BoardsBody {
  if (!payload || typeof payload !== 'object' || !('boards' in payload) || !Array.isArray(payload.boards)) return false;
  return payload.boards.every(
    (board: unknown) =>
      !!board &&
      typeof board === 'object' &&
      'sport_key' in board &&
      typeof board.sport_key === 'string' &&
      'fetched_at' in board &&
      typeof board.fetched_at === 'string' &&
      'events' in board &&
      Array.isArray(board.events),
  );
}

/**
 * The answer of GET /api/boards as one board per sport: every sport asked for (empty when it has no game), taken as
 * the server holds it, so pushed diffs apply to exactly what was loaded. A body of another shape is 'Invalid response
 * format from server'.
 */
export function boardsFromPayload(payload: unknown, sports: readonly string[], now: number): Record<string, SportBoard> {
  if (!isBoardsBody(payload)) throw new InvalidOddsPayloadError();
  const boards = boardsBySport([], sports, new Date(now).toISOString());
  for (const board of payload.boards) boards[board.sport_key] = board;
  return boards;
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
