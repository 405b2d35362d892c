import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  applyStreamMessage,
  newestUpdate,
  normaliseOddsApiV4,
  snapshotState,
  streamBoard,
  streamBoardEvents,
  type BoardEvent,
  type OddsStreamState,
  type StreamOdd,
} from '@oddspulse/shared';
import { seededRandom } from '@oddspulse/shared/testing';
import { answerIntake, mergeAnswer } from '../held-boards';
import { streamSnapshot } from '../../simulator/sim-stream';
import { StreamReadings } from './stream-readings';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'opticodds');
const RECORDED = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const BOS = '20261128-BOS-NYK';

function snapshot(): OddsStreamState {
  const payload: unknown = JSON.parse(readFileSync(join(FIXTURES, 'snapshot-basketball_nba.json'), 'utf8'));
  const state = snapshotState({ sport: 'basketball_nba', sportTitle: 'NBA', oddsFormat: 'american' }, payload, '1-0');
  if (typeof state === 'string') throw new Error(state);
  return state;
}

/** Moves the first odd of `sportsbook` in game BOS by `by`, as a stream message. */
function move(state: OddsStreamState, sportsbook: string, by: number, entry: number): void {
  const odd = state.odds.get(BOS)!.get(sportsbook)!.odds[0];
  const moved: StreamOdd = { ...odd, price: odd.price + by, timestamp: odd.timestamp + entry };
  const applied = applyStreamMessage(state, 'odds', JSON.stringify({ entry_id: `${entry}-0`, data: [moved] }));
  expect(applied).toMatchObject({ kind: 'applied', changed: [BOS] });
}

/**
 * One batch of BOS as the stream's session sends it: made through `readings`, merged into `board`; with what the
 * reading answered for each book it was asked of.
 */
function batch(readings: StreamReadings, state: OddsStreamState, board: BoardEvent[]) {
  const reading = readings.reading([BOS], answerIntake(board, new Set()));
  const known: unknown[] = [];
  const madeBefore: unknown[] = [];
  const made = streamBoardEvents(state, [BOS], {
    knownBook: (...args) => {
      const answer = reading.knownBook(...args);
      known.push(answer);
      return answer;
    },
    madeBefore: (...args) => {
      const answer = reading.madeBefore(...args);
      madeBefore.push(answer);
      return answer;
    },
    take: reading.take,
  });
  reading.keep();
  return { board: mergeAnswer(board, new Set([BOS]), made), made, known, madeBefore };
}

const book = (board: BoardEvent[], key: string) =>
  board.find((e) => e.id === BOS)!.bookmakers.find((b) => b.key === key);

