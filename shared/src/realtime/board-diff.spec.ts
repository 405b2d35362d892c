import type { BoardEvent, BoardMarket, SportBoard } from '../domain/odds';
import { applyBoardDiff, diffBoards } from './board-diff';

const at = '2026-01-01T00:00:00Z';
function event(id: string, prices: { home: number; away: number; line?: number; over?: number }): BoardEvent {
  return {
    id,
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: '2026-01-01T02:00:00Z',
    home_team: 'Boston Celtics',
    away_team: 'Miami Heat',
    bookmakers: [
      {
        key: 'draftkings',
        title: 'DraftKings',
        last_update: at,
        markets: [
          {
            key: 'h2h',
            last_update: at,
            outcomes: [
              { name: 'Boston Celtics', price: prices.home },
              { name: 'Miami Heat', price: prices.away },
            ],
          },
          {
            key: 'spreads',
            last_update: at,
            outcomes: [
              { name: 'Boston Celtics', price: 1.91, point: -(prices.line ?? 5.5) },
              { name: 'Miami Heat', price: 1.91, point: prices.line ?? 5.5 },
            ],
          },
          {
            key: 'alternate_totals',
            last_update: at,
            outcomes: [
              { name: 'Over', price: prices.over ?? 1.8, point: 220.5 },
              { name: 'Under', price: 2.0, point: 220.5 },
              { name: 'Over', price: 2.2, point: 224.5 },
              { name: 'Under', price: 1.67, point: 224.5 },
            ],
          },
        ],
      },
    ],
  };
}
const board = (events: BoardEvent[], fetched_at = at): SportBoard => ({
  sport_key: 'basketball_nba',
  fetched_at,
  events,
});

