import { americanToDecimal, diffBoards, packBoards, type BoardEvent, type SportBoard } from '@oddspulse/shared';
import { simBoard } from '../../../../test-support/sim-board';
import { applyBoardEnvelope, rowChanges } from '../rows/live-table';
import { DEFAULT_DEVIG_CHOICE } from '../../../state/devig-choice';
import {
  boardsFromPayload,
  loadedFromPayload,
  positionsFromPayload,
  rowSelection,
  rowsBuiltOnArrival,
  selectionKey,
} from './first-load';
import { buildLiveRows } from '../rows/live-rows';
import { buildRows } from '../rows/rows';

const SPORT = 'basketball_nba';
const T0 = Date.parse('2030-01-01T12:00:00Z');
// Whole seconds, as the pipeline stores times.
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString().replace('.000Z', 'Z');

type Quote = { key: string; spread: [number, number]; h2h: [number, number] };

/** American-quoted books (their decimals are 1.9090…-like) and an exchange on 2-decimal ticks, as the pipeline stores them. */
function board(quotes: Quote[], updated: string): SportBoard {
  const event: BoardEvent = {
    id: 'e1',
    sport_key: SPORT,
    sport_title: 'NBA',
    commence_time: iso(3_600_000),
    home_team: 'Boston Celtics',
    away_team: 'Miami Heat',
    bookmakers: quotes.map((q) => ({
      key: q.key,
      title: q.key,
      last_update: updated,
      markets: [
        {
          key: 'h2h',
          last_update: updated,
          outcomes: [
            { name: 'Boston Celtics', price: q.h2h[0] },
            { name: 'Miami Heat', price: q.h2h[1] },
          ],
        },
        {
          key: 'spreads',
          last_update: updated,
          outcomes: [
            { name: 'Boston Celtics', price: q.spread[0], point: -5.5 },
            { name: 'Miami Heat', price: q.spread[1], point: 5.5 },
          ],
        },
      ],
    })),
  };
  return { sport_key: SPORT, fetched_at: updated, events: [event] };
}

const am = (a: number, b: number): [number, number] => [americanToDecimal(a), americanToDecimal(b)];
const quotes: Quote[] = [
  { key: 'draftkings', spread: am(-110, -110), h2h: am(-230, 190) },
  { key: 'fanduel', spread: am(-108, -112), h2h: am(-225, 185) },
  { key: 'williamhill_us', spread: am(-115, -105), h2h: am(-240, 195) },
  { key: 'betmgm', spread: am(-105, -115), h2h: am(-220, 180) },
  { key: 'pinnacle', spread: am(-104, -106), h2h: am(-218, 198) },
  { key: 'novig', spread: [1.95, 1.93], h2h: [1.47, 2.95] },
];
const options = { mode: 'game' as const, selectedBooks: [], now: T0 };

// spec 001 §7: the first load over REST, then every change from the socket; the two must agree
describe('first load precision', () => {
  const current = board(quotes, iso(-10_000));

  /**
   * GET /api/boards?format=packed as the server answers it (the stored board, narrowed by whole books and markets,
   * packed: server/src/odds/odds.int-spec.ts), through JSON, read as the odds page reads it.
   */
  function firstLoad(): SportBoard {
    const body = JSON.parse(JSON.stringify(packBoards([current])));
    return boardsFromPayload(body, [SPORT], T0)[SPORT];
  }

  /** The same board reached by a pushed diff from an older board where Draftkings and Novig quoted other prices. */
  function afterPush(): SportBoard {
    const older = board(
      quotes.map((q) =>
        q.key === 'draftkings'
          ? { ...q, spread: am(-105, -115) }
          : q.key === 'novig'
            ? { ...q, h2h: [1.5, 2.9] as [number, number] }
            : q,
      ),
      iso(-10_000),
    );
    const { diff } = diffBoards(older, current);
    expect(diff?.events).toHaveLength(1);
    return applyBoardEnvelope({ [SPORT]: older }, SPORT, { type: 'board.diff', data: diff! })[SPORT];
  }

  it('loads every price exactly as the board holds it, American quotes and exchange ticks alike', () => {
    const loaded = firstLoad().events[0];
    for (const book of current.events[0].bookmakers) {
      for (const market of book.markets) {
        const got = loaded.bookmakers.find((b) => b.key === book.key)!.markets.find((m) => m.key === market.key)!;
        expect(got.outcomes.map((o) => o.price)).toEqual(market.outcomes.map((o) => o.price));
      }
    }
  });

  it('builds the same rows (prices, EV, fair line) from the first load as after a push with the same prices, so nothing flashes', () => {
    const loaded = buildRows(firstLoad().events, options);
    const pushed = buildRows(afterPush().events, options);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded).toEqual(pushed);
    const changes = rowChanges(loaded, pushed);
    expect(changes.rows.size + changes.books.size).toBe(0);
    // the spread row of the Celtics carries Draftkings' −110 exactly (1 + 100/110)
    const celtics = loaded.find((r) => r.market === 'spreads' && r.outcome === 'Boston Celtics')!;
    expect(celtics.allBooks.find((b) => b.book === 'draftkings')!.decimal).toBe(1 + 100 / 110);
    expect(celtics.evPct).not.toBeNull();
  });

  it('gives every sport asked for a board, and refuses a body of another shape', () => {
    const boards = boardsFromPayload(packBoards([current]), [SPORT, 'icehockey_nhl'], T0);
    expect(boards.icehockey_nhl).toEqual({
      sport_key: 'icehockey_nhl',
      fetched_at: new Date(T0).toISOString(),
      events: [],
    });
    // spec 001 §8: 'Invalid response format from server'
    for (const body of [
      null,
      [],
      current.events,
      { boards: [current] },
      { packed: 1, boards: [{ sport_key: SPORT }] },
      { packed: 1, boards: 'x' },
    ]) {
      expect(() => boardsFromPayload(body, [SPORT], T0)).toThrow('Invalid response format from server');
    }
  });

  // The simulator's straight bets and props as /sportsbooks loads them, links included: same boards, same rows
  it('reads the packed simulator boards back exactly, and builds the same rows from them', () => {
    for (const props of [false, true]) {
      const events = simBoard({ events: 12, seed: 18, now: T0, props });
      const boards = ['americanfootball_nfl', 'americanfootball_ncaaf'].map((sport) => ({
        sport_key: sport,
        fetched_at: iso(0),
        events: events.filter((e) => e.sport_key === sport),
      }));
      const loaded = boardsFromPayload(
        JSON.parse(JSON.stringify(packBoards(boards))),
        ['americanfootball_nfl', 'americanfootball_ncaaf'],
        T0,
      );
      expect(Object.values(loaded)).toStrictEqual(boards);
      const mode = props ? ('props' as const) : ('game' as const);
      expect(buildRows(loaded.americanfootball_nfl.events, { ...options, mode })).toEqual(
        buildRows(boards[0].events, { ...options, mode }),
      );
    }
  });

  // The live socket joins each sport's room from where its channel stood as the board was read
  it("reads each sport's channel position, and refuses a malformed one", () => {
    const positions = { [SPORT]: { seq: 41, epoch: 'mk3' }, icehockey_nhl: { seq: 0, epoch: null } };
    expect(positionsFromPayload({ ...packBoards([current]), positions })).toEqual(positions);
    expect(positionsFromPayload(packBoards([current]))).toEqual({});
    for (const bad of [
      [],
      'x',
      { [SPORT]: { seq: -1, epoch: 'e' } },
      { [SPORT]: { seq: 1.5, epoch: 'e' } },
      { [SPORT]: { seq: 1 } },
      { [SPORT]: null },
    ]) {
      expect(() => positionsFromPayload({ ...packBoards([current]), positions: bad })).toThrow(
        'Invalid response format from server',
      );
    }
  });
});

