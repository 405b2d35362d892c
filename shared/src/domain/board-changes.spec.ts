import { boardChanges, boardEvent, keyedAt, pairedByKey, withEventsReplaced } from './board-changes';
import type { BoardEvent } from './odds';

const game = (id: string, home = 'Home'): BoardEvent => ({
  id,
  sport_key: 'basketball_nba',
  sport_title: 'NBA',
  commence_time: '2026-11-29T00:30:00Z',
  home_team: home,
  away_team: 'Away',
  bookmakers: [],
});

/** The oracle: every game of `next` matched by id against `previous`, as a reader would by hand. */
function byId(previous: BoardEvent[], next: BoardEvent[]) {
  const ids = next.map((e) => e.id);
  return {
    changed: next
      .filter((e) => previous.find((p) => p.id === e.id) !== e)
      .map((event) => ({ event, old: previous.find((p) => p.id === event.id) })),
    removed: previous.filter((p) => !ids.includes(p.id)),
    sameOrder: previous.length === next.length && previous.every((p, i) => p.id === ids[i]),
  };
}

describe('boardChanges', () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => game(id));
  const b2 = game('b', 'Moved');
  const cases: Array<[string, BoardEvent[], BoardEvent[]]> = [
    ['nothing changed', [a, b, c], [a, b, c]],
    ['one game changed in its place', [a, b, c], [a, b2, c]],
    ['a game added', [a, b, c], [a, b2, c, d]],
    ['a game gone', [a, b, c, d], [a, c, d]],
    ['the same games in another order', [a, b, c], [c, a, b2]],
    ['one game gone and another come in its place', [a, b, c], [a, d, c]],
    ['from nothing', [], [a, b]],
    ['to nothing', [a, b], []],
  ];
  it.each(cases)(
    '%s: each game changed with the game it was, those gone, and whether the order held',
    (_, before, after) => {
      expect(boardChanges(before, after)).toEqual(byId(before, after));
    },
  );

  it('hands on the very objects', () => {
    const { changed } = boardChanges([a, b, c], [a, b2, c]);
    expect(changed).toHaveLength(1);
    expect(changed[0].event).toBe(b2);
    expect(changed[0].old).toBe(b);
  });
});

describe('withEventsReplaced and boardEvent', () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => game(id));
  const b2 = game('b', 'Moved');
  const c2 = game('c', 'Moved');

  it('puts each fresh game in the place of its id, and finds the games of the board it makes by id', () => {
    const board = [a, b, c];
    const replaced = withEventsReplaced(board, [c2, b2])!;
    expect(replaced).toEqual([a, b2, c2]);
    expect(board).toEqual([a, b, c]);
    expect(boardEvent(replaced, 'b')).toBe(b2);
    expect(boardEvent(replaced, 'a')).toBe(a);
    expect(boardEvent(replaced, 'd')).toBeUndefined();
    expect(boardEvent(board, 'b')).toBe(b);
    const again = withEventsReplaced(replaced, [game('a', 'Moved')])!;
    expect(again.map((e) => e.home_team)).toEqual(['Moved', 'Moved', 'Moved']);
    expect(boardEvent(again, 'c')).toBe(c2);
  });

  it('makes nothing for a game not on the board, one fresh twice, or a board listing an id twice', () => {
    expect(withEventsReplaced([a, b, c], [d])).toBeNull();
    expect(withEventsReplaced([a, b, c], [b2, game('b', 'Again')])).toBeNull();
    const twice = [a, b, game('b', 'Second')];
    expect(withEventsReplaced(twice, [b2])).toBeNull();
    expect(boardEvent(twice, 'b')?.home_team).toBe('Second');
  });
});

describe('pairedByKey', () => {
  const item = (key: string, n = 0) => ({ key, n });
  /** The oracle: each item's old one looked up by key (a key listed twice: its last), and the old keys not asked. */
  function byKey(items: Array<{ key: string }>, before: Array<{ key: string; n: number }>) {
    const last = (key: string) => before.filter((b) => b.key === key).at(-1);
    const firsts = before.filter((b, i) => before.findIndex((o) => o.key === b.key) === i);
    return {
      old: items.map((i) => last(i.key)),
      gone: firsts.filter((b) => !items.some((i) => i.key === b.key)).map((b) => last(b.key)),
    };
  }

  it.each([
    ['the same keys in place', ['a', 'b', 'c'], ['a', 'b', 'c']],
    ['one added at the end', ['a', 'b', 'c'], ['a', 'b']],
    ['one gone from the end', ['a', 'b'], ['a', 'b', 'c']],
    ['one gone from the middle', ['a', 'c'], ['a', 'b', 'c']],
    ['reordered', ['c', 'a', 'b'], ['a', 'b', 'c']],
    ['one replaced in place', ['a', 'x', 'c'], ['a', 'b', 'c']],
    ['from nothing', ['a'], []],
    ['to nothing', [], ['a', 'b']],
  ])('%s: pairs as a lookup by key does', (_, keys, beforeKeys) => {
    const before = beforeKeys.map((key, n) => item(key, n));
    const items = keys.map((key) => item(key, 99));
    expect(pairedByKey(items, before)).toEqual(byKey(items, before));
  });

  it('pairs in place the very items it was given, and names the rest gone by key', () => {
    const before = [item('a'), item('b'), item('c')];
    const { old, gone } = pairedByKey([item('a'), item('b'), item('d')], before);
    expect(old[0]).toBe(before[0]);
    expect(old[1]).toBe(before[1]);
    expect(old[2]).toBeUndefined();
    expect(gone).toEqual([before[2]]);
  });
});

describe('keyedAt', () => {
  it('takes the item in its place when it has the key, else the first under the key', () => {
    const items = [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'b', n: 3 },
    ];
    expect(keyedAt(items, 'b', 2)).toBe(items[2]);
    expect(keyedAt(items, 'b', 0)).toBe(items[1]);
    expect(keyedAt(items, 'a', 5)).toBe(items[0]);
    expect(keyedAt(items, 'c', 0)).toBeUndefined();
  });
});
