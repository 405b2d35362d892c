import type { BoardEvent } from './odds';

/** A board's events against the board before it (boardChanges). */
export interface BoardChanges {
  /**
   * Each event of the board that is not the very object the board before held under its id, in the board's order, with
   * that object (undefined: the game is new to the board).
   */
  changed: Array<{ event: BoardEvent; old: BoardEvent | undefined }>;
  /** The events of the board before that the board no longer holds, in their order. */
  removed: BoardEvent[];
  /** Whether the board lists the same games in the same order as the board before. */
  sameOrder: boolean;
}

/**
 * What changed from the events of one board (`previous`) to the next, game by game. A poll or a stream's batch changes
 * a few games of its sport's board and keeps the others as the very objects they were, in their order: the two boards
 * are then walked side by side, and a game that did not change costs one comparison, not a lookup by its id. Boards in
 * another order are matched by id.
 */
export function boardChanges(previous: readonly BoardEvent[], next: readonly BoardEvent[]): BoardChanges {
  if (previous.length === next.length) {
    const changed: BoardChanges['changed'] = [];
    let i = 0;
    for (; i < next.length; i++) {
      const event = next[i];
      const old = previous[i];
      if (event === old) continue;
      if (event.id !== old.id) break;
      changed.push({ event, old });
    }
    if (i === next.length) return { changed, removed: [], sameOrder: true };
  }
  const before = new Map(previous.map((event) => [event.id, event]));
  const changed: BoardChanges['changed'] = [];
  for (const event of next) {
    const old = before.get(event.id);
    before.delete(event.id);
    if (old !== event) changed.push({ event, old });
  }
  return { changed, removed: [...before.values()], sameOrder: false };
}
