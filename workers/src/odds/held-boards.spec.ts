import type { BoardEvent, SportBoard } from '@oddspulse/shared';
import { HeldBoards, UNMOVED_RESTAMP_MS, UnmovedMarkets, answerIntake, mergeAnswer, sameSchedule } from './held-boards';

const at = (ms: number) => new Date(Date.parse('2026-03-01T18:00:00Z') + ms).toISOString().replace('.000Z', 'Z');

function event(time: string, price = 2.1): BoardEvent {
  return {
    id: 'e1',
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: at(3_600_000),
    home_team: 'A',
    away_team: 'B',
    bookmakers: [
      {
        key: 'fanduel',
        title: 'FanDuel',
        last_update: time,
        markets: [
          {
            key: 'h2h',
            last_update: time,
            outcomes: [
              { name: 'A', price },
              { name: 'B', price: 1.8 },
            ],
          },
          {
            key: 'totals',
            last_update: time,
            outcomes: [
              { name: 'Over', price: 1.9, point: 220.5 },
              { name: 'Under', price: 1.9, point: 220.5 },
            ],
          },
        ],
      },
    ],
  };
}

// A feed restamping markets whose prices did not move: the stored objects stay, so nothing is written again.
describe('UnmovedMarkets', () => {
  it('keeps an event whose prices did not move as the object stored, whatever its update times say', () => {
    const stored = event(at(0));
    const kept = new UnmovedMarkets([stored]).keep(event(at(30_000)));
    expect(kept).toBe(stored);
  });

  it('takes a moved market with its new time, and keeps the unmoved one beside it', () => {
    const stored = event(at(0));
    const next = new UnmovedMarkets([stored]).keep(event(at(30_000), 2.2));
    expect(next).not.toBe(stored);
    const [h2h, totals] = next.bookmakers[0].markets;
    expect(h2h).toMatchObject({ last_update: at(30_000), outcomes: [{ price: 2.2 }, { price: 1.8 }] });
    expect(totals).toBe(stored.bookmakers[0].markets[1]);
    expect(next.bookmakers[0].last_update).toBe(at(30_000));
  });

  it('writes an unmoved market again once the feed’s time is a minute past the stored one, or behind it', () => {
    const stored = event(at(0));
    const unmoved = new UnmovedMarkets([stored]);
    const late = unmoved.keep(event(at(UNMOVED_RESTAMP_MS)));
    expect(late).not.toBe(stored);
    expect(late.bookmakers[0].markets.map((m) => m.last_update)).toEqual([at(60_000), at(60_000)]);
    const earlier = unmoved.keep(event(at(-1_000)));
    expect(earlier.bookmakers[0].markets.map((m) => m.last_update)).toEqual([at(-1_000), at(-1_000)]);
  });

  it('passes over an event with nothing before it', () => {
    const fresh = event(at(0));
    expect(new UnmovedMarkets(null).keep(fresh)).toBe(fresh);
    expect(new UnmovedMarkets([{ ...event(at(0)), id: 'e2' }]).keep(fresh)).toBe(fresh);
  });
});

