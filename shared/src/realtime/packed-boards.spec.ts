import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardEvent, SportBoard } from '../domain/odds';
import { settleBookLinks } from '../domain/books/book-links';
import { InvalidOddsPayloadError, normaliseOddsApiV4 } from '../feeds/odds-api-v4';
import { americanToDecimal } from '../engine/odds/odds-format';
import { packBoards, unpackBoards } from './packed-boards';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const BOARDS = readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'));

/** A recorded answer as the pipeline keeps it (links settled, spec 001 §3), with and without the books' ids. */
function recordedBoard(file: string): SportBoard {
  const { events } = normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')));
  return { sport_key: events[0].sport_key, fetched_at: '2026-10-04T16:00:00.000Z', events: settleBookLinks(events) };
}

/** Through JSON and back, as the browser receives it. */
const overTheWire = (boards: SportBoard[]) => unpackBoards(JSON.parse(JSON.stringify(packBoards(boards))));

/** Every optional field of every level, present on some and absent on others. */
const EVERY_FIELD: SportBoard = {
  sport_key: 'americanfootball_nfl',
  fetched_at: '2026-10-04T16:00:00.000Z',
  stale_since: '2026-10-04T15:58:00.000Z',
  events: [
    {
      id: 'e1',
      sport_key: 'americanfootball_nfl',
      sport_title: 'NFL',
      commence_time: '2026-10-04T17:00:00Z',
      home_team: 'Bears',
      away_team: 'Lions',
      completed: false,
      bookmakers: [
        {
          key: 'draftkings',
          title: 'DraftKings',
          last_update: '2026-10-04T15:59:00Z',
          link: 'https://sportsbook.draftkings.com/',
          sid: '42',
          markets: [
            {
              key: 'h2h',
              last_update: '2026-10-04T15:59:00Z',
              outcomes: [
                {
                  name: 'Bears',
                  price: americanToDecimal(-110),
                  link: 'https://sportsbook.draftkings.com/event/42?outcomes=0017',
                  sid: '0017',
                },
                {
                  name: 'Lions',
                  price: 2.0300000000000002,
                  bet_limit: 500,
                  link: 'https://sportsbook.draftkings.com/event/42?outcomes=18',
                },
              ],
              link: 'https://sportsbook.draftkings.com/event/42',
              sid: 'm.1',
            },
            {
              key: 'team_totals',
              last_update: '2026-10-04T15:58:30Z',
              outcomes: [
                { name: 'Over', description: 'Bears', price: 1.91, point: 20.5 },
                { name: 'Under', description: 'Bears', price: 1.9090909, point: 20.5 },
                { name: 'Over', price: 151, point: 0 },
                { name: 'Yes', description: 'Lions', price: 100.5 },
              ],
            },
            {
              key: 'h2h_lay',
              last_update: '2026-10-04T15:59:00Z',
              outcomes: [{ name: 'Bears', price: 1.0001, link: 'https://sportsbook.draftkings.com/x|y|' }],
            },
          ],
        },
        {
          key: 'fanduel',
          title: 'FanDuel',
          last_update: '2026-10-04T15:57:00Z',
          markets: [
            {
              key: 'h2h',
              last_update: '2026-10-04T15:57:00Z',
              outcomes: [
                { name: 'Bears', price: 1.5, link: 'https://sportsbook.draftkings.com/x|7|' },
                { name: 'Lions', price: 2.75, link: 'https://sportsbook.draftkings.com/x|8|' },
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'e2',
      sport_key: 'americanfootball_nfl',
      sport_title: 'NFL',
      commence_time: '',
      home_team: '',
      away_team: '',
      completed: true,
      bookmakers: [],
    },
  ],
};

// The packed first load of GET /api/boards (spec 001 §7) is the same boards in fewer brotli bytes
describe('packBoards / unpackBoards', () => {
  it.each(BOARDS)('%s: the round trip gives the same boards, with and without the books ids', (file) => {
    const board = recordedBoard(file);
    expect(overTheWire([board])).toStrictEqual([board]);
    const withoutIds = JSON.parse(
      JSON.stringify(board, (key, value: unknown) => (key === 'sid' ? undefined : value)),
    ) as SportBoard;
    expect(overTheWire([withoutIds, board])).toStrictEqual([withoutIds, board]);
  });

  it('keeps every optional field present or absent as it was, and every price the same double', () => {
    expect(overTheWire([EVERY_FIELD])).toStrictEqual([EVERY_FIELD]);
    expect(overTheWire([])).toStrictEqual([]);
  });

  it('writes prices quoted in American as American integers, and other decimals as they are', () => {
    const [board] = packBoards([EVERY_FIELD]).boards;
    expect(board.outcomes.p.slice(0, 6)).toEqual([-110, 103, 1.91, 1.9090909, 15000, 9950]);
    // a market as old as its bookmaker says nothing of its time
    expect(board.markets.u).toEqual([null, '2026-10-04T15:58:30Z', null, null]);
  });

  /** EVERY_FIELD's board with a third event: FanDuel alone, the same teams the other way round. */
  const threeEvents = (): SportBoard => {
    const [first, empty] = EVERY_FIELD.events;
    const fanduel = first.bookmakers[1];
    const swapped = {
      ...fanduel,
      markets: fanduel.markets.map((m) => ({ ...m, outcomes: [...m.outcomes].reverse() })),
    };
    return { ...EVERY_FIELD, events: [first, empty, { ...first, id: 'e3', bookmakers: [swapped] }] };
  };

  it("lists the board's markets event after event and book after book, the outcomes market after market, the names once per event", () => {
    const board = packBoards([threeEvents()]).boards[0];
    expect(board.events.map((event) => event.books.map((book) => [book.key, book.m]))).toEqual([
      [
        ['draftkings', 3],
        ['fanduel', 1],
      ],
      [],
      [['fanduel', 1]],
    ]);
    expect(board.markets.k).toEqual(['h2h', 'team_totals', 'h2h_lay', 'h2h', 'h2h']);
    expect(board.markets.c).toEqual([2, 4, 1, 2, 2]);
    expect(board.events.map((event) => event.names)).toEqual([
      ['Bears', 'Lions', 'Over', 'Under', 'Yes'],
      [],
      ['Lions', 'Bears'],
    ]);
    // indexes into each event's own names
    expect(board.outcomes.n).toEqual([0, 1, 2, 3, 2, 4, 0, 0, 1, 0, 1]);
    expect(overTheWire([threeEvents()])).toStrictEqual([threeEvents()]);
    expect(packBoards([{ ...EVERY_FIELD, events: [EVERY_FIELD.events[1]] }]).boards[0]).toMatchObject({
      markets: { k: [], c: [] },
      outcomes: { n: [], p: [] },
    });
  });

  it("writes an outcome link as its market's common prefix and suffix, the prefix once while it repeats (from one event to the next), and the outcome id", () => {
    const [board] = packBoards([threeEvents()]).boards;
    expect(board.markets.lp).toEqual([
      'https://sportsbook.draftkings.com/event/42?outcomes=',
      null,
      'https://sportsbook.draftkings.com/x|',
      null,
      null,
    ]);
    expect(board.markets.ls).toEqual(['', '', '|', '|', '|']);
    expect(board.outcomes.l).toEqual(['0017', 18, null, null, null, null, 'y', 7, 8, 8, 7]);
  });

  it('refuses a price that is not a decimal price', () => {
    const event: BoardEvent = {
      ...EVERY_FIELD.events[1],
      bookmakers: [
        {
          key: 'x',
          title: 'X',
          last_update: '',
          markets: [{ key: 'h2h', last_update: '', outcomes: [{ name: 'A', price: -150 }] }],
        },
      ],
    };
    expect(() => packBoards([{ ...EVERY_FIELD, events: [event] }])).toThrow(RangeError);
  });

  describe('rejects a malformed payload as an invalid response', () => {
    /** The packed form as parsed JSON, loose enough to spoil. */
    interface Spoilable {
      packed: unknown;
      boards: Array<{
        fetched_at?: string;
        events: Array<{
          names?: string[];
          completed?: unknown;
          books: Array<{ u?: string; m: unknown }>;
        }>;
        markets: Record<string, unknown[]>;
        outcomes?: Record<string, unknown[]>;
      }>;
    }
    const good = () => JSON.parse(JSON.stringify(packBoards([EVERY_FIELD]))) as Spoilable;
    const event = (packed: Spoilable) => packed.boards[0].events[0];
    const markets = (packed: Spoilable) => packed.boards[0].markets;
    const outcomes = (packed: Spoilable) => packed.boards[0].outcomes!;
    const cases: Array<[string, (packed: Spoilable) => unknown]> = [
      ['not an object', () => [1, 2]],
      ['null', () => null],
      ['the plain form', () => ({ boards: [EVERY_FIELD] })],
      ['another version', (p) => ({ ...p, packed: 2 })],
      ['boards not a list', (p) => ({ ...p, boards: {} })],
      ['a board without fetched_at', (p) => (delete p.boards[0].fetched_at, p)],
      ['an event without its names', (p) => (delete p.boards[0].events[0].names, p)],
      ['a name index outside the table', (p) => ((outcomes(p).n[0] = 99), p)],
      ['a description index that is not a number', (p) => ((outcomes(p).d[2] = 'Bears'), p)],
      ['a price that is a string', (p) => ((outcomes(p).p[0] = '-110'), p)],
      ['a price column shorter than the names', (p) => (outcomes(p).p.pop(), p)],
      ['a link column longer than the names', (p) => (outcomes(p).l.push('1'), p)],
      ['a link middle that is an object', (p) => ((outcomes(p).l[0] = {}), p)],
      ['outcome counts that do not add up', (p) => ((markets(p).c[0] = 3), p)],
      ['a market count that is negative', (p) => ((event(p).books[0].m = -1), p)],
      ['books that own more markets than there are', (p) => ((event(p).books[1].m = 2), p)],
      ['markets that no book owns', (p) => ((event(p).books[1].m = 0), p)],
      ['a market column shorter than the keys', (p) => (markets(p).u.pop(), p)],
      ['a board without its outcomes', (p) => (delete p.boards[0].outcomes, p)],
      ['a bookmaker without its time', (p) => (delete p.boards[0].events[0].books[0].u, p)],
      ['completed that is not a boolean', (p) => ((p.boards[0].events[0].completed = 'no'), p)],
      ['a point that is a string', (p) => ((outcomes(p).x[2] = '20.5'), p)],
    ];
    it.each(cases)('%s', (_, spoil) => {
      expect(() => unpackBoards(spoil(good()))).toThrow(InvalidOddsPayloadError);
    });
  });
});
