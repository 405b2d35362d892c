import { applyBoardDiff, diffBoards, type BoardEvent, type BoardMarket, type SportBoard } from '@oddspulse/shared';
import { simBoard } from '../../../../test-support/sim-board';
import { applyBoardMessage, applyRowsDiff, buildLiveRows, followBoards, refreshLiveRows } from './live-rows';
import { rowChanges } from './live-table';
import { buildRows, sameRowsAt, type BuildRowsOptions } from './rows';

const T0 = Date.parse('2030-01-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const SPORT = 'basketball_nba';

type Prices = Record<string, { spread: [number, number]; total: [number, number] }>;

function event(id: string, prices: Prices, commenceOffset = 3_600_000): BoardEvent {
  const market = (key: string, outcomes: BoardMarket['outcomes']): BoardMarket => ({
    key,
    last_update: iso(T0),
    outcomes,
  });
  return {
    id,
    sport_key: SPORT,
    sport_title: 'NBA',
    commence_time: iso(T0 + commenceOffset),
    home_team: `Home ${id}`,
    away_team: `Away ${id}`,
    bookmakers: Object.entries(prices).map(([key, p]) => ({
      key,
      title: key,
      last_update: iso(T0),
      markets: [
        market('spreads', [
          { name: `Home ${id}`, price: p.spread[0], point: -2.5 },
          { name: `Away ${id}`, price: p.spread[1], point: 2.5 },
        ]),
        market('totals', [
          { name: 'Over', price: p.total[0], point: 220.5 },
          { name: 'Under', price: p.total[1], point: 220.5 },
        ]),
      ],
    })),
  };
}

const books = (spread: [number, number], total: [number, number] = [1.91, 1.91]): Prices => ({
  draftkings: { spread, total },
  fanduel: { spread: [1.9, 1.92], total: [1.9, 1.92] },
  betmgm: { spread: [1.89, 1.93], total: [1.92, 1.9] },
  caesars: { spread: [1.92, 1.89], total: [1.89, 1.93] },
});

const board = (events: BoardEvent[]): SportBoard => ({ sport_key: SPORT, fetched_at: iso(T0), events });
const options: BuildRowsOptions = { mode: 'game', selectedBooks: [], now: T0 };

// A push rebuilds the rows of the events it names, and its flashes come from the diff (DECISIONS 15)
describe('live rows', () => {
  const before = board([event('e1', books([1.91, 1.91])), event('e2', books([1.95, 1.87]), 7_200_000)]);

  it('builds the same rows, in the same order, as building them all', () => {
    const table = buildLiveRows({ [SPORT]: before }, options);
    expect(table.rows).toEqual(buildRows(before.events, options));
    expect(table.rows.length).toBeGreaterThan(4);
  });

  it("rebuilds only the rows of the diff's events, and ends where a full rebuild of the patched board does", () => {
    const after = board([event('e1', books([1.99, 1.83])), before.events[1]]);
    const { diff } = diffBoards(before, after);
    const table = buildLiveRows({ [SPORT]: before }, options);
    const { table: next } = applyRowsDiff(table, diff!, options);
    expect(next.rows).toEqual(buildRows(after.events, options));
    // e2 was not in the diff: its rows are the very same objects
    const e2 = (rows: typeof table.rows) => rows.filter((r) => r.eventId === 'e2');
    e2(next.rows).forEach((row, i) => expect(row).toBe(e2(table.rows)[i]));
    // in e1, the spread rows the diff moved are new; its totals, which it did not touch, are kept (keepUnchangedRows)
    const e1 = next.rows.filter((r) => r.eventId === 'e1');
    expect(e1.filter((row) => row.market === 'spreads').every((row) => !table.rows.includes(row))).toBe(true);
    expect(e1.filter((row) => row.market === 'totals').every((row) => table.rows.includes(row))).toBe(true);
    expect(next.boards[SPORT].events[0].bookmakers[0].markets[0].outcomes[0].price).toBe(1.99);
  });

  it("takes a game's moved start from a diff that moves no price, and its rows say it", () => {
    const delayed = { ...before.events[0], commence_time: iso(T0 + 5_400_000) };
    const after = board([delayed, before.events[1]]);
    const { diff } = diffBoards(before, after);
    const { table } = applyRowsDiff(buildLiveRows({ [SPORT]: before }, options), diff!, options);
    expect(table.rows).toEqual(buildRows(after.events, options));
    const delayedRows = table.rows.filter((row) => row.eventId === 'e1');
    expect(delayedRows.length).toBeGreaterThan(0);
    expect(delayedRows.every((row) => row.commenceTime === delayed.commence_time)).toBe(true);
  });

  it('drops the rows of a game a diff marks final, its prices unmoved, and lists them again when the mark is taken back', () => {
    const finished = { ...before.events[0], completed: true };
    const { diff } = diffBoards(before, board([finished, before.events[1]]));
    const start = buildLiveRows({ [SPORT]: before }, options);
    expect(start.rows.some((row) => row.eventId === 'e1')).toBe(true);
    const { table } = applyRowsDiff(start, diff!, options);
    expect(table.rows.some((row) => row.eventId === 'e1')).toBe(false);
    expect(table.rows).toEqual(buildRows(before.events.slice(1), options));
    const { diff: back } = diffBoards(table.boards[SPORT], before);
    expect(applyRowsDiff(table, back!, options).table.rows).toEqual(start.rows);
  });

  it('flashes what the diff moved, as comparing every row before and after would', () => {
    const after = board([event('e1', books([1.99, 1.83], [1.87, 1.95])), before.events[1]]);
    const { diff } = diffBoards(before, after);
    const { moved } = applyRowsDiff(buildLiveRows({ [SPORT]: before }, options), diff!, options);
    const everyRow = rowChanges(buildRows(before.events, options), buildRows(after.events, options));
    expect(moved).toEqual(new Map([...everyRow.rows, ...everyRow.books]));
    // Home's best went from Caesars' 1.92 to Draftkings' 1.99; Draftkings' Away price went down in the mini table
    expect(moved.get('e1|spreads||Home e1|-2.5')).toBe('up');
    expect(moved.get('e1|spreads||Away e1|2.5|draftkings')).toBe('down');
    expect(moved.get('e1|totals||Over|220.5|draftkings')).toBe('down');
  });

  it('flashes the side of a combined prop the diff moved', () => {
    const props: BuildRowsOptions = { mode: 'props', selectedBooks: [], now: T0 };
    const prop = (over: number, under: number): BoardEvent => ({
      ...event('p1', {}),
      bookmakers: ['draftkings', 'fanduel'].map((key, i) => ({
        key,
        title: key,
        last_update: iso(T0),
        markets: [
          {
            key: 'player_points',
            last_update: iso(T0),
            outcomes: [
              { name: 'Over', description: 'Player A', price: i ? 1.9 : over, point: 24.5 },
              { name: 'Under', description: 'Player A', price: i ? 1.9 : under, point: 24.5 },
            ],
          },
        ],
      })),
    });
    const was = board([prop(1.91, 1.91)]);
    const now = board([prop(1.91, 1.8)]);
    const { diff } = diffBoards(was, now);
    const { moved } = applyRowsDiff(buildLiveRows({ [SPORT]: was }, props), diff!, props);
    expect(moved).toEqual(new Map([['p1|player_points|Player A|OU|24.5|draftkings|Under', 'down']]));
  });

  it('drops the rows of a removed event, adds those of a new one, and does not flash a line that moved', () => {
    const moved = event('e1', books([1.91, 1.91]));
    for (const book of moved.bookmakers) for (const o of book.markets[0].outcomes) o.point = o.point! < 0 ? -3.5 : 3.5;
    const after = board([moved, event('e3', books([1.9, 1.92]))]);
    const { diff } = diffBoards(before, after);
    const result = applyRowsDiff(buildLiveRows({ [SPORT]: before }, options), diff!, options);
    expect(result.table.rows).toEqual(buildRows(after.events, options));
    expect(result.table.rows.some((r) => r.eventId === 'e2')).toBe(false);
    expect(result.moved.size).toBe(0);
  });

  it('follows boards patched elsewhere: builds the events that are new objects, drops the gone ones, keeps the rest', () => {
    const table = buildLiveRows({ [SPORT]: before }, options);
    const { diff } = diffBoards(
      before,
      board([event('e1', books([1.99, 1.83])), before.events[1], event('e3', books([1.9, 1.92]))]),
    );
    const patched = { [SPORT]: applyBoardDiff(before, diff!) };
    const next = followBoards(table, patched, options);
    expect(next.rows).toEqual(buildLiveRows(patched, options).rows);
    const e2 = (rows: typeof table.rows) => rows.filter((r) => r.eventId === 'e2');
    e2(next.rows).forEach((row, i) => expect(row).toBe(e2(table.rows)[i]));
    const { diff: gone } = diffBoards(patched[SPORT], board([patched[SPORT].events[0]]));
    const without = { [SPORT]: applyBoardDiff(patched[SPORT], gone!) };
    expect(followBoards(next, without, options).rows).toEqual(buildLiveRows(without, options).rows);
  });

  it('leaves the table alone for a sport not loaded and for a feed-state message, and takes a snapshot whole', () => {
    const table = buildLiveRows({ [SPORT]: before }, options);
    const { diff } = diffBoards(before, board([event('e1', books([2.05, 1.8]))]));
    expect(applyRowsDiff(table, { ...diff!, sport_key: 'icehockey_nhl' }, options).table).toBe(table);
    expect(
      applyBoardMessage(
        table,
        SPORT,
        { type: 'board.status', data: { fetched_at: iso(T0), stale_since: iso(T0) } },
        options,
      ).table,
    ).toBe(table);
    expect(applyBoardMessage(table, SPORT, { type: 'snapshot', data: null }, options).table).toBe(table);
    const snapshot = board([event('e1', books([2.05, 1.8]))]);
    const taken = applyBoardMessage(table, SPORT, { type: 'snapshot', data: snapshot }, options);
    expect(taken.table.rows).toEqual(buildRows(snapshot.events, options));
    expect(taken.table.boards[SPORT]).toBe(snapshot);
    expect(taken.moved.get('e1|spreads||Home e1|-2.5')).toBe('up');
  });
});

// As time passes (the table's 5-s tick), only the events whose rows the clock changed are built again: the
// locked-market rule of spec 001 §5 is the clock's only way into the rows (a market locks 15 min after its update, 5
// min once its game is live)
describe('live rows as time passes', () => {
  const NOW = Date.parse('2026-11-23T16:00:00Z');
  // the simulated board's NFL and NCAAF games, a board per sport
  const boards = (events: BoardEvent[]): Record<string, SportBoard> => {
    const bySport: Record<string, SportBoard> = {};
    for (const e of events)
      (bySport[e.sport_key] ??= { sport_key: e.sport_key, fetched_at: iso(NOW), events: [] }).events.push(e);
    return bySport;
  };

  it("tells when an event's rows stay the same: no market past its age, the game not started", () => {
    const at = (updated: number, commence: number, lastUpdate = iso(updated)): BoardEvent => {
      const e = event('e1', books([1.91, 1.91]), commence - T0);
      for (const b of e.bookmakers) for (const m of b.markets) m.last_update = lastUpdate;
      return e;
    };
    const upcoming = at(T0, T0 + 3_600_000);
    expect(sameRowsAt(upcoming, T0, T0 + 15 * 60_000)).toBe(true);
    expect(sameRowsAt(upcoming, T0, T0 + 15 * 60_000 + 1)).toBe(false);
    // and back: the clock set back reopens what had locked
    expect(sameRowsAt(upcoming, T0 + 16 * 60_000, T0 + 15 * 60_000 + 1)).toBe(true);
    expect(sameRowsAt(upcoming, T0 + 16 * 60_000, T0 + 10 * 60_000)).toBe(false);
    const starting = at(T0, T0 + 10 * 60_000);
    expect(sameRowsAt(starting, T0, T0 + 10 * 60_000 - 1)).toBe(true);
    expect(sameRowsAt(starting, T0, T0 + 10 * 60_000)).toBe(false);
    const live = at(T0, T0 - 3_600_000);
    expect(sameRowsAt(live, T0, T0 + 5 * 60_000)).toBe(true);
    expect(sameRowsAt(live, T0, T0 + 5 * 60_000 + 1)).toBe(false);
    // a book's clock ahead of ours, and a time that cannot be read (always locked)
    expect(sameRowsAt(at(T0 + 60_000, T0 + 3_600_000), T0, T0 + 30_000)).toBe(true);
    expect(sameRowsAt(at(T0, T0 + 3_600_000, 'yesterday'), T0, T0 + 3_000_000)).toBe(true);
  });

  it('ends where building every row at that time would, keeping the rows of the events it does not rebuild', () => {
    const events = simBoard({ events: 12, seed: 18, now: NOW });
    let table = buildLiveRows(boards(events), { ...options, now: NOW });
    let rebuilt = 0;
    let unchanged = 0;
    // on to 20 minutes (lagging books lock, live games' prices at 5 min, every price by 16), then the clock set back
    const minutes = [0, 0.1, 2, 4.5, 5.2, 6, 9, 12, 14.5, 15.2, 15.8, 16.1, 20, 15.9, 5];
    const times = minutes.map((m) => NOW + m * 60_000);
    for (const now of times) {
      const next = refreshLiveRows(table, { ...options, now });
      const fresh = buildLiveRows(boards(events), { ...options, now });
      expect(next.rows).toEqual(fresh.rows);
      expect(next.byEvent).toEqual(fresh.byEvent);
      for (const [key, rows] of next.byEvent) {
        if (next.builtAt.get(key) === table.builtAt.get(key)) expect(rows).toBe(table.byEvent.get(key));
        else rebuilt++;
      }
      if (next === table) unchanged++;
      table = next;
    }
    // an event is rebuilt only when one of its markets locks (these times are near the limits), and often none is
    expect(rebuilt).toBeGreaterThan(0);
    expect(rebuilt).toBeLessThan((times.length * events.length) / 3);
    expect(unchanged).toBeGreaterThan(3);
  });

  it('is the same table while no price ages past its limit', () => {
    const fresh = board([event('e1', books([1.91, 1.91])), event('e2', books([1.95, 1.87]), 7_200_000)]);
    const table = buildLiveRows({ [SPORT]: fresh }, options);
    expect(refreshLiveRows(table, { ...options, now: T0 + 5_000 })).toBe(table);
    expect(refreshLiveRows(table, { ...options, now: T0 + 15 * 60_000 })).toBe(table);
    const later = refreshLiveRows(table, { ...options, now: T0 + 15 * 60_000 + 1 });
    expect(later).not.toBe(table);
    expect(later.rows).toEqual([]);
  });
});
