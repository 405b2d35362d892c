import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseOddsApiV4, type BoardEvent } from '@oddspulse/shared';
import {
  buildEventRows,
  buildRows,
  lowestHoldBook,
  miniTableBooks,
  miniTableLimit,
  minimumBooks,
  type BookPrice,
} from './rows';

const fixtures = join(__dirname, '..', '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const load = (file: string) => normaliseOddsApiV4(JSON.parse(readFileSync(join(fixtures, file), 'utf8'))).events;

const T0 = Date.parse('2030-01-01T12:00:00Z');
const iso = (offsetMs = 0) => new Date(T0 + offsetMs).toISOString();

/** A hand-built event: each book quotes h2h, spreads and totals at the given decimal prices. */
function event(
  books: Array<{
    key: string;
    h2h?: [number, number];
    spread?: [number, number];
    total?: [number, number];
    updated?: string;
  }>,
  overrides: Partial<BoardEvent> = {},
): BoardEvent {
  return {
    id: 'e1',
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: iso(3_600_000),
    home_team: 'Home',
    away_team: 'Away',
    bookmakers: books.map((b) => ({
      key: b.key,
      title: b.key,
      last_update: b.updated ?? iso(-10_000),
      markets: [
        ...(b.h2h
          ? [
              {
                key: 'h2h',
                last_update: b.updated ?? iso(-10_000),
                outcomes: [
                  { name: 'Home', price: b.h2h[0] },
                  { name: 'Away', price: b.h2h[1] },
                ],
              },
            ]
          : []),
        ...(b.spread
          ? [
              {
                key: 'spreads',
                last_update: b.updated ?? iso(-10_000),
                outcomes: [
                  { name: 'Home', price: b.spread[0], point: -3.5 },
                  { name: 'Away', price: b.spread[1], point: 3.5 },
                ],
              },
            ]
          : []),
        ...(b.total
          ? [
              {
                key: 'totals',
                last_update: b.updated ?? iso(-10_000),
                outcomes: [
                  { name: 'Over', price: b.total[0], point: 220.5 },
                  { name: 'Under', price: b.total[1], point: 220.5 },
                ],
              },
            ]
          : []),
      ],
    })),
    ...overrides,
  };
}

const options = { mode: 'game' as const, selectedBooks: [], now: T0 };

describe('row building (spec 001 §5 row building)', () => {
  it('needs 2 books with a price for spreads and totals, 3 for other markets', () => {
    expect(minimumBooks('spreads')).toBe(2);
    expect(minimumBooks('alternate_totals')).toBe(2);
    expect(minimumBooks('h2h')).toBe(3);
    const two = event([
      { key: 'draftkings', h2h: [1.9, 1.9], spread: [1.91, 1.91], total: [1.9, 1.92] },
      { key: 'fanduel', h2h: [1.95, 1.87], spread: [1.95, 1.87], total: [1.88, 1.94] },
    ]);
    const markets = new Set(buildEventRows(two, options).map((r) => r.market));
    expect(markets).toEqual(new Set(['spreads', 'totals']));
    const three = event([
      ...two.bookmakers.map((b) => ({ key: b.key, h2h: [1.9, 1.9] as [number, number] })),
      { key: 'betmgm', h2h: [1.92, 1.88] },
    ]);
    expect(buildEventRows(three, options).filter((r) => r.market === 'h2h')).toHaveLength(2);
  });

  it('ignores prices of 0, and a market with a 0 in it is locked (spec 001 §5)', () => {
    const e = event([
      { key: 'draftkings', spread: [1.91, 1.91] },
      { key: 'fanduel', spread: [0, 1.87] },
    ]);
    expect(buildEventRows(e, options)).toEqual([]);
    const withThird = event([
      { key: 'draftkings', spread: [1.91, 1.91] },
      { key: 'fanduel', spread: [0, 1.87] },
      { key: 'betmgm', spread: [1.9, 1.9] },
    ]);
    const rows = buildEventRows(withThird, options);
    const home = rows.find((r) => r.outcome === 'Home')!;
    const away = rows.find((r) => r.outcome === 'Away')!;
    expect(home.allBooks.map((b) => b.book)).not.toContain('fanduel');
    expect(away.allBooks.find((b) => b.book === 'fanduel')?.locked).toBe(true);
  });

  it('excludes DFS-only apps in game mode', () => {
    const e = event([
      { key: 'draftkings', spread: [1.91, 1.91] },
      { key: 'prizepicks', spread: [1.87, 1.87] },
    ]);
    expect(buildEventRows(e, options)).toEqual([]);
  });

  it('drops events with no id or sport_key', () => {
    const books = [
      { key: 'draftkings', spread: [1.91, 1.91] as [number, number] },
      { key: 'fanduel', spread: [1.95, 1.87] as [number, number] },
    ];
    expect(buildEventRows(event(books, { id: '' }), options)).toEqual([]);
    expect(buildEventRows(event(books, { sport_key: '' }), options)).toEqual([]);
    expect(buildEventRows(event(books), options)).toHaveLength(2);
  });

  it('takes the best open price among the selected books and splits selected from other books', () => {
    const e = event([
      { key: 'draftkings', spread: [1.91, 1.91] },
      { key: 'fanduel', spread: [1.95, 1.87] },
      { key: 'pinnacle', spread: [2.0, 1.85] },
    ]);
    const home = buildEventRows(e, { ...options, selectedBooks: ['draftkings', 'fanduel'] }).find(
      (r) => r.outcome === 'Home',
    )!;
    expect(home.best?.book).toBe('fanduel');
    expect(home.selectedBooks.map((b) => b.book)).toEqual(['draftkings', 'fanduel']);
    expect(home.nonSelectedBooks.map((b) => b.book)).toEqual(['pinnacle']);
    expect(home.allBooks).toHaveLength(3);
  });

  it('marks a market locked when it is older than 15 minutes and leaves it out of the count (spec 001 §5 locked market)', () => {
    const e = event([
      { key: 'draftkings', spread: [1.91, 1.91] },
      { key: 'fanduel', spread: [1.95, 1.87], updated: iso(-16 * 60_000) },
    ]);
    expect(buildEventRows(e, options)).toEqual([]);
    const withThird = event([
      ...e.bookmakers.map((b) => ({ key: b.key, spread: [1.91, 1.91] as [number, number], updated: b.last_update })),
      { key: 'betmgm', spread: [1.9, 1.9] },
    ]);
    const row = buildEventRows(withThird, options)[0];
    expect(row.allBooks.find((b) => b.book === 'fanduel')?.locked).toBe(true);
    expect(row.best?.book).not.toBe('fanduel');
  });

  it('gives a positive EV from the engine when one book beats the de-vigged consensus of 4+ books (DECISIONS 10)', () => {
    const e = event([
      { key: 'draftkings', h2h: [1.91, 1.91] },
      { key: 'fanduel', h2h: [1.9, 1.92] },
      { key: 'betmgm', h2h: [1.92, 1.9] },
      { key: 'williamhill_us', h2h: [1.91, 1.91] },
      { key: 'pinnacle', h2h: [2.15, 1.75] },
    ]);
    const home = buildEventRows(e, options).find((r) => r.market === 'h2h' && r.outcome === 'Home')!;
    expect(home.best?.book).toBe('pinnacle');
    expect(home.evPct).toBeGreaterThan(0);
    expect(home.fairProbability).toBeGreaterThan(0.45);
    // fewer than 4 complete books: no fair line, so no EV
    const thin = event(
      e.bookmakers.slice(0, 3).map((b) => ({
        key: b.key,
        h2h: [b.markets[0].outcomes[0].price, b.markets[0].outcomes[1].price] as [number, number],
      })),
    );
    expect(buildEventRows(thin, options).every((r) => r.evPct === null)).toBe(true);
  });

  // commission.ts: an exchange's price pays net of the user's commission, so its EV (and whether it is the best) is
  // worked on 1 + (decimal − 1) × (1 − commission); the fair line keeps the quoted prices
  it('works an exchange’s EV net of the user’s commission, the published rate when they set none', () => {
    const e = event([
      { key: 'draftkings', h2h: [1.91, 1.91] },
      { key: 'fanduel', h2h: [1.9, 1.92] },
      { key: 'betmgm', h2h: [1.92, 1.9] },
      { key: 'williamhill_us', h2h: [1.91, 1.91] },
      { key: 'pinnacle', h2h: [2.06, 1.8] },
      { key: 'betfair_ex_uk', h2h: [2.1, 1.78] },
    ]);
    const home = (commission?: Record<string, number>) =>
      buildEventRows(e, { ...options, commission }).find((r) => r.market === 'h2h' && r.outcome === 'Home')!;
    // Betfair's 2.10 pays 2.045 at its published 5 %: Pinnacle's 2.06 is the best price
    const published = home();
    const fair = published.fairProbability!;
    expect(published.best?.book).toBe('pinnacle');
    expect(published.evPct).toBeCloseTo((fair * 2.06 - 1) * 100, 10);
    const betfair = published.allBooks.find((b) => b.book === 'betfair_ex_uk')!;
    expect([betfair.decimal, betfair.commission]).toEqual([2.1, 0.05]);
    expect(betfair.evPct).toBeCloseTo((fair * 2.045 - 1) * 100, 10);
    // at the user's 2 % it pays 2.078, better than Pinnacle's 2.06: the row's best price and EV are Betfair's, net
    const mine = home({ betfair_ex_uk: 0.02 });
    expect(mine.fairProbability).toBe(fair);
    expect([mine.best?.book, mine.best?.commission]).toEqual(['betfair_ex_uk', 0.02]);
    expect(mine.evPct).toBeCloseTo((fair * 2.078 - 1) * 100, 10);
    expect(mine.allBooks.find((b) => b.book === 'pinnacle')?.commission).toBe(0);
  });

  it('builds combined Over/Under player props from a real recording, and needs both sides with a point', () => {
    const [game] = load('v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_ORL-at-CLE.json');
    const now = Date.parse('2024-02-22T23:58:00Z');
    const rows = buildEventRows(game, { mode: 'props', selectedBooks: [], now });
    expect(rows.length).toBeGreaterThan(10);
    const levert = rows.find(
      (r) => r.playerName === 'Caris LeVert' && r.point === 11.5 && r.market === 'player_points',
    )!;
    expect(levert.isCombinedProp).toBe(true);
    expect(levert.overBooks!.length).toBeGreaterThan(3);
    expect(levert.underBooks!.length).toBeGreaterThan(3);
    expect(['Over', 'Under']).toContain(levert.outcome);
    // no game-market rows in props mode, no prop rows in game mode
    expect(buildEventRows(game, { mode: 'game', selectedBooks: [], now })).toEqual([]);
    // an Over without its Under is not a combined prop: it stands alone, Over, at its books
    const oneSided: BoardEvent = {
      ...game,
      bookmakers: game.bookmakers.map((b) => ({
        ...b,
        markets: b.markets.map((m) => ({ ...m, outcomes: m.outcomes.filter((o) => o.name === 'Over') })),
      })),
    };
    const overs = buildEventRows(oneSided, { mode: 'props', selectedBooks: [], now });
    expect(overs.length).toBeGreaterThan(10);
    expect(overs.every((r) => !r.isCombinedProp && r.outcome === 'Over' && !r.overBooks)).toBe(true);
    const levertOver = overs.find((r) => r.playerName === 'Caris LeVert' && r.point === 11.5)!;
    expect(levertOver.allBooks.map((b) => b.book)).toEqual(levert.overBooks!.map((b) => b.book));
  });

  // spec 001 §5 locked market: a props market lists every player's lines, and a price beyond ±5000 locks that player's
  // lines at the book, as the engine reads them (lockedDescriptions), not every player's
  it("locks one player's lines at a book for a price beyond ±5000, not the book's whole props market", () => {
    const [game] = load('v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_ORL-at-CLE.json');
    const now = Date.parse('2024-02-22T23:58:00Z');
    const book = game.bookmakers[0].key;
    const far: BoardEvent = {
      ...game,
      bookmakers: game.bookmakers.map((b, i) =>
        i
          ? b
          : {
              ...b,
              markets: b.markets.map((m) => ({
                ...m,
                outcomes: m.outcomes.map((o) => (o.description === 'Caris LeVert' ? { ...o, price: 1.01 } : o)),
              })),
            },
      ),
    };
    const lockedAt = (player: string) =>
      buildEventRows(far, { mode: 'props', selectedBooks: [], now })
        .filter((r) => r.playerName === player)
        .flatMap((r) => [...r.overBooks!, ...r.underBooks!])
        .filter((b) => b.book === book)
        .map((b) => b.locked);
    expect(lockedAt('Caris LeVert').length).toBeGreaterThan(0);
    expect(lockedAt('Caris LeVert').every(Boolean)).toBe(true);
    const other = buildEventRows(game, { mode: 'props', selectedBooks: [], now }).find(
      (r) => r.playerName !== 'Caris LeVert' && r.overBooks!.some((b) => b.book === book),
    )!;
    expect(lockedAt(other.playerName!).some((locked) => !locked)).toBe(true);
  });

  // spec 001 §5: a combined prop (fair line by de-vig) needs both sides. onexbet quotes this recording's player_shots
  // only Over (253 lines): each line is listed with its price and best price, and no fair line or EV to de-vig from.
  it('lists a line quoted on one side only, with its best price and no fair line, from a real recording', () => {
    const [game] = load(
      'v4_event_odds_soccer_germany_bundesliga_eu-uk_h2h-h2h_lay-player_shots_decimal_2025-11-25.json',
    );
    const now = Date.parse('2025-11-25T18:20:00Z');
    const rows = buildEventRows(game, { mode: 'props', selectedBooks: [], now });
    // every open Over line: 226; three players' lines are locked by a price of 1.01 each (beyond −5000: spec 001 §5)
    expect(rows).toHaveLength(226);
    for (const row of rows) {
      expect(row).toMatchObject({ market: 'player_shots', outcome: 'Over', isCombinedProp: false });
      expect([row.evPct, row.fairProbability, row.best?.book]).toEqual([null, null, 'onexbet']);
    }
    const werner = rows.find((r) => r.playerName === 'Timo Werner' && r.point === 0.5)!;
    expect(werner.allBooks.map((b) => [b.book, b.decimal, b.locked, b.evPct])).toEqual([
      ['onexbet', 1.05, false, null],
    ]);
    expect(rows.some((r) => r.playerName === 'Tim Kleindienst')).toBe(false);
  });

  // spec 001 §5: one quote per book per side of a line, its best price. Caesars lists each line of this recording
  // twice (Cam Thomas 20.5 at −125/−109 and at −126/−114): one entry per book in a row's table, as the engine keeps
  it('lists a book once in a row, at its best price, when it quotes the line twice', () => {
    const [game] = load('v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_BKN-at-TOR.json');
    const now = Date.parse('2024-02-22T23:58:00Z');
    const rows = buildEventRows(game, { mode: 'props', selectedBooks: [], now });
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows)
      for (const books of [row.allBooks, row.overBooks!, row.underBooks!])
        expect(new Set(books.map((b) => b.book)).size).toBe(books.length);
    const thomas = rows.find((r) => r.playerName?.includes('Thomas') && r.point === 20.5)!;
    const caesars = (books: BookPrice[]) => books.filter((b) => b.book === 'williamhill_us').map((b) => b.decimal);
    expect(caesars(thomas.overBooks!)).toEqual([1 + 100 / 125]);
    expect(caesars(thomas.underBooks!)).toEqual([1 + 100 / 109]);
    // chosen books: the selected and the other lists hold it once too
    const chosen = buildEventRows(game, { mode: 'props', selectedBooks: ['williamhill_us'], now });
    const thomasChosen = chosen.find((r) => r.playerName === thomas.playerName && r.point === 20.5)!;
    expect(thomasChosen.selectedBooks.map((b) => b.book)).toEqual(['williamhill_us']);
    expect(new Set(thomasChosen.nonSelectedBooks.map((b) => b.book)).size).toBe(thomasChosen.nonSelectedBooks.length);
  });

  it('builds rows of a real NFL board, best EV first', () => {
    const events = load(
      'v4_odds_americanfootball_nfl_us-plus-betfair_h2h-spreads-totals-h2h_lay_american_2022-08-24.json',
    );
    const rows = buildRows(events, { ...options, now: Date.parse('2022-08-24T02:18:00Z') });
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.some((r) => r.market === 'h2h_lay')).toBe(false);
    const evs = rows.map((r) => r.evPct).filter((v): v is number => v !== null);
    expect(evs.length).toBeGreaterThan(0);
    expect([...evs].sort((a, b) => b - a)).toEqual(evs.slice(0, evs.length));
  });

  // spec 001 §2 mini table: up to 20 books in props mode, otherwise as many as the fixed book order holds (001 §5: 7)
  describe('the mini table of an open row', () => {
    const books = [
      'bovada',
      'betrivers',
      'pinnacle',
      'fanduel',
      'draftkings',
      'williamhill_us',
      'betmgm',
      'novig',
      'prophetx',
      'espnbet',
      'fanatics',
    ];
    const board = (best: string) =>
      event(books.map((key) => ({ key, spread: key === best ? [2.1, 1.8] : [1.91, 1.91] })));

    it('lists seven books in game mode, the preferred order first', () => {
      expect(miniTableLimit('game')).toBe(7);
      expect(miniTableLimit('props')).toBe(20);
      const row = buildEventRows(board('draftkings'), options).find(
        (r) => r.market === 'spreads' && r.outcome === 'Home',
      )!;
      expect(row.allBooks).toHaveLength(11);
      expect(miniTableBooks(row, 'game').map((b) => b.book)).toEqual([
        'draftkings',
        'fanduel',
        'williamhill_us',
        'betmgm',
        'pinnacle',
        'novig',
        'prophetx',
      ]);
      // props mode takes up to 20, so all 11
      expect(miniTableBooks(row, 'props')).toHaveLength(11);
      // The "4 more books" line opens to all of them, the seven first in their order
      const all = miniTableBooks(row, 'game', true).map((b) => b.book);
      expect(all).toHaveLength(11);
      expect(all.slice(0, 7)).toEqual([
        'draftkings',
        'fanduel',
        'williamhill_us',
        'betmgm',
        'pinnacle',
        'novig',
        'prophetx',
      ]);
    });

    it("puts the user's books first and always keeps the book of the row's best price", () => {
      const row = buildEventRows(board('fanatics'), {
        ...options,
        selectedBooks: ['bovada', 'betrivers', 'fanatics', 'espnbet', 'betmgm', 'fanduel', 'pinnacle', 'novig'],
      }).find((r) => r.market === 'spreads' && r.outcome === 'Home')!;
      expect(row.best?.book).toBe('fanatics');
      const shown = miniTableBooks(row, 'game').map((b) => b.book);
      expect(shown).toHaveLength(7);
      // the 8 selected books in the preferred order are fanduel, betmgm, pinnacle, novig, then betrivers, bovada, espnbet, fanatics by title:
      // the seventh place goes to fanatics, the best price, instead of espnbet
      expect(shown).toEqual(['fanduel', 'betmgm', 'pinnacle', 'novig', 'betrivers', 'bovada', 'fanatics']);
    });

    // The lowest-hold book is marked in the mini table, so it is always listed there
    it('always keeps the lowest-hold book too', () => {
      const spread = (key: string): [number, number] =>
        key === 'draftkings' ? [2.1, 1.8] : key === 'espnbet' ? [1.9, 2.0] : [1.91, 1.91];
      const row = buildEventRows(event(books.map((key) => ({ key, spread: spread(key) }))), options).find(
        (r) => r.market === 'spreads' && r.outcome === 'Home',
      )!;
      expect(row.best?.book).toBe('draftkings');
      // espnbet: 1 − 1/(1/1.9 + 1/2.0) = 2.56 %, below draftkings' 3.08 % and everyone else's 4.50 %
      expect(lowestHoldBook(row.allBooks)?.book).toBe('espnbet');
      expect(miniTableBooks(row, 'game').map((b) => b.book)).toEqual([
        'draftkings',
        'fanduel',
        'williamhill_us',
        'betmgm',
        'pinnacle',
        'novig',
        'espnbet',
      ]);
    });
  });
});