// Each event of an answer as the pipeline takes it in, as the provider reads it.
describe('answerIntake', () => {
  it('marks a game its scoreboard says is final, settles its links and keeps what did not move', () => {
    const stored = event(at(0));
    const intake = answerIntake([stored], new Set(['e1']));
    const taken = intake(event(at(30_000), 2.2));
    expect(taken.completed).toBe(true);
    // the book's site where the feed gave no link
    expect(taken.bookmakers[0].link).toMatch(/^https:\/\//);
    expect(taken.bookmakers[0].markets[1]).toBe(stored.bookmakers[0].markets[1]);
    expect(taken.bookmakers[0].markets[0].outcomes[0].price).toBe(2.2);
  });

  it('keeps an unmoved event whole, and leaves a game not final open', () => {
    const stored = { ...event(at(0)), bookmakers: answerIntake(null, new Set())(event(at(0))).bookmakers };
    const intake = answerIntake([stored], new Set());
    expect(intake(event(at(30_000)))).toBe(stored);
    expect(intake({ ...event(at(0)), id: 'e2' }).completed).toBeUndefined();
  });

  it("settles a book the feed sent, and leaves a book handed on as the previous board's very object as it was", () => {
    const stored = event(at(0));
    // a link settling would replace: the stored book was settled when its board was taken in, and is not touched again
    stored.bookmakers[0].link = 'https://elsewhere.example/fanduel';
    const intake = answerIntake([stored], new Set());
    const handedOn = intake({ ...event(at(0), 2.2), bookmakers: [stored.bookmakers[0]] });
    expect(handedOn.bookmakers[0]).toBe(stored.bookmakers[0]);
    expect(stored.bookmakers[0].link).toBe('https://elsewhere.example/fanduel');
    const sent = intake({
      ...event(at(0)),
      bookmakers: [{ ...event(at(0)).bookmakers[0], link: stored.bookmakers[0].link }],
    });
    expect(sent.bookmakers[0].link).not.toBe('https://elsewhere.example/fanduel');
  });

  it("settles a book made anew but for a market handed on as the previous board's very object, which it leaves as it was", () => {
    const stored = event(at(0));
    const [h2h, totals] = stored.bookmakers[0].markets;
    // links settling would take away: the stored market was settled when its board was taken in, and is not touched
    totals.outcomes[0].link = 'https://elsewhere.example/over';
    const intake = answerIntake([stored], new Set());
    const moved = {
      ...h2h,
      outcomes: [{ name: 'A', price: 2.2, link: 'https://elsewhere.example/a' }, h2h.outcomes[1]],
    };
    const taken = intake({ ...event(at(0)), bookmakers: [{ ...stored.bookmakers[0], markets: [moved, totals] }] });
    expect(totals.outcomes[0].link).toBe('https://elsewhere.example/over');
    expect(taken.bookmakers[0].markets[1]).toBe(totals);
    // the market sent was settled
    expect(taken.bookmakers[0].markets[0].outcomes[0].link).not.toBe('https://elsewhere.example/a');
    expect(taken.bookmakers[0].markets[0].outcomes[0].price).toBe(2.2);
  });

  it("holds the previous board's very events while their final mark is still the scoreboard's", () => {
    const open = event(at(0));
    const final = { ...event(at(0)), id: 'e2', completed: true };
    expect(answerIntake([open, final], new Set(['e2'])).holds!(open)).toBe(true);
    expect(answerIntake([open, final], new Set(['e2'])).holds!(final)).toBe(true);
    expect(answerIntake([open, final], new Set(['e2'])).holds!({ ...open })).toBe(false);
    // the scoreboard turned the game final, or took its final back
    expect(answerIntake([open, final], new Set(['e1', 'e2'])).holds!(open)).toBe(false);
    expect(answerIntake([open, final], new Set()).holds!(final)).toBe(false);
    expect(answerIntake(null, new Set()).holds!(open)).toBe(false);
  });
});

// The one rule of where a poll starts: the held board while Redis's stamp names it, else Redis's, a basis when by market.
describe('mergeAnswer', () => {
  const game = (id: string, price = 2.1): BoardEvent => ({ ...event(at(0), price), id });
  const [a, b, c] = ['a', 'b', 'c'].map((id) => game(id));
  const ids = (board: BoardEvent[]) => board.map((e) => `${e.id}@${e.bookmakers[0].markets[0].outcomes[0].price}`);

  it('puts each game asked for and answered in its place, and keeps the others as the very objects they were', () => {
    const merged = mergeAnswer([a, b, c], new Set(['c', 'a']), [game('c', 3), game('a', 4)]);
    expect(ids(merged)).toEqual(['a@4', 'b@2.1', 'c@3']);
    expect(merged[1]).toBe(b);
    // the board it makes merges again: its games found in their places
    expect(ids(mergeAnswer(merged, new Set(['b']), [game('b', 5)]))).toEqual(['a@4', 'b@5', 'c@3']);
  });

  it('takes a game asked for and not answered off the board, and puts a game new to it last', () => {
    expect(ids(mergeAnswer([a, b, c], new Set(['b']), []))).toEqual(['a@2.1', 'c@2.1']);
    expect(ids(mergeAnswer([a, b], new Set(['a', 'c']), [game('c', 3), game('a', 4)]))).toEqual([
      'a@4',
      'b@2.1',
      'c@3',
    ]);
    expect(ids(mergeAnswer([a, b], new Set(['a', 'b']), [game('a', 4), game('a', 5)]))).toEqual(['a@5']);
  });
});

describe('sameSchedule', () => {
  const game = (id: string, price = 2.1): BoardEvent => ({ ...event(at(0), price), id });
  const [a, b] = ['a', 'b'].map((id) => game(id));

  it('holds while the games, their order, starts and final marks hold, whatever their prices', () => {
    expect(sameSchedule([a, b], [a, game('b', 3)])).toBe(true);
    expect(sameSchedule([a, b], [a, { ...b, commence_time: at(7_200_000) }])).toBe(false);
    expect(sameSchedule([a, b], [a, { ...b, completed: true }])).toBe(false);
    expect(sameSchedule([a, b], [b, a])).toBe(false);
    expect(sameSchedule([a, b], [a])).toBe(false);
  });
});

describe('HeldBoards.startingBoard', () => {
  const board = (fetchedAt: string): SportBoard => ({
    sport_key: 'basketball_nba',
    fetched_at: fetchedAt,
    events: [event(at(0))],
  });
  const stored = board(at(-30_000));
  const reads: string[] = [];
  const state = {
    storedBoard: async (kind: 'odds' | 'props', sport: string) => {
      reads.push(`${kind}:${sport}`);
      return { board: stored, isBasis: true };
    },
  };
  beforeEach(() => (reads.length = 0));

  it("starts from the held board, with the stamp's freshness, while the stamp names its revision", async () => {
    const held = new HeldBoards();
    held.hold('odds', board(at(0)), 'r1');
    const start = await held.startingBoard(
      'odds',
      'basketball_nba',
      { fetched_at: at(5_000), stale_since: null, revision: 'r1' },
      state,
    );
    expect(start.readBack).toBe(false);
    expect(start.previous?.fetched_at).toBe(at(5_000));
    expect(start.basis).toBe(start.previous);
    expect(reads).toEqual([]);
  });

  it('reads the board back when another process wrote it since, and writes whole one stored whole', async () => {
    const held = new HeldBoards();
    held.hold('odds', board(at(0)), 'r1');
    const stamp = { fetched_at: at(5_000), stale_since: null, revision: 'r2' };
    const start = await held.startingBoard('odds', 'basketball_nba', stamp, state);
    expect(start).toEqual({ previous: stored, basis: stored, readBack: true });
    expect(reads).toEqual(['odds:basketball_nba']);
    const whole = await held.startingBoard('odds', 'basketball_nba', stamp, {
      storedBoard: async () => ({ board: stored, isBasis: false }),
    });
    expect(whole).toEqual({ previous: stored, basis: null, readBack: true });
    const none = await held.startingBoard('props', 'basketball_nba', null, { storedBoard: async () => null });
    expect(none).toEqual({ previous: null, basis: null, readBack: false });
  });
});
