import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { syntheticBoard } from '../../bench/synthetic-board';
import type { BoardEvent, BoardMarket } from '../../domain/odds';
import type { ScanResult } from '../../domain/opportunities';
import { normaliseOddsApiV4 } from '../../feeds/odds-api-v4';
import { diffBoards } from '../../realtime/board-diff';
import { book, event, NOW } from '../../testing/board-builder';
import { between, seededRandom } from '../../testing/seeded-random';
import { oracleArbitrage, oracleEvBets, oracleMiddles } from '../../testing/finders.oracle';
import { findArbitrage, findEvBets, findMiddles } from '../opportunities/finders';
import { PreparedBoard } from './prepared-board';
import { ColumnPool, type PreparedEvent } from './prepared-columns';
import { prepareEvent, repricedEvent, repriceEvent } from './prepared-event';
import { clockChangeAfter, scanPreparedEvent } from './prepared-scan';
import { IsoTimes } from '../odds/iso-time';
import { DEFAULT_COMMISSIONS, LOWEST_COMMISSIONS } from '../odds/commission';
import { newestUpdate, scanBoard, scanEvent, scanSettings, type ScanOptions } from '../opportunities/scan';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const BOARDS = readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'));
const recorded = (file: string) => normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'))).events;

/**
 * What the engine found before the columnar scan, for the same board: the object-path finders
 * (testing/finders.oracle.ts) per event, in board order, then the
 * board order of scanBoard (stable sorts: profit, probability then gap, EV%, all descending).
 */
function objectPath(events: readonly BoardEvent[], options: ScanOptions, now: number): ScanResult {
  const result: ScanResult = { arbitrage: [], middles: [], ev: [] };
  for (const event of events) {
    result.arbitrage.push(...oracleArbitrage(event, options.arbitrage, now));
    result.middles.push(...oracleMiddles(event, options.middles, now));
    result.ev.push(...oracleEvBets(event, options.ev, now));
  }
  result.arbitrage.sort((a, b) => b.profitPct - a.profitPct);
  result.middles.sort((a, b) => b.probability - a.probability || b.gap - a.gap);
  result.ev.sort((a, b) => b.evPct - a.evPct);
  return result;
}

/**
 * Where two values first differ, or null: the same keys in the same order, and every primitive the same by
 * Object.is (so every float to the last bit, −0 apart from 0, and an undefined field apart from a missing one).
 */