describe('StreamReadings', () => {
  it("hands on the board's own book where its odds did not move, the game as the intake makes it whole", () => {
    const state = snapshot();
    const readings = new StreamReadings();
    const first = batch(readings, state, streamBoard(state).map(answerIntake(null, new Set())));
    // nothing made yet: every book made
    expect(first.known).toEqual([null, null]);
    const before = first.board;
    move(state, 'DraftKings', -10, 2);
    move(state, 'FanDuel', 5, 3);
    const second = batch(readings, state, before);
    expect(second.known).toEqual([null, null]);
    move(state, 'FanDuel', 5, 4);
    const third = batch(readings, state, second.board);
    // DraftKings did not move since the last batch: the board's very book, not made, normalised or compared again
    expect(third.known).toEqual([book(second.board, 'draftkings'), null]);
    expect(third.known[0]).toBe(book(second.board, 'draftkings'));
    const board = third.board;
    expect(book(board, 'draftkings')).toBe(book(second.board, 'draftkings'));
    expect(book(board, 'fanduel')).not.toBe(book(second.board, 'fanduel'));
    const whole = streamBoardEvents(state, [BOS]).map(answerIntake(second.board, new Set()));
    expect(board.find((e) => e.id === BOS)).toEqual(whole[0]);
    // a resync from the snapshot forgets every game
    readings.clear();
    move(state, 'FanDuel', 5, 5);
    expect(batch(readings, state, board).known).toEqual([null, null]);
  });

  it("makes only the market a message moved of a book, and hands the book's other markets on as they were", () => {
    const state = snapshot();
    const readings = new StreamReadings();
    const first = batch(readings, state, streamBoard(state).map(answerIntake(null, new Set())));
    // FanDuel's first odd is of its spread; its totals did not move
    move(state, 'FanDuel', 5, 2);
    const second = batch(readings, state, first.board);
    const before = book(first.board, 'fanduel')!;
    const after = book(second.board, 'fanduel')!;
    expect(second.madeBefore).toEqual([{ odds: expect.any(Array), book: before }]);
    expect(after.markets.map((m) => m.key)).toEqual(['spreads', 'totals']);
    expect(after.markets[0]).not.toBe(before.markets[0]);
    expect(after.markets[1]).toBe(before.markets[1]);
    expect(second.made).toEqual(streamBoardEvents(state, [BOS]).map(answerIntake(first.board, new Set())));
    // the book's last odd (of its totals) taken down: the odds before it stand in their places, and the totals are made
    // again without it
    const odds = state.odds.get(BOS)!.get('FanDuel')!.odds;
    const last = { ...odds[odds.length - 1], timestamp: odds[odds.length - 1].timestamp + 3 };
    const locked = applyStreamMessage(state, 'locked-odds', JSON.stringify({ entry_id: '3-0', data: [last] }));
    expect(locked).toMatchObject({ kind: 'applied', changed: [BOS] });
    const third = batch(readings, state, second.board);
    expect(book(third.board, 'fanduel')!.markets[1].outcomes).toHaveLength(after.markets[1].outcomes.length - 1);
    expect(third.made).toEqual(streamBoardEvents(state, [BOS]).map(answerIntake(second.board, new Set())));
  });

  it("takes a price a message took down off the board when another message of the batch added one to the book's other market", () => {
    const state = snapshot();
    const readings = new StreamReadings();
    const first = batch(readings, state, streamBoard(state).map(answerIntake(null, new Set())));
    // FanDuel lists a spread's two sides, then a total's: the spread's second side taken down, an alternate total added,
    // in one batch; the book holds as many odds as it was made of, its first in its place
    const [, awaySpread, over] = state.odds.get(BOS)!.get('FanDuel')!.odds;
    const locked = { ...awaySpread, timestamp: awaySpread.timestamp + 2 };
    const added: StreamOdd = { ...over, id: 'fanduel-total-alt', is_main: false, points: 230.5, timestamp: 3 };
    expect(applyStreamMessage(state, 'locked-odds', JSON.stringify({ entry_id: '2-0', data: [locked] }))).toMatchObject(
      {
        kind: 'applied',
      },
    );
    expect(applyStreamMessage(state, 'odds', JSON.stringify({ entry_id: '3-0', data: [added] }))).toMatchObject({
      kind: 'applied',
    });
    const second = batch(readings, state, first.board);
    const spreads = book(second.board, 'fanduel')!.markets.find((m) => m.key === 'spreads')!;
    expect(spreads.outcomes.map((o) => o.name)).toEqual(['Boston Celtics']);
    expect(second.made).toEqual(streamBoardEvents(state, [BOS]).map(answerIntake(first.board, new Set())));
  });

  it('finds a book that did not move in another place once a book before it left the game', () => {
    const state = snapshot();
    const readings = new StreamReadings();
    const first = batch(readings, state, streamBoard(state).map(answerIntake(null, new Set())));
    move(state, 'FanDuel', 5, 2);
    const second = batch(readings, state, first.board);
    // every odd of DraftKings, the game's first book, taken down: FanDuel, which did not move, is now the first asked
    const locked = state.odds
      .get(BOS)!
      .get('DraftKings')!
      .odds.map((odd) => ({ ...odd, timestamp: odd.timestamp + 3 }));
    const applied = applyStreamMessage(state, 'locked-odds', JSON.stringify({ entry_id: '3-0', data: locked }));
    expect(applied).toMatchObject({ kind: 'applied', changed: [BOS] });
    const third = batch(readings, state, second.board);
    expect(third.known).toEqual([book(second.board, 'fanduel')]);
    expect(third.known[0]).toBe(book(second.board, 'fanduel'));
    expect(book(third.board, 'draftkings')).toBeUndefined();
    expect(third.made).toEqual(streamBoardEvents(state, [BOS]).map(answerIntake(second.board, new Set())));
  });

  it('makes the game whole again once the board does not hold what it made (another worker wrote it)', () => {
    const state = snapshot();
    const readings = new StreamReadings();
    move(state, 'DraftKings', -10, 2);
    const { board: written } = batch(readings, state, streamBoard(state).map(answerIntake(null, new Set())));
    // the board read back from Redis: the same content, other objects
    const readBack = structuredClone(written);
    move(state, 'FanDuel', 5, 3);
    const { made, known } = batch(readings, state, readBack);
    expect(known).toEqual([null, null]);
    expect(book(made, 'draftkings')).not.toBe(book(written, 'draftkings'));
    expect(made).toEqual(streamBoardEvents(state, [BOS]).map(answerIntake(readBack, new Set())));
  });

  it('makes every game of random batches (moves, restated prices, take-downs, odds added) as the intake makes it whole', () => {
    // a recorded board of three markets a book, each game's books given as the stream's odds
    const file = 'v4_odds_americanfootball_nfl_us-plus-betfair_h2h-spreads-totals-h2h_lay_american_2022-08-24.json';
    const { events } = normaliseOddsApiV4(JSON.parse(readFileSync(join(RECORDED, file), 'utf8')) as unknown);
    // a few games, so that the messages of one batch often land on one book
    const games = events.slice(0, 3);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
      const state = snapshotState(
        { sport: 'nfl', sportTitle: 'NFL', oddsFormat: 'decimal' },
        streamSnapshot(games),
        '1-0',
      );
      if (typeof state === 'string') throw new Error(state);
      const readings = new StreamReadings();
      let board = streamBoard(state).map(answerIntake(null, new Set()));
      let entry = 1;
      let clock = Math.max(...games.map((game) => newestUpdate([game]) ?? 0)) / 1000;
      const takenDown: StreamOdd[] = [];
      for (let round = 0; round < 150; round++) {
        const changed = new Set<string>();
        for (let m = 1 + Math.floor(random() * 4); m > 0; m--) {
          const odds = [...state.odds.values()].flatMap((game) => [...game.values()].flatMap((b) => b.odds));
          const odd = pick(odds);
          const choice = random();
          clock += 1;
          const newer = { ...odd, timestamp: clock };
          let event = 'odds';
          let sent: StreamOdd = newer;
          if (choice < 0.35) sent = { ...newer, price: Math.round((odd.price + pick([-0.05, 0.05])) * 100) / 100 };
          else if (choice < 0.5)
            sent = newer; // the same price, restated later
          else if (choice < 0.7) {
            event = 'locked-odds';
            takenDown.push(odd);
          } else if (choice < 0.85 && takenDown.length) sent = { ...takenDown.splice(0, 1)[0], timestamp: clock };
          // an odd the book did not list: another line of the same market, as its alternate
          else sent = { ...newer, id: `${odd.id}:alt${entry}`, is_main: false, points: (odd.points ?? 0) + 0.5 };
          entry++;
          const applied = applyStreamMessage(state, event, JSON.stringify({ entry_id: `${entry}-0`, data: [sent] }));
          if (applied.kind !== 'applied') throw new Error(`seed ${seed}: ${applied.kind}`);
          for (const id of applied.changed) changed.add(id);
        }
        const ids = [...changed];
        const reading = readings.reading(ids, answerIntake(board, new Set()));
        const made = streamBoardEvents(state, ids, reading);
        reading.keep();
        const whole = streamBoardEvents(state, ids).map(answerIntake(board, new Set()));
        if (!isDeepStrictEqual(made, whole)) expect({ seed, round, made }).toEqual({ seed, round, made: whole });
        board = mergeAnswer(board, changed, made);
      }
    }
  });
});