// Diff each new board against the last (price changed with direction, line moved, market added/removed/locked).
describe('diffBoards', () => {
  it('reports every event as added on the first board, with a history row per outcome', () => {
    const result = diffBoards(null, board([event('a', { home: 1.5, away: 2.6 })]));
    expect(result.diff?.events).toEqual([expect.objectContaining({ id: 'a', change: 'added' })]);
    expect(result.records).toHaveLength(8);
    expect(result.changedEventIds).toEqual(['a']);
  });

  it('returns no diff and no rows when nothing changed', () => {
    const prev = board([event('a', { home: 1.5, away: 2.6 })]);
    const next = board([event('a', { home: 1.5, away: 2.6 })], '2026-01-01T00:00:30Z');
    expect(diffBoards(prev, next)).toEqual({ diff: null, records: [], changedEventIds: [] });
  });

  it('reports a price change with its direction (up = pays more) and only the changed outcomes', () => {
    const prev = board([event('a', { home: 1.5, away: 2.6 })]);
    const next = board([event('a', { home: 1.45, away: 2.75 })]);
    const { diff, records } = diffBoards(prev, next);
    expect(diff!.events[0].bookmakers![0].markets).toEqual([
      {
        key: 'h2h',
        change: 'changed',
        last_update: at,
        outcomes: [
          { change: 'price', name: 'Boston Celtics', price: 1.45, direction: 'down' },
          { change: 'price', name: 'Miami Heat', price: 2.75, direction: 'up' },
        ],
      },
    ]);
    expect(records.map((r) => [r.outcome_name, r.price])).toEqual([
      ['Boston Celtics', 1.45],
      ['Miami Heat', 2.75],
    ]);
  });

  it('reports a moved main line as a line change, and an alternate line as its own outcome', () => {
    const prev = board([event('a', { home: 1.5, away: 2.6, line: 5.5, over: 1.8 })]);
    const next = board([event('a', { home: 1.5, away: 2.6, line: 6.5, over: 1.85 })]);
    const markets = diffBoards(prev, next).diff!.events[0].bookmakers![0].markets;
    expect(markets[0]).toEqual({
      key: 'spreads',
      change: 'changed',
      last_update: at,
      outcomes: [
        { change: 'line', name: 'Boston Celtics', point: -6.5, previous_point: -5.5, price: 1.91 },
        { change: 'line', name: 'Miami Heat', point: 6.5, previous_point: 5.5, price: 1.91 },
      ],
    });
    expect(markets[1].outcomes).toEqual([
      { change: 'price', name: 'Over', point: 220.5, price: 1.85, direction: 'up' },
    ]);
  });

  it('reports markets added and removed, events removed, and a lock flip', () => {
    const prev = board([event('a', { home: 1.5, away: 2.6 }), event('b', { home: 1.9, away: 1.9 })]);
    const changed = event('a', { home: 1.5, away: 2.6 });
    const book = changed.bookmakers[0];
    book.markets = book.markets.filter((m) => m.key !== 'spreads');
    book.markets.push({
      key: 'totals',
      last_update: at,
      outcomes: [
        { name: 'Over', price: 1.9, point: 221.5 },
        { name: 'Under', price: 1.9, point: 221.5 },
      ],
    });
    // The h2h market is locked on the new board only.
    const result = diffBoards(prev, board([changed]), {
      isLocked: (market, e) => market.key === 'h2h' && e === changed,
    });
    const markets = result.diff!.events.find((e) => e.id === 'a')!.bookmakers![0].markets;
    expect(markets).toEqual(
      expect.arrayContaining([
        { key: 'h2h', change: 'changed', locked: true },
        expect.objectContaining({ key: 'totals', change: 'added' }),
        { key: 'spreads', change: 'removed' },
      ]),
    );
    expect(result.diff!.events.find((e) => e.id === 'b')).toEqual({ id: 'b', change: 'removed' });
  });

  // DECISIONS 34: a book that took a market down kept its last price as its close (Pinnacle's, two days before the start)
  it('records a withdrawal (no price, the line taken down) for each outcome of an outcome, market or book removed', () => {
    const later = '2026-01-01T00:05:00Z';
    const prev = board([event('a', { home: 1.5, away: 2.6 })]);
    const next = structuredClone(prev);
    next.fetched_at = later;
    const markets = next.events[0].bookmakers[0].markets;
    // the h2h loses an outcome, the spreads leave the book
    markets[0] = { ...markets[0], last_update: later, outcomes: [markets[0].outcomes[0]] };
    markets.splice(1, 1);
    const rows = (records: ReturnType<typeof diffBoards>['records']) =>
      records.map((r) => [r.bookmaker_key, r.market_key, r.outcome_name, r.price, r.point, r.last_update]);
    expect(rows(diffBoards(prev, next).records)).toEqual([
      ['draftkings', 'h2h', 'Miami Heat', null, null, later],
      ['draftkings', 'spreads', 'Boston Celtics', null, -5.5, later],
      ['draftkings', 'spreads', 'Miami Heat', null, 5.5, later],
    ]);
    const gone = board([{ ...prev.events[0], bookmakers: [] }], later);
    expect(rows(diffBoards(prev, gone).records)).toEqual([
      ['draftkings', 'h2h', 'Boston Celtics', null, null, later],
      ['draftkings', 'h2h', 'Miami Heat', null, null, later],
      ['draftkings', 'spreads', 'Boston Celtics', null, -5.5, later],
      ['draftkings', 'spreads', 'Miami Heat', null, 5.5, later],
      ['draftkings', 'alternate_totals', 'Over', null, 220.5, later],
      ['draftkings', 'alternate_totals', 'Under', null, 220.5, later],
      ['draftkings', 'alternate_totals', 'Over', null, 224.5, later],
      ['draftkings', 'alternate_totals', 'Under', null, 224.5, later],
    ]);
  });

  // A price that had just flashed still read "57s": the moved market's last_update travels with the diff
  it("carries a moved market's last_update, so the client ages the price from its move", () => {
    const prev = board([event('a', { home: 1.5, away: 2.6 })]);
    const moved = event('a', { home: 1.45, away: 2.6 });
    moved.bookmakers[0].markets[0].last_update = '2026-01-01T00:00:28Z';
    const { diff } = diffBoards(prev, board([moved], '2026-01-01T00:00:30Z'));
    expect(diff!.events[0].bookmakers![0].markets[0]).toMatchObject({
      key: 'h2h',
      change: 'changed',
      last_update: '2026-01-01T00:00:28Z',
    });
    const h2h = (b: SportBoard, key: string) => b.events[0].bookmakers[0].markets.find((m) => m.key === key)!;
    const rebuilt = applyBoardDiff(prev, diff!);
    expect(h2h(rebuilt, 'h2h').last_update).toBe('2026-01-01T00:00:28Z');
    // an unmoved market keeps its own time
    expect(h2h(rebuilt, 'spreads').last_update).toBe(at);
    // a diff from before last_update was carried: the fetch that saw the move stands in
    delete diff!.events[0].bookmakers![0].markets[0].last_update;
    expect(h2h(applyBoardDiff(prev, diff!), 'h2h').last_update).toBe('2026-01-01T00:00:30Z');
  });

  // A poll by event ids keeps the board's other events as they were: those are not read again
  it('passes over an event that is the very object of the previous board', () => {
    const kept = event('a', { home: 1.5, away: 2.6 });
    const prev = board([kept, event('b', { home: 1.9, away: 1.9 })]);
    const isLocked = jest.fn((_market: BoardMarket, _event: BoardEvent) => false);
    const result = diffBoards(prev, board([kept, event('b', { home: 1.8, away: 2.0 })]), { isLocked });
    expect(result.changedEventIds).toEqual(['b']);
    expect(isLocked.mock.calls.every(([, e]) => e.id === 'b')).toBe(true);
  });

  // A delayed start and a final mark move no price: a client following the diffs learns them from the header, and
  // detection scans the game again (a finished game's opportunities go)
  it("reports a game's own fields when they changed, whole, and the board it applies to takes them", () => {
    const a = event('a', { home: 1.5, away: 2.6 });
    const b = event('b', { home: 1.9, away: 1.9 });
    const prev = board([a, b]);
    const delayed = { ...a, commence_time: '2026-01-01T03:00:00Z' };
    const final = { ...b, completed: true };
    const { diff, changedEventIds, records } = diffBoards(prev, board([delayed, final], '2026-01-01T00:00:30Z'));
    const { bookmakers: _a, ...delayedHeader } = delayed;
    const { bookmakers: _b, ...finalHeader } = final;
    expect(diff!.events).toEqual([
      { id: 'a', change: 'changed', header: delayedHeader, bookmakers: [] },
      { id: 'b', change: 'changed', header: finalHeader, bookmakers: [] },
    ]);
    expect(changedEventIds).toEqual(['a', 'b']);
    expect(records).toEqual([]);
    const applied = applyBoardDiff(prev, diff!);
    expect(applied.events).toEqual([delayed, final]);
    // the header whole: a final mark taken back leaves the game without one
    const back = diffBoards(applied, board([delayed, b], '2026-01-01T00:01:00Z'));
    expect(applyBoardDiff(applied, back.diff!).events[1]).toEqual(b);
    expect(applyBoardDiff(applied, back.diff!).events[1]).not.toHaveProperty('completed');
  });

  // A poll keeps an unmoved market's object (UnmovedMarkets): it is not compared again, but its game's start moving (a
  // game gone live sooner, whose age limit is shorter) can lock it
  it('reports no outcome of a market that is the very object it was, and still its lock flipping', () => {
    const prev = board([event('a', { home: 1.5, away: 2.6 })]);
    const next = { ...event('a', { home: 1.45, away: 2.6 }), commence_time: '2025-12-31T23:30:00Z' };
    const [, spreads, totals] = prev.events[0].bookmakers[0].markets;
    next.bookmakers[0].markets.splice(1, 2, spreads, totals);
    const result = diffBoards(prev, board([next]), {
      isLocked: (market, e) => market === spreads && e.commence_time === next.commence_time,
    });
    expect(result.diff!.events[0].bookmakers![0].markets).toEqual([
      expect.objectContaining({ key: 'h2h', change: 'changed' }),
      { key: 'spreads', change: 'changed', locked: true },
    ]);
    expect(result.records).toHaveLength(1);
  });

  // Under the same header, the lock rule reads the very same inputs on both boards
  it('asks no lock of a market or a book that is the very object it was, while its game is the same', () => {
    const prev = board([event('a', { home: 1.5, away: 2.6 }), event('b', { home: 1.9, away: 1.9 })]);
    const a = event('a', { home: 1.45, away: 2.6 });
    const [, spreads, totals] = prev.events[0].bookmakers[0].markets;
    a.bookmakers[0].markets.splice(1, 2, spreads, totals);
    const b = { ...prev.events[1], bookmakers: [...prev.events[1].bookmakers] };
    b.bookmakers.push({ ...event('b', { home: 1.8, away: 2.0 }).bookmakers[0], key: 'fanduel', title: 'FanDuel' });
    const isLocked = jest.fn((_market: BoardMarket, _event: BoardEvent) => false);
    const result = diffBoards(prev, board([a, b]), { isLocked });
    expect(isLocked.mock.calls.map(([market, e]) => `${e.id} ${market.key}`)).toEqual([
      'a h2h',
      'a h2h',
      'b h2h',
      'b spreads',
      'b alternate_totals',
    ]);
    expect(result.diff!.events.map((e) => [e.id, e.bookmakers!.map((book) => book.key)])).toEqual([
      ['a', ['draftkings']],
      ['b', ['fanduel']],
    ]);
  });

  // The usual poll lists each market's outcomes in the same order; a reordered market is matched by identity
  it('reports the same changes whatever the order of the outcomes and markets', () => {
    const prev = board([event('a', { home: 1.5, away: 2.6 })]);
    const next = event('a', { home: 1.45, away: 2.6, over: 1.85 });
    const inOrder = diffBoards(prev, board([next])).diff!.events[0].bookmakers![0].markets;
    const shuffled = structuredClone(next);
    shuffled.bookmakers[0].markets.reverse();
    for (const market of shuffled.bookmakers[0].markets) market.outcomes.reverse();
    const reordered = diffBoards(prev, board([shuffled]));
    const byKey = (markets: typeof inOrder) => [...markets].sort((x, y) => x.key.localeCompare(y.key));
    expect(byKey(reordered.diff!.events[0].bookmakers![0].markets)).toEqual(byKey(inOrder));
    expect(reordered.records).toHaveLength(2);
  });

  it('rebuilds the next board when applied to the previous one', () => {
    const prev = board([event('a', { home: 1.5, away: 2.6 }), event('b', { home: 1.9, away: 1.9 })]);
    const next = board(
      [event('a', { home: 1.4, away: 2.9, line: 7.5, over: 1.75 }), event('c', { home: 2.1, away: 1.75 })],
      '2026-01-01T00:00:30Z',
    );
    const { diff } = diffBoards(prev, next);
    const rebuilt = applyBoardDiff(prev, diff!);
    const canonical = (b: SportBoard) =>
      b.events.map((e) => ({
        id: e.id,
        books: e.bookmakers.map((bk) =>
          bk.markets.map((m) => [
            m.key,
            [...m.outcomes].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
          ]),
        ),
      }));
    expect(canonical(rebuilt)).toEqual(canonical(next));
  });
});
