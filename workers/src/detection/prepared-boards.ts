import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_COMMISSIONS, PreparedBoard, SportBoard } from '@oddspulse/shared';

type BoardKind = 'odds' | 'props';

/**
 * How long reading events holds the event loop before letting I/O go on: the pipeline reads a poll's changed events
 * while Redis runs the step that stores the board, whose bytes go out only while the loop turns.
 */
const SLICE_MS = 2;

/** A kept board brought up to a poll's board. */
export interface SyncedBoard {
  board: PreparedBoard;
  /**
   * The events read again though the poll's diff did not list them: a book's refreshed last_update or a header change
   * (a game marked finished, a new start time), which change their opportunities with no price moving (a stale leg, a
   * tie between books). None when the board was read whole.
   */
  refreshed: string[];
}

interface Kept extends SyncedBoard {
  /** The board it mirrors, the very object: its fetched_at is the basis a later poll's diff names. */
  source: SportBoard;
}

/**
 * The boards detection scans, kept prepared (read into the engine's columns) per board kind and sport, so a
 * poll reads again only the events that changed. Each is tied to the poll it mirrors: when the diff was made
 * against a board this process did not see (its first poll of the sport, or the previous poll ran in another
 * worker, or its step failed after this board was read), the board is read whole. Each also finds the arbitrages that
 * pay only at a commission below the published rates (PreparedBoard `belowRates`), for the users who pay less.
 */
export class PreparedBoards {
  private readonly boards = new Map<string, Kept>();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /**
   * The kept board brought up to `next` (at once when it already mirrors that very board), and the events it read
   * again that the diff did not list. `changedIds`: the events the poll's diff lists; `basis`: the fetched_at of the
   * board the diff was made against (null for the first board of the sport). The events are read in slices of
   * `sliceMs`, the loop turning between them.
   */
  async sync(
    kind: BoardKind,
    next: SportBoard,
    changedIds: readonly string[],
    basis: string | null,
  ): Promise<SyncedBoard> {
    const key = `${kind}:${next.sport_key}`;
    const held = this.boards.get(key);
    // prepared ahead of detection (DetectionService.prepare): the same answer
    if (held?.source === next) return held;
    // Until it mirrors `next`, no board is kept: one whose reading failed part way is read whole by the next poll.
    this.boards.delete(key);
    const mirrored = held && basis !== null && held.source.fetched_at === basis ? held.source.events : null;
    const board = mirrored && held ? held.board : new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates: true });
    // a kept board was brought up to the very board it mirrors: each event it answered stale was read before it was kept
    const stale = board.staleEvents(next.events, changedIds, mirrored);
    for (let i = 0; i < stale.length;) {
      const until = performance.now() + this.sliceMs;
      do board.read(stale[i++]);
      while (i < stale.length && performance.now() < until);
      if (i < stale.length) await nextTurn();
    }
    const changed = new Set(changedIds);
    const refreshed = mirrored ? stale.flatMap((event) => (changed.has(event.id) ? [] : [event.id])) : [];
    const kept = { source: next, board, refreshed };
    this.boards.set(key, kept);
    return kept;
  }
}
