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

/** Each board's places of its games by id, made once a board: boards are never changed in place. */
const places = new WeakMap<readonly BoardEvent[], ReadonlyMap<string, number>>();

function placesOf(events: readonly BoardEvent[]): ReadonlyMap<string, number> {
  let byId = places.get(events);
  if (!byId) {
    byId = new Map(events.map((event, i) => [event.id, i]));
    places.set(events, byId);
  }
  return byId;
}

/**
 * The game of `events` under `id` (an id listed twice: its last). A board's games are found by id once a board, not
 * once a lookup, and a board made by `withEventsReplaced` finds them as the board it was made from did.
 */
export function boardEvent(events: readonly BoardEvent[], id: string): BoardEvent | undefined {
  const at = placesOf(events).get(id);
  return at === undefined ? undefined : events[at];
}

/**
 * `events` with each game of `fresh` in the place of the game of its id, when each is on the board once and none of
 * them is twice in `fresh`; null otherwise. A stream's batch changes a game or a few of a board of many: the board it
 * makes lists the same games in the same places, so it finds them by the places of the board it was made from.
 */
export function withEventsReplaced(events: readonly BoardEvent[], fresh: readonly BoardEvent[]): BoardEvent[] | null {
  const byId = placesOf(events);
  if (byId.size !== events.length) return null;
  const replaced = events.slice();
  for (const event of fresh) {
    const at = byId.get(event.id);
    if (at === undefined || replaced[at] !== events[at]) return null;
    replaced[at] = event;
  }
  places.set(replaced, byId);
  return replaced;
}

/**
 * For each of `items`, the item of `before` under its key (`old[i]`, undefined when none), and the items of `before`
 * whose key none of `items` holds (`gone`, in their order). A batch keeps a game's books, and a book's markets, in their
 * places: while the keys agree place by place they are paired so, one comparison each; from the first place they do
 * not, by key (a key `before` lists twice: its last item).
 */
export function pairedByKey<T extends { key: string }>(
  items: readonly T[],
  before: readonly T[],
): { old: Array<T | undefined>; gone: T[] } {
  const old: Array<T | undefined> = [];
  let i = 0;
  for (; i < items.length && i < before.length && items[i].key === before[i].key; i++) old.push(before[i]);
  if (i === items.length && i === before.length) return { old, gone: [] };
  const byKey = new Map(before.map((item) => [item.key, item]));
  for (; i < items.length; i++) old.push(byKey.get(items[i].key));
  for (const item of items) byKey.delete(item.key);
  return { old, gone: [...byKey.values()] };
}

/**
 * The item of `items` under `key`: the `place`th when it has that key (a book's or a market's usual place, as a poll or a
 * stream's batch keeps them), else the first under it.
 */
export function keyedAt<T extends { key: string }>(items: readonly T[], key: string, place: number): T | undefined {
  return items[place]?.key === key ? items[place] : items.find((item) => item.key === key);
}