function firstDifference(actual: unknown, expected: unknown, path = 'result'): string | null {
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) {
    return Object.is(actual, expected) ? null : `${path}: ${String(actual)} instead of ${String(expected)}`;
  }
  if (Array.isArray(actual) !== Array.isArray(expected)) return `${path}: array and object`;
  const keys = Object.keys(actual);
  const expectedKeys = Object.keys(expected);
  if (keys.join() !== expectedKeys.join()) return `${path}: keys ${keys.join()} instead of ${expectedKeys.join()}`;
  for (const key of keys) {
    const difference = firstDifference(
      (actual as Record<string, unknown>)[key],
      (expected as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
    if (difference) return difference;
  }
  return null;
}

/** Exactly the same: every field and flag, every stake, every float to the last bit, and the same order. */
/**
 * An event's prepared lines as a scan reads them: every column, each side's quotes in place of where the pool keeps
 * them (a line clustered afresh leaves room in the pool for a book's second quote, one taken as prepared does not).
 */
function preparedLines(prepared: PreparedEvent) {
  const { sStart, pool, ...columns } = prepared.lines;
  const sides = Array.from(columns.sLength, (length, s) => Array.from(pool.subarray(sStart[s], sStart[s] + length)));
  return { ...columns, sides, gLineStart: prepared.gLineStart, gLineEnd: prepared.gLineEnd };
}

function expectSame(actual: ScanResult, expected: ScanResult): void {
  expect(firstDifference(actual, expected)).toBeNull();
}

const BOOKS = ['draftkings', 'fanduel', 'pinnacle', 'caesars', 'bovada', 'circa', 'novig', 'lowvig', 'prizepicks'];
const OPTION_SETS: Array<[string, ScanOptions]> = [
  ['defaults', {}],
  [
    'low thresholds, book filters, shin',
    {
      ev: { method: 'shin', minEvPct: -3, books: BOOKS },
      arbitrage: { minProfitPct: -1, bankroll: 37, maxStake: 500, books: BOOKS },
      middles: { minGap: 0.5, minProbability: 0, books: BOOKS },
    },
  ],
  [
    'low suspect bounds, small stakes',
    {
      ev: { suspectEvPct: 1, minEvPct: -1 },
      arbitrage: { minProfitPct: 0, suspectProfitPct: 1, maxStake: 0.37 },
      middles: { minGap: 1, maxStake: 10 },
    },
  ],
  ['worst case', { ev: { method: 'worst_case', suspectEvPct: 2 } }],
  [
    'additive, zero stake',
    {
      ev: { method: 'additive', minEvPct: -1 },
      arbitrage: { bankroll: 0 },
      middles: { bankroll: 0, minProbability: 1 },
    },
  ],
  ['power', { ev: { method: 'power' }, arbitrage: { minProfitPct: 0.1 } }],
  ['odds ratio', { ev: { method: 'odds_ratio', minEvPct: -0.5 } }],
  // every de-vig method, a blend of a chosen set included
  ['balanced book', { ev: { method: 'balanced_book', minEvPct: -0.5 } }],
  ['wpo', { ev: { method: 'wpo' } }],
  [
    'blend of power and Jensen–Shannon',
    { ev: { method: 'blend', blend: ['power', 'jensen_shannon'], minEvPct: -0.5 } },
  ],
];

/**
 * The synthetic board of the benchmark with what recorded boards show now and then, so every rule of the
 * object path is exercised: locked and stale prices, live and finished games, exchange lay markets, DFS apps and
 * aliased book keys, 1X2 markets with and without a draw, lines a hair apart (split again at 0.01), the same
 * line in a main and an alternate market, spreads whose team names differ between books, totals without a
 * point, props with and without a player, unreadable times.
 */
function edgeCaseBoard(seed: number): BoardEvent[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const chance = (p: number) => random() < p;
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  const board = syntheticBoard({ events: 60, books: 25, propOutcomes: 2400, seed, now: NOW });
  return board.map((event, e) => {
    if (chance(0.15)) event.commence_time = ago(between(random, 0, 3 * 3_600_000));
    if (chance(0.05)) event.commence_time = 'not a date';
    if (chance(0.05)) event.completed = true;
    const soccer = chance(0.2);
    for (const bookmaker of event.bookmakers) {
      if (chance(0.06))
        bookmaker.key = pick([
          'caesars',
          'williamhill_us',
          'circa',
          'prizepicks',
          'underdog',
          'pointsbet',
          'prophetx',
          'betfair_ex_uk',
        ]);
      if (chance(0.04)) bookmaker.link = `https://${bookmaker.key}.example/${e}`;
      const extra: BoardMarket[] = [];
      for (const market of bookmaker.markets) {
        if (chance(0.08))
          market.last_update = ago(pick([4 * 60_000, 6 * 60_000, 14 * 60_000, 16 * 60_000, 40 * 60_000]));
        if (chance(0.01)) market.last_update = 'yesterday';
        if (chance(0.03)) market.link = `https://m.example/${market.key}`;
        for (const outcome of market.outcomes) {
          if (chance(0.01)) outcome.price = pick([0, 1, 1.01, 60, Number.NaN]);
          if (outcome.point !== undefined && chance(0.03)) outcome.point += pick([0.02, 0.03, 0.25, -0.02, 0.5]);
          if (market.key === 'totals' && chance(0.01)) delete outcome.point;
          if (market.key === 'spreads' && outcome.name === 'Home Team' && chance(0.1)) outcome.name = 'Home Team FC';
          if (outcome.description !== undefined && chance(0.02)) outcome.description = pick(['', 'Player X']);
          if (chance(0.01)) outcome.link = `https://o.example/${e}`;
        }
        // the main line again among the alternates, at the same price
        if (market.key === 'spreads' && chance(0.2))
          extra.push({
            key: 'alternate_spreads',
            last_update: market.last_update,
            outcomes: market.outcomes.map((o) => ({ ...o })),
          });
      }
      if (soccer) {
        const [home, away] = bookmaker.markets[0].outcomes;
        const draw = { name: chance(0.9) ? 'Draw' : 'Tie game', price: between(random, 3, 4.5) };
        bookmaker.markets[0].outcomes = [home, away, draw];
      }
      if (chance(0.1))
        extra.push({
          key: 'h2h_lay',
          last_update: bookmaker.last_update,
          outcomes: bookmaker.markets[0].outcomes.map((o) => ({ ...o, price: o.price * 0.8 })),
        });
      if (chance(0.1)) {
        extra.push({
          key: 'player_assists',
          last_update: bookmaker.last_update,
          outcomes: [
            { name: 'Yes', description: 'Player A', price: between(random, 1.7, 2.3) },
            { name: 'No', description: 'Player A', price: between(random, 1.7, 2.3) },
            { name: 'Yes', price: between(random, 1.7, 2.3) },
            { name: 'No', price: between(random, 1.7, 2.3) },
          ],
        });
      }
      bookmaker.markets.push(...extra);
    }
    if (e === 7) {
      // an outright of 12 names, and props for 120 players at three lines each: more groups, lines and sides
      // than an event usually has
      const strength = Array.from({ length: 12 }, () => between(random, 0.2, 3));
      const total = strength.reduce((a, b) => a + b, 0);
      event.bookmakers.forEach((bookmaker, b) => {
        const margin = between(random, 1.02, 1.08);
        bookmaker.markets.push({
          key: 'outrights',
          last_update: bookmaker.last_update,
          outcomes: strength.map((x, i) => ({
            name: `Team ${i}`,
            price: 1 / ((x / total) * margin * between(random, 0.97, 1.03)),
          })),
        });
        if (b >= 8) return;
        const outcomes = [];
        for (let player = 0; player < 120; player++) {
          for (const point of [9.5, 10.5, 11.5]) {
            const over = between(random, 0.35, 0.65);
            outcomes.push(
              { name: 'Over', description: `Player ${player}`, price: 1 / (over * 1.04), point },
              { name: 'Under', description: `Player ${player}`, price: 1 / ((1 - over) * 1.04), point },
            );
          }
        }
        bookmaker.markets.push({ key: 'player_rebounds_alternate', last_update: bookmaker.last_update, outcomes });
      });
    }
    if (e % 10 === 3) {
      // half the books name the teams differently; the other half's spreads age out, so the spread's
      // reference side changes with the clock
      event.bookmakers.forEach((bookmaker, b) => {
        for (const market of bookmaker.markets.filter((m) => m.key.includes('spreads'))) {
          if (b % 2 === 0) market.last_update = ago(16 * 60_000);
          else for (const o of market.outcomes) o.name = o.name === 'Home Team' ? 'Hometown' : 'Awayville';
        }
      });
    }
    return event;
  });
}

describe('columnar scan (prepared events) against the object path', () => {
  // The whole-board pass was rewritten for speed; it must find exactly what the
  // finders of spec 001 §5 (tested in arbitrage.spec, middles.spec, ev.spec) find, flags and stakes included
  describe.each(BOARDS)('%s', (file) => {
    const events = recorded(file);
    const newest = newestUpdate(events)!;
    // at the recording, then as its prices age: 6 min (live prices lock), 16 min (pre-match prices lock)
    it.each(OPTION_SETS)('%s', (_name, options) => {
      for (const now of [newest, newest + 6 * 60_000, newest + 16 * 60_000])
        expectSame(scanBoard(events, options, now), objectPath(events, options, now));
    });
  });

  it.each([2026, 7, 99])('synthetic board with edge cases (seed %i)', (seed) => {
    const events = edgeCaseBoard(seed);
    for (const [, options] of OPTION_SETS.slice(0, 3)) {
      for (const now of [NOW - 20 * 60_000, NOW, NOW + 3 * 60_000, NOW + 11 * 60_000]) {
        const expected = objectPath(events, options, now);
        expect(expected.arbitrage.length * expected.middles.length * expected.ev.length).toBeGreaterThan(0);
        expectSame(scanBoard(events, options, now), expected);
      }
    }
  });

  it('the benchmark board', () => {
    const events = syntheticBoard({ events: 150, books: 25, propOutcomes: 3000, seed: 2026, now: NOW });
    for (const now of [NOW, NOW + 9 * 60_000]) expectSame(scanBoard(events, {}, now), objectPath(events, {}, now));
  });

  it("scanEvent is the object path on one event, in the finders' order", () => {
    const now = NOW + 60_000;
    for (const event of edgeCaseBoard(5)) {
      const expected = {
        arbitrage: oracleArbitrage(event, {}, now),
        middles: oracleMiddles(event, {}, now),
        ev: oracleEvBets(event, {}, now),
      };
      expectSame(scanEvent(event, {}, now), expected);
    }
  });

  it('each finder alone (finders.ts) finds what the object path finds', () => {
    for (const [, options] of OPTION_SETS.slice(0, 3)) {
      for (const event of edgeCaseBoard(5)) {
        const found = {
          arbitrage: findArbitrage(event, options.arbitrage, NOW),
          middles: findMiddles(event, options.middles, NOW),
          ev: findEvBets(event, options.ev, NOW),
        };
        expectSame(found, {
          arbitrage: oracleArbitrage(event, options.arbitrage, NOW),
          middles: oracleMiddles(event, options.middles, NOW),
          ev: oracleEvBets(event, options.ev, NOW),
        });
      }
    }
  });
});

describe('PreparedBoard', () => {
  it('scans like scanBoard, whole and per event', () => {
    const events = edgeCaseBoard(11);
    const board = new PreparedBoard();
    board.load(events);
    expect(board.size).toBe(events.length);
    for (const now of [NOW, NOW + 16 * 60_000]) {
      expectSame(board.scan({}, now), scanBoard(events, {}, now));
      for (const event of events.slice(0, 10))
        expectSame(board.scanEvent(event.id, {}, now), scanEvent(event, {}, now));
    }
    expect(board.scanEvent('no such event', {}, NOW)).toEqual({ arbitrage: [], middles: [], ev: [] });
  });

  it('read again poll after poll, events growing and shrinking, it scans as read afresh, taking its buffers again', () => {
    const random = seededRandom(77);
    let events = syntheticBoard({ events: 30, books: 12, propOutcomes: 600, seed: 5, now: NOW });
    // two exchanges that charge commission: their events are read at the lowest rates too, into buffers of their own
    for (const event of events) {
      event.bookmakers[0].key = 'betfair_ex_uk';
      event.bookmakers[1].key = 'matchbook';
    }
    const taken = jest.spyOn(ColumnPool.prototype, 'take');
    const board = new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates: true });
    board.load(events);
    const pool = taken.mock.contexts[0];
    for (let poll = 0; poll < 6; poll++) {
      const next = structuredClone(events);
      for (const event of next) {
        if (random() < 0.4)
          for (const book of event.bookmakers)
            for (const market of book.markets)
              for (const outcome of market.outcomes)
                outcome.price = Math.max(1.01, outcome.price * between(random, 0.9, 1.1));
        const size = random();
        if (size < 0.15 && event.bookmakers.length > 3) event.bookmakers.pop();
        else if (size < 0.3 && !event.bookmakers.some((b) => b.key === 'superbook'))
          event.bookmakers.push({ ...structuredClone(event.bookmakers[2]), key: 'superbook', title: 'SuperBook' });
      }
      next.splice(poll, 1);
      next.push({ ...structuredClone(events[poll + 1]), id: `new-${poll}` });
      const diff = diffBoards(
        { sport_key: 'americanfootball_nfl', fetched_at: String(poll), events },
        { sport_key: 'americanfootball_nfl', fetched_at: String(poll + 1), events: next },
      );
      board.update(next, diff.changedEventIds);
      const fresh = new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates: true });
      fresh.load(next);
      for (const now of [NOW, NOW + 10 * 60_000]) expectSame(board.scan({}, now), fresh.scan({}, now));
      events = next;
    }
    const buffers = taken.mock.results.filter((_, i) => taken.mock.contexts[i] === pool).map((r) => r.value as unknown);
    expect(new Set(buffers).size).toBeLessThan(buffers.length / 2);
    taken.mockRestore();
  });

  it('kept up to date with each poll, it scans like a board prepared afresh', () => {
    const before = syntheticBoard({ events: 60, books: 25, propOutcomes: 1200, seed: 12, now: NOW });
    // events 10–19: every market closed by age (16 min old) …
    for (const event of before.slice(10, 20))
      for (const book of event.bookmakers)
        for (const market of book.markets) market.last_update = new Date(NOW - 16 * 60_000).toISOString();
    const board = new PreparedBoard();
    board.load(before);
    const next: BoardEvent[] = structuredClone(before.slice(0, 50));
    // … refreshed by their books without a price move, which no diff lists
    for (const event of next.slice(10, 20))
      for (const book of event.bookmakers)
        for (const market of book.markets) market.last_update = new Date(NOW - 60_000).toISOString();
    for (const event of next.slice(0, 10))
      for (const book of event.bookmakers) book.markets[0].outcomes[0].price *= 1.05;
    next[20].completed = true;
    next[21].commence_time = new Date(NOW - 60_000).toISOString();
    next.push({ ...structuredClone(before[55]), id: 'new-event' });
    const diff = diffBoards(
      { sport_key: 'americanfootball_nfl', fetched_at: 'a', events: before },
      { sport_key: 'americanfootball_nfl', fetched_at: 'b', events: next },
    );
    const reread = board.update(next, diff.changedEventIds);
    expect(new Set(reread)).toEqual(new Set([...next.slice(0, 22).map((e) => e.id), 'new-event']));
    expect(board.size).toBe(next.length);
    expect(board.has('synthetic-55')).toBe(false);
    for (const now of [NOW, NOW + 10 * 60_000]) expectSame(board.scan({}, now), scanBoard(next, {}, now));
    // nothing changed: nothing read again
    expect(board.update(next, [])).toEqual([]);
    expectSame(board.scan({}, NOW), scanBoard(next, {}, NOW));
  });

  it('passes over an event that is the object it read, without walking its markets', () => {
    const events = syntheticBoard({ events: 20, books: 10, propOutcomes: 0, seed: 8, now: NOW });
    const board = new PreparedBoard();
    board.load(events);
    // a stream's batch: one game made anew, the board's others the very objects read
    const next = events.map((event, i) => (i === 3 ? structuredClone(event) : event));
    next[3].bookmakers[0].markets[0].outcomes[0].price *= 1.05;
    let walked = 0;
    const watched = next.map((event) => {
      const { bookmakers } = event;
      return Object.defineProperty({ ...event }, 'bookmakers', {
        get: () => {
          walked++;
          return bookmakers;
        },
      });
    });
    const untouched = [...events];
    for (const i of [5, 6]) untouched[i] = watched[i];
    // made anew with the header and times read (read back from Redis, say): walked once, then known by its object
    expect(board.update(untouched, [])).toEqual([]);
    expect(walked).toBeGreaterThan(0);
    walked = 0;
    expect(board.update(untouched, [])).toEqual([]);
    expect(walked).toBe(0);
    // the changed game is read again; none of the others is walked
    const batch = untouched.map((event, i) => (i === 3 ? watched[3] : event));
    expect(board.update(batch, [next[3].id])).toEqual([next[3].id]);
    expect(walked).toBeGreaterThan(0);
    walked = 0;
    expect(board.update(batch, [])).toEqual([]);
    expect(walked).toBe(0);
    expectSame(board.scan({}, NOW), scanBoard(next, {}, NOW));
  });

  it('from the events it mirrors, looks only at the games that are not those very objects, and drops the games gone', () => {
    const events = syntheticBoard({ events: 20, books: 10, propOutcomes: 0, seed: 9, now: NOW });
    const board = new PreparedBoard();
    board.load(events);
    let walked = 0;
    const watched = (event: BoardEvent) => {
      const { bookmakers } = event;
      return Object.defineProperty({ ...event }, 'bookmakers', {
        get: () => {
          walked++;
          return bookmakers;
        },
      });
    };
    // a batch: game 3's price moved, game 7 made anew with what was read, game 12 gone, a game new to the board
    const moved = structuredClone(events[3]);
    moved.bookmakers[0].markets[0].outcomes[0].price *= 1.05;
    const next = events.filter((_, i) => i !== 12).map((event) => (event.id === events[7].id ? watched(event) : event));
    next[3] = moved;
    // game 9 refreshed by its book without a price move, which no diff names
    const refreshed = structuredClone(events[9]);
    refreshed.bookmakers[0].markets[0].last_update = new Date(NOW - 30_000).toISOString();
    next[9] = refreshed;
    next.push({ ...structuredClone(events[0]), id: 'new-game' });
    const stale = board.staleEvents(next, [moved.id], events);
    expect(stale.map((e) => e.id)).toEqual([moved.id, refreshed.id, 'new-game']);
    expect(walked).toBeGreaterThan(0);
    for (const event of stale) board.read(event);
    expect(board.has(events[12].id)).toBe(false);
    expect(board.size).toBe(next.length);
    expectSame(board.scan({}, NOW), scanBoard(next, {}, NOW));
    // the next batch from these: none of the very objects walked, not even one the diff names
    walked = 0;
    expect(board.staleEvents([...next], [events[7].id], next)).toEqual([]);
    expect(walked).toBe(0);
  });

  it('a game whose prices moved is taken from what was read, and scans as read afresh; one that moved more is read', () => {
    const random = seededRandom(31);
    const chance = (p: number) => random() < p;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const locked = (market: BoardMarket) => market.outcomes.some((o) => !(o.price > 1));
    const settings = scanSettings({});
    const times = new IsoTimes();
    let takenFromRead = 0;
    // the edge cases' board (locks, players, exchanges with lay prices, odd times) and every recorded board
    for (const events of [edgeCaseBoard(5), ...BOARDS.map(recorded)]) {
      let board = events;
      const kept = new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates: true });
      kept.load(board);
      for (let batch = 0; batch < 30; batch++) {
        // a stream's batch: a game or two made anew, a book or two of each made anew, its others the very objects
        const next = [...board];
        const changed = new Set<string>();
        for (let g = 0; g < 2; g++) {
          const at = Math.floor(random() * next.length);
          const event = next[at];
          if (!event.bookmakers.length) continue;
          const bookmakers = [...event.bookmakers];
          for (let b = 0; b < 2; b++) {
            const i = Math.floor(random() * bookmakers.length);
            const book = structuredClone(bookmakers[i]);
            const kind = random();
            // a locked price reopened, in a player's market where there is one (the others' prices were read)
            const lockedMarkets = book.markets.filter(locked);
            const market =
              kind >= 0.55 && kind < 0.7 && lockedMarkets.length
                ? (lockedMarkets.find((m) => m.outcomes.some((o) => o.description)) ?? pick(lockedMarkets))
                : pick(book.markets);
            const outcome = pick(market.outcomes);
            // mostly a price moved; else a price locked or reopened, a line moved, a refresh, a market gone
            if (kind < 0.55) outcome.price = Math.max(1.01, outcome.price * between(random, 0.9, 1.1));
            else if (kind < 0.7 && locked(market))
              for (const o of market.outcomes)
                if (!(o.price > 1)) o.price = 1.95;
                else if (kind < 0.7) outcome.price = 0;
                else if (kind < 0.8) outcome.point = (outcome.point ?? 0) + 0.5;
                else if (kind < 0.9) market.last_update = new Date(NOW - between(random, 0, 20 * 60_000)).toISOString();
                else if (book.markets.length > 1) book.markets.splice(book.markets.indexOf(market), 1);
            if (chance(0.5)) market.last_update = new Date(NOW - between(random, 0, 60_000)).toISOString();
            bookmakers[i] = book;
          }
          next[at] = { ...event, bookmakers };
          changed.add(event.id);
          // the game alone: taken from what was read when it can be, as reading it afresh makes it
          const read = prepareEvent(event);
          const readAtLowest = repriceEvent(read, LOWEST_COMMISSIONS);
          const taken = repricedEvent(read, event, next[at], DEFAULT_COMMISSIONS, null, times);
          if (!taken) continue;
          takenFromRead++;
          // its lines as the game read afresh prepares them, those of the groups that did not move taken as they were
          expect(preparedLines(taken)).toEqual(preparedLines(prepareEvent(next[at])));
          // at the lowest rates, from its reading there; and at other rates than it was read at, where every line is
          // prepared again (an exchange's effective prices moved)
          const lowest = preparedLines(prepareEvent(next[at], LOWEST_COMMISSIONS));
          expect(preparedLines(repriceEvent(taken, LOWEST_COMMISSIONS, null, readAtLowest))).toEqual(lowest);
          expect(preparedLines(repriceEvent(taken, LOWEST_COMMISSIONS, null, read))).toEqual(lowest);
          expect(preparedLines(repricedEvent(read, event, next[at], LOWEST_COMMISSIONS, null, times)!)).toEqual(lowest);
          for (const now of [NOW, NOW + 10 * 60_000])
            expectSame(
              scanPreparedEvent(taken, settings, now),
              scanPreparedEvent(prepareEvent(next[at]), settings, now),
            );
        }
        // the kept board, at the lowest rates too, against the changed games read afresh
        kept.update(next, [...changed]);
        const fresh = new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates: true });
        fresh.load(next.filter((event) => changed.has(event.id)));
        for (const id of changed)
          for (const now of [NOW, NOW + 10 * 60_000])
            expectSame(kept.scanEvent(id, {}, now), fresh.scanEvent(id, {}, now));
        board = next;
      }
      const whole = new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates: true });
      whole.load(board);
      expectSame(kept.scan({}, NOW), whole.scan({}, NOW));
    }
    // most batches move prices only: those games were taken from what was read
    expect(takenFromRead).toBeGreaterThan(150);
  });
  it.each<[string, boolean, (book: BoardEvent['bookmakers'][number]) => void]>([
    ['a price moved', true, (book) => (book.markets[0].outcomes[0].price += 0.07)],
    [
      'a price moved and its market restamped',
      true,
      (book) => {
        book.markets[2].outcomes[1].price += 0.07;
        book.markets[2].last_update = new Date(NOW - 20 * 60_000).toISOString();
      },
    ],
    ['a price locked', false, (book) => (book.markets[0].outcomes[0].price = 0)],
    [
      "a player's locked price reopened",
      false,
      (book) => (book.markets.find((m) => m.key === 'player_points')!.outcomes[0].price = 1.95),
    ],
    ['a line moved', false, (book) => (book.markets[1].outcomes[0].point! += 0.5)],
    ["an outcome's link set", false, (book) => (book.markets[0].outcomes[0].link = 'https://book.example/o')],
    ["a market's link set", false, (book) => (book.markets[0].link = 'https://book.example/m')],
    ["the book's link set", false, (book) => (book.link = 'https://book.example')],
    ['the book retitled', false, (book) => (book.title = 'Book')],
    ['a market gone', false, (book) => book.markets.pop()],
  ])('a game whose book had %s is taken from what was read: %s (and scans as read afresh)', (_, taken, move) => {
    const [event] = syntheticBoard({ events: 1, books: 12, propOutcomes: 200, seed: 4, now: NOW });
    // a player's price locked when the game was read: that market was read without the player
    event.bookmakers[0].markets.find((market) => market.key === 'player_points')!.outcomes[0].price = 0;
    const board = new PreparedBoard();
    board.load([event]);
    const book = structuredClone(event.bookmakers[0]);
    move(book);
    const next = { ...event, bookmakers: [book, ...event.bookmakers.slice(1)] };
    const repriced = repricedEvent(prepareEvent(event), event, next, DEFAULT_COMMISSIONS, null, new IsoTimes());
    expect(repriced !== null).toBe(taken);
    board.update([next], [next.id]);
    for (const now of [NOW, NOW + 10 * 60_000]) expectSame(board.scan({}, now), scanBoard([next], {}, now));
  });
});

