import {
  InvalidOddsPayloadError,
  unpackBoards,
  type BoardEvent,
  type BoardPositions,
  type SportBoard,
} from '@oddspulse/shared';
import type { DevigChoice } from '../../../state/devig-choice';
import type { LiveRows } from '../rows/live-rows';
import type { BuildRowsOptions, TableMode } from '../rows/rows';

/**
 * The answer of GET /api/boards?format=packed as one board per sport: every sport asked for (empty when it has no
 * game), the boards exactly as the server holds them (the packed form only writes them in fewer bytes), so
 * pushed diffs apply to exactly what was loaded. A body of another shape is 'Invalid response format from server'.
 */
export function boardsFromPayload(
  payload: unknown,
  sports: readonly string[],
  now: number,
): Record<string, SportBoard> {
  const boards = boardsBySport([], sports, new Date(now).toISOString());
  for (const board of unpackBoards(payload)) boards[board.sport_key] = board;
  return boards;
}

/** Events grouped into one board per sport: every sport asked for (empty when it has no game), plus any other sport present. */
export function boardsBySport(
  events: readonly BoardEvent[],
  sports: readonly string[],
  fetchedAt: string,
): Record<string, SportBoard> {
  const boards: Record<string, SportBoard> = {};
  for (const sport of sports) boards[sport] = { sport_key: sport, fetched_at: fetchedAt, events: [] };
  for (const event of events) {
    boards[event.sport_key] ??= { sport_key: event.sport_key, fetched_at: fetchedAt, events: [] };
    boards[event.sport_key].events.push(event);
  }
  return boards;
}

/** A first load's boards and where each sport's channel stood when they were read (the live socket joins from there). */
export interface LoadedBoards {
  boards: Record<string, SportBoard>;
  positions: BoardPositions;
  /** Their rows, when built as the boards arrived, and the selection they were built for (selectionKey). */
  built?: { selection: string; table: LiveRows };
}

/** What the odds table's rows are built with, but the time. */
export type RowSelection = Omit<BuildRowsOptions, 'now'>;

/**
 * The rows' selection of a table: the user's books, the markets, the de-vig choice and the user's own exchange
 * commission rates (none: the published ones). The table and the rows built
 * ahead of it (rowsBuiltOnArrival) both take it from here, so rows built ahead are used only for the very same selection.
 */
export function rowSelection(
  mode: TableMode,
  books: readonly string[],
  markets: readonly string[],
  devig?: DevigChoice,
  commission?: Readonly<Record<string, number>>,
): RowSelection {
  return {
    mode,
    selectedBooks: [...books],
    markets: [...markets],
    method: devig?.method,
    blend: devig?.blend.length ? [...devig.blend] : undefined,
    commission: commission && Object.keys(commission).length ? { ...commission } : undefined,
  };
}

export const selectionKey = (selection: RowSelection): string =>
  JSON.stringify([
    selection.mode,
    selection.selectedBooks,
    selection.markets ?? [],
    selection.method ?? null,
    selection.blend ?? null,
    Object.entries(selection.commission ?? {}).sort(([a], [b]) => a.localeCompare(b)),
  ]);

/**
 * The rows of boards still on their way, built the moment they arrive (time to the first odds row). On a
 * direct visit the boards arrive while the screen's code is still being evaluated and the plan awaited, so the rows are
 * built in that wait instead of after the screen has rendered. The rows' code (the entry does not carry it) is asked
 * for now, with the boards, so that nothing is left to load when they come.
 */
export function rowsBuiltOnArrival(selection: RowSelection): (loaded: LoadedBoards) => Promise<LoadedBoards> {
  const code = import('../rows/live-rows');
  // its failure is met by the await below, when the boards come
  code.catch(() => undefined);
  return async (loaded) => {
    const { buildLiveRows } = await code;
    return {
      ...loaded,
      built: {
        selection: selectionKey(selection),
        table: buildLiveRows(loaded.boards, { ...selection, now: Date.now() }),
      },
    };
  };
}

/** A GET /api/boards?format=packed answer read whole: boardsFromPayload and positionsFromPayload. */
export function loadedFromPayload(payload: unknown, sports: readonly string[], now: number): LoadedBoards {
  return { boards: boardsFromPayload(payload, sports, now), positions: positionsFromPayload(payload) };
}

/**
 * The `positions` of a GET /api/boards answer: each sport's channel seq and epoch as its board was read. A
 * sport without one joins its room from wherever the channel stands, as before; a malformed one is a format error.
 */
export function positionsFromPayload(payload: unknown): BoardPositions {
  const given = (payload as { positions?: unknown } | null)?.positions;
  if (given === undefined) return {};
  if (!given || typeof given !== 'object' || Array.isArray(given)) throw new InvalidOddsPayloadError();
  const positions: BoardPositions = {};
  for (const [sport, value] of Object.entries(given)) {
    const { seq, epoch } = (value ?? {}) as { seq?: unknown; epoch?: unknown };
    if (!Number.isInteger(seq) || (seq as number) < 0 || !(epoch === null || typeof epoch === 'string'))
      throw new InvalidOddsPayloadError();
    positions[sport] = { seq: seq as number, epoch };
  }
  return positions;
}
