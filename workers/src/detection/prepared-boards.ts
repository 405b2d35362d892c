import { DEFAULT_COMMISSIONS, PreparedBoard, SportBoard } from '@oddspulse/shared';

type BoardKind = 'odds' | 'props';

/**
 * The boards detection scans, kept prepared (read into the engine's columns) per board kind and sport, so a
 * poll reads again only the events that changed. Each is tied to the poll it mirrors: when the diff was made
 * against a board this process did not see (its first poll of the sport, or the previous poll ran in another
 * worker), the board is read whole. Each also finds the arbitrages that pay only at a commission below the
 * published rates (PreparedBoard `belowRates`), for the users who pay less.
 */
export class PreparedBoards {
  private readonly boards = new Map<string, { fetchedAt: string; board: PreparedBoard }>();

  /**
   * The kept board brought up to `next`. `changedIds`: the events the poll's diff lists; `basis`: the
   * fetched_at of the board the diff was made against (null for the first board of the sport).
   */
  sync(kind: BoardKind, next: SportBoard, changedIds: readonly string[], basis: string | null): PreparedBoard {
    const key = `${kind}:${next.sport_key}`;
    const held = this.boards.get(key);
    if (held && basis !== null && held.fetchedAt === basis) {
      held.board.update(next.events, changedIds);
      held.fetchedAt = next.fetched_at;
      return held.board;
    }
    const board = new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates: true });
    board.load(next.events);
    this.boards.set(key, { fetchedAt: next.fetched_at, board });
    return board;
  }
}