describe('clockChangeAfter', () => {
  // what a scan finds, its times aside (they count with the clock; detection keeps an opportunity's first time found)
  const AGES = new Set(['ageSeconds', 'timeFound', 'expiresIn']);
  const found = (result: ScanResult) =>
    JSON.stringify(result, (key, value: unknown) => (AGES.has(key) ? undefined : value));

  it('is the start of a game not started, or the first price to pass the locked-market age, to the millisecond', () => {
    const start = NOW + 30 * 60_000;
    const p = prepareEvent(
      event(
        [
          book(
            'draftkings',
            {
              h2h: [
                ['Home', -110],
                ['Away', -110],
              ],
            },
            60_000,
          ),
          book(
            'fanduel',
            {
              h2h: [
                ['Home', -105],
                ['Away', -115],
              ],
            },
            120_000,
          ),
        ],
        start - NOW,
      ),
    );
    // pre-match: the older book's prices pass 15 minutes from their update, before the start
    expect(clockChangeAfter(p, NOW)).toBe(NOW - 120_000 + 15 * 60_000 + 1);
    expect(clockChangeAfter(p, NOW + 13 * 60_000 + 1)).toBe(NOW - 60_000 + 15 * 60_000 + 1);
    // both past theirs: the start (where the age falls to 5 minutes) is next
    expect(clockChangeAfter(p, NOW + 14 * 60_000 + 1)).toBe(start);
    // live: none passes again, every price already past 5 minutes
    expect(clockChangeAfter(p, start)).toBe(Infinity);
    expect(clockChangeAfter({ ...p, header: { ...p.header, completed: true } }, NOW)).toBe(Infinity);
  });

  // Detection scans a game again once this time comes, though no price moved: what it finds must not change before
  it('finds on the recorded boards nothing a scan at the time asked would not, until the time it gives', () => {
    const settings = scanSettings({});
    let asked = 0;
    let changedAtTheTime = 0;
    for (const file of BOARDS) {
      const events = recorded(file);
      const newest = newestUpdate(events)!;
      for (const e of events) {
        const p = prepareEvent(e);
        for (const now of [newest - 20 * 60_000, newest, newest + 4 * 60_000, newest + 12 * 60_000]) {
          const at = clockChangeAfter(p, now);
          expect(at).toBeGreaterThan(now);
          if (!Number.isFinite(at)) continue;
          asked++;
          const then = found(scanPreparedEvent(p, settings, now));
          for (const t of [now + Math.floor((at - now) / 2), at - 1])
            expect(found(scanPreparedEvent(p, settings, t))).toBe(then);
          if (found(scanPreparedEvent(p, settings, at)) !== then) changedAtTheTime++;
        }
      }
    }
    // a time at which the clock changes nothing costs a scan; one too late leaves what a scan would drop: some change
    expect(asked).toBeGreaterThan(100);
    expect(changedAtTheTime).toBeGreaterThan(asked / 10);
  });
});