// Each book's hold (1 − 1/Σ implied, as Unabated's hold calculator gives it) beside its price, the lowest marked
describe('hold', () => {
  it('gives each book quoting every side its hold and market, and finds the lowest', () => {
    const rows = buildEventRows(
      event([
        { key: 'draftkings', h2h: [1 + 100 / 110, 1 + 100 / 110] }, // −110/−110: 4.55 %
        { key: 'pinnacle', h2h: [1 + 100 / 105, 1 + 100 / 105] }, // −105/−105: 1 − 1/1.02439 = 2.38 % (the overround is 2.44 %)
        { key: 'fanduel', h2h: [1 + 100 / 120, 2.0] }, // −120/+100: 1 − 1/(0.545455 + 0.5) = 4.35 %
      ]),
      { mode: 'game', selectedBooks: [], now: T0 },
    );
    const home = rows.find((r) => r.market === 'h2h' && r.outcome === 'Home')!;
    const hold = Object.fromEntries(home.allBooks.map((b) => [b.book, Math.round(b.hold! * 10_000) / 100]));
    expect(hold).toEqual({ draftkings: 4.55, pinnacle: 2.38, fanduel: 4.35 });
    expect(lowestHoldBook(home.allBooks)?.book).toBe('pinnacle');
    expect(home.allBooks.find((b) => b.book === 'fanduel')!.market).toEqual([
      { outcome: 'Home', decimal: 1 + 100 / 120 },
      { outcome: 'Away', decimal: 2.0 },
    ]);
  });

  it('has no hold for a book quoting one side only, and no lowest without one', () => {
    const rows = buildEventRows(
      event([
        { key: 'draftkings', total: [1.9, 1.9] },
        { key: 'fanduel', total: [1.95, 1.85] },
      ]),
      { mode: 'game', selectedBooks: [], now: T0 },
    );
    const over = rows.find((r) => r.outcome === 'Over')!;
    expect(over.allBooks.every((b) => b.hold !== null)).toBe(true);
    expect(lowestHoldBook([{ ...over.allBooks[0], hold: null }])).toBeNull();
  });
});
