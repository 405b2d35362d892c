import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_SPORTSBOOKS,
  DEVIG_METHODS,
  newestUpdate,
  normaliseOddsApiV4,
  type BoardEvent,
  type BoardMarket,
} from '@oddspulse/shared';
import { seededRandom } from '@oddspulse/shared/testing';
import { simBoard } from '../../../../test-support/sim-board';
import { buildRows, rowsBuilder, type BuildRowsOptions, type TableMode } from './rows';
import { oracleEventRows, oracleRows } from '../../../../test-support/rows-oracle';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const BOARDS = readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'));
const recorded = (file: string) => normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'))).events;

/**
 * Where two values first differ, or null: the same keys in the same order, and every primitive the same by
 * Object.is (every float to the last bit, −0 apart from 0, an undefined field apart from a missing one).
 */
function firstDifference(actual: unknown, expected: unknown, path = 'rows'): string | null {
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

/** Every event's rows, in their order, exactly as the reference algorithm builds them; how many there are. */
function expectSameRows(events: readonly BoardEvent[], options: BuildRowsOptions): number {
  const rows = events.map(rowsBuilder(options));
  const difference = firstDifference(
    rows,
    events.map((event) => oracleEventRows(event, options)),
  );
  if (difference)
    throw new Error(`${difference} (${JSON.stringify({ ...options, now: new Date(options.now).toISOString() })})`);
  return rows.flat().length;
}

const MODES: TableMode[] = ['game', 'props'];
// the user's books as stored (any spelling: aliases, capitals, a DFS app, a book no board has), the plan defaults, all
const SELECTIONS: string[][] = [
  [],
  [...DEFAULT_SPORTSBOOKS],
  ['Caesars', 'DRAFTKINGS', 'pinnacle', 'prizepicks', 'betfair_ex_uk', 'no_such_book'],
];
// what the filter sends: every market, or a family (alternates included) with markets no board has
const MARKETS: string[][] = [[], ['spreads', 'h2h_lay', 'player_points', 'btts']];
const METHODS: Array<Pick<BuildRowsOptions, 'method' | 'blend'>> = [
  ...DEVIG_METHODS.map((method) => ({ method })),
  { method: 'blend', blend: ['power', 'jensen_shannon'] },
];

// The rows are built in one pass per event now (precomputed keys and book order, times parsed once, the
// engine's facts per line in one pass); spec 001 §5 row building, the locked-market rule and the EV of DECISIONS 10
// must come out exactly as before, so every row is compared with the old algorithm, kept as rows-oracle.ts
describe('odds table rows against the reference algorithm of rows-oracle.ts (spec 001 §5 row building, DECISIONS 10)', () => {
  describe.each(BOARDS)('%s', (file) => {
    const events = recorded(file);
    const newest = newestUpdate(events)!;
    const firstStart = Math.min(...events.map((e) => Date.parse(e.commence_time)));

    it('both modes, every de-vig method, book selection and market filter; fresh, stale and live', () => {
      let rows = 0;
      for (const mode of MODES) {
        for (const method of METHODS)
          rows += expectSameRows(events, { mode, selectedBooks: [], now: newest, ...method });
        // at the recording; 6 min on (live prices lock); 16 min on (every price locks); a minute into the first game
        for (const now of [newest, newest + 6 * 60_000, newest + 16 * 60_000, firstStart + 60_000]) {
          for (const selectedBooks of SELECTIONS)
            for (const markets of MARKETS) rows += expectSameRows(events, { mode, selectedBooks, markets, now });
        }
      }
      expect(rows).toBeGreaterThan(0);
      // and the board's rows in the table's order, best EV first
      const options: BuildRowsOptions = {
        mode: file.includes('player') ? 'props' : 'game',
        selectedBooks: SELECTIONS[2],
        now: newest,
      };
      expect(firstDifference(buildRows(events, options), oracleRows(events, options))).toBeNull();
    });
  });

  it.each([1, 2])('a simulated board with the edge cases of real ones (seed %i)', (seed) => {
    const events = edgeCaseBoard(seed);
    let rows = 0;
    for (const mode of MODES) {
      for (const method of METHODS.slice(1))
        rows += expectSameRows(events, { mode, selectedBooks: [], now: NOW, ...method });
      // a book's clock ahead of ours, fresh, 3 and 6 min on (live prices lock), 16 min on (every price locks)
      for (const now of [NOW - 20 * 60_000, NOW, NOW + 3 * 60_000, NOW + 6 * 60_000, NOW + 16 * 60_000]) {
        for (const selectedBooks of SELECTIONS) rows += expectSameRows(events, { mode, selectedBooks, now });
        rows += expectSameRows(events, { mode, selectedBooks: [], markets: MARKETS[1], now });
      }
    }
    expect(rows).toBeGreaterThan(1000);
    const options: BuildRowsOptions = { mode: 'props', selectedBooks: SELECTIONS[1], now: NOW };
    expect(firstDifference(buildRows(events, options), oracleRows(events, options))).toBeNull();
  });

  it('the simulated board of the row benchmark', () => {
    const events = simBoard({ events: 24, seed: 18, now: NOW });
    for (const now of [NOW, NOW + 4 * 60_000, NOW + 12 * 60_000]) {
      expect(expectSameRows(events, { mode: 'game', selectedBooks: [...DEFAULT_SPORTSBOOKS], now })).toBeGreaterThan(
        now === NOW ? 500 : 0,
      );
    }
  });
});

const NOW = Date.parse('2026-11-23T16:00:00Z');

/**
 * A simulated board (both modes' markets) with what recorded boards show now and then, so every rule of the row
 * building meets its odd cases: locked prices (0, 1, beyond ±5000, not a number) and prices of 0 to ignore, markets
 * aged around the 5- and 15-minute limits, unreadable times and a book's clock ahead of ours, a time written two
 * ways, games live or of unreadable start, lay markets, 1X2 moneylines beside two-way ones, lines a hair apart and to
 * the cent, points missing or not numbers, the same outcome twice in a market, aliased and capitalised book keys
 * (two bookmakers one book), books unknown to the catalogue whose titles sort by locale, titles alike, equal best
 * prices, links on outcomes, markets and books, players with and without a description, one-sided props, events
 * without an id or a sport, a game marked final in one seed and marked not in the other.
 */
function edgeCaseBoard(seed: number): BoardEvent[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const chance = (p: number) => random() < p;
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  const board = simBoard({ events: 6, seed, now: NOW, props: true });
  return board.map((event, e) => {
    if (e === 2) event.commence_time = 'not a date';
    if (e === 3) event.id = '';
    if (e === 4) event.sport_key = '';
    if (e === 5) event.completed = seed % 2 === 1;
    const extra = [
      { key: 'caesars', title: 'Caesars' },
      { key: 'DraftKings', title: 'DraftKings' },
      { key: 'zeta_book', title: 'zeta' },
      { key: 'acme_book', title: 'Ácme' },
      { key: 'acme_two', title: 'acme' },
      { key: 'same_one', title: 'Same Title' },
      { key: 'same_two', title: 'Same Title' },
    ].map(({ key, title }) => ({
      ...structuredClone(pick(event.bookmakers.filter((b) => b.markets.length > 2))),
      key,
      title,
    }));
    event.bookmakers.splice(Math.floor(random() * event.bookmakers.length), 0, ...extra);
    // in one event in three, half the books list a draw: a two-way and a three-way moneyline, each with a fair line
    const threeWay = e % 3 === 1;
    event.bookmakers.forEach((bookmaker, b) => {
      if (chance(0.05)) bookmaker.link = `https://${bookmaker.key}.example/${e}`;
      const added: BoardMarket[] = [];
      for (const market of bookmaker.markets) {
        if (chance(0.1))
          market.last_update = ago(pick([-30_000, 4 * 60_000, 6 * 60_000, 14 * 60_000, 16 * 60_000, 40 * 60_000]));
        if (chance(0.01)) market.last_update = 'yesterday';
        // the same instant written with milliseconds: the newest of a row's books may be either string
        if (chance(0.1)) market.last_update = market.last_update.replace('Z', '.000Z');
        if (chance(0.03)) market.link = `https://m.example/${market.key}`;
        for (const outcome of market.outcomes) {
          if (chance(0.01)) outcome.price = pick([0, 1, 1.01, 60, -2, Number.NaN]);
          if (outcome.point !== undefined && chance(0.04))
            outcome.point += pick([0.004, -0.003, 0.02, 0.03, 0.25, 0.5]);
          if (outcome.point !== undefined && chance(0.005)) outcome.point = pick([undefined, Number.NaN]);
          if (outcome.description !== undefined && chance(0.02)) outcome.description = pick(['', 'Player X']);
          if (chance(0.01)) delete outcome.link;
        }
        // an equal price to the book before it, for ties in the best price
        if (chance(0.2) && market.outcomes.length > 0)
          market.outcomes[0].price = Math.round(market.outcomes[0].price * 10) / 10;
        if (market.key === 'h2h' && ((threeWay && b % 2 === 0) || chance(0.05)))
          market.outcomes.push({ name: 'Draw', price: 3 + Math.round(random() * 20) / 10 });
        if (market.key === 'h2h' && chance(0.1))
          added.push({
            ...market,
            key: 'h2h_lay',
            outcomes: market.outcomes.map((o) => ({ ...o, price: o.price * 1.02 })),
          });
        if (market.key === 'spreads' && chance(0.2))
          added.push({ ...market, key: 'alternate_spreads', outcomes: market.outcomes.map((o) => ({ ...o })) });
        if (chance(0.03) && market.outcomes.length > 0)
          market.outcomes.push({ ...market.outcomes[0], price: market.outcomes[0].price + 0.05 });
        // an Over without its Under
        if (market.key === 'player_pass_yds' && chance(0.2))
          market.outcomes = market.outcomes.filter((o, i) => o.name !== 'Under' || i > 4);
      }
      bookmaker.markets.push(...added);
    });
    return event;
  });
}