// A direct visit builds the table's rows as its boards arrive; the table takes them only for its very selection
describe('rows built as the first load arrives', () => {
  const events = simBoard({ events: 6, seed: 18, now: T0 });
  const boards = [
    {
      sport_key: 'americanfootball_nfl',
      fetched_at: iso(0),
      events: events.filter((e) => e.sport_key === 'americanfootball_nfl'),
    },
  ];
  const loaded = () => loadedFromPayload(JSON.parse(JSON.stringify(packBoards(boards))), ['americanfootball_nfl'], T0);

  it('builds the rows the table would build from the same boards at the same time', async () => {
    const selection = rowSelection(
      'game',
      ['draftkings', 'fanduel'],
      ['h2h', 'spreads', 'totals'],
      DEFAULT_DEVIG_CHOICE,
    );
    jest.useFakeTimers({ now: T0 + 1_000 });
    try {
      const early = await rowsBuiltOnArrival(selection)(loaded());
      expect(early.built?.selection).toBe(selectionKey(selection));
      const table = buildLiveRows(early.boards, { ...selection, now: T0 + 1_000 });
      expect(table.rows.length).toBeGreaterThan(0);
      expect(early.built?.table).toEqual(table);
      expect(early.boards).toEqual(loaded().boards);
    } finally {
      jest.useRealTimers();
    }
  });

  it('names a selection by its books, markets, mode and de-vig, so rows built for another are not taken', () => {
    const base = rowSelection('game', ['draftkings'], ['h2h'], DEFAULT_DEVIG_CHOICE);
    expect(selectionKey(rowSelection('game', ['draftkings'], ['h2h'], { ...DEFAULT_DEVIG_CHOICE }))).toBe(
      selectionKey(base),
    );
    for (const other of [
      rowSelection('props', ['draftkings'], ['h2h'], DEFAULT_DEVIG_CHOICE),
      rowSelection('game', ['fanduel'], ['h2h'], DEFAULT_DEVIG_CHOICE),
      rowSelection('game', [], ['h2h'], DEFAULT_DEVIG_CHOICE),
      rowSelection('game', ['draftkings'], ['h2h', 'totals'], DEFAULT_DEVIG_CHOICE),
      rowSelection('game', ['draftkings'], ['h2h'], { method: 'power', blend: DEFAULT_DEVIG_CHOICE.blend }),
      rowSelection('game', ['draftkings'], ['h2h'], { method: 'blend', blend: ['power'] }),
    ])
      expect(selectionKey(other)).not.toBe(selectionKey(base));
  });

  it('leaves the method and blend to the rows defaults when no de-vig choice is given, and an empty blend unset', () => {
    expect(rowSelection('game', [], [])).toEqual({
      mode: 'game',
      selectedBooks: [],
      markets: [],
      method: undefined,
      blend: undefined,
    });
    expect(rowSelection('game', [], [], { method: 'blend', blend: [] }).blend).toBeUndefined();
  });
});
