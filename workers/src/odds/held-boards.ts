import type { BoardEvent, SportBoard } from '@oddspulse/shared';
import type { BoardKind, BoardStamp } from '@oddspulse/core';

/**
 * The board after a poll of some of its events (`asked`): those events as the feed answered (one it left out has
 * gone from the feed), the others as they were, in the board's order; an event the feed added comes last. The others are the very objects they were, so the
 * diff and the store pass over them.
 */
export function mergeAnswer(
  previous: readonly BoardEvent[],
  asked: ReadonlySet<string>,
  answer: readonly BoardEvent[],
): BoardEvent[] {
  const answered = new Map(answer.map((e) => [e.id, e]));
  const merged: BoardEvent[] = [];
  for (const event of previous) {
    const fresh = answered.get(event.id);
    answered.delete(event.id);
    if (!asked.has(event.id)) merged.push(event);
    else if (fresh) merged.push(fresh);
  }
  merged.push(...answered.values());
  return merged;
}

/**
 * The boards this process last wrote, per kind and sport, with the revision Redis knows their content by. A poll
 * diffs against the held board when Redis's stamp still names its revision (no other process has written the
 * board since, and Redis has not lost it), and reads Redis otherwise: the board is read from Redis only when it
 * changed elsewhere, not on every poll.
 */
export class HeldBoards {
  private readonly held = new Map<string, { board: SportBoard; revision: string }>();

  /** The held board as of `stamp` (its freshness), or null when Redis's board is not the one held. */
  basis(kind: BoardKind, sport: string, stamp: BoardStamp | null): SportBoard | null {
    const held = this.held.get(`${kind}:${sport}`);
    if (!held || !stamp?.revision || stamp.revision !== held.revision) return null;
    const { stale_since: _held, ...board } = held.board;
    return stamp.stale_since
      ? { ...board, fetched_at: stamp.fetched_at, stale_since: stamp.stale_since }
      : { ...board, fetched_at: stamp.fetched_at };
  }

  /** `board` is now Redis's board of its sport, under `revision`. */
  hold(kind: BoardKind, board: SportBoard, revision: string): void {
    this.held.set(`${kind}:${board.sport_key}`, { board, revision });
  }
}
