import { getHeapSpaceStatistics } from 'node:v8';
import {
  oddsApiV4BookKey,
  oddsApiV4BookTexts,
  oddsApiV4EventId,
  oddsApiV4EventTexts,
  type BoardBookmaker,
  type BoardEvent,
} from '@oddspulse/shared';
import { collectGarbage } from '../../../../test/support/collect-garbage';
import type { EventIntake } from '../../feeds/providers';
import { TextReadings } from './text-readings';

const SPORT = 'basketball_nba';
const text = (id: string, price = 1.9) => `{"id":"${id}","sport_key":"${SPORT}","price":${price}}`;
const event = (id: string): BoardEvent => ({
  id,
  sport_key: SPORT,
  sport_title: 'NBA',
  commence_time: '2026-03-01T18:00:00Z',
  home_team: 'Home',
  away_team: 'Away',
  bookmakers: [],
});

/** An intake that makes a new object of each event, and holds the objects of `board`. */
function intakeHolding(board: BoardEvent[]): EventIntake & { made: string[] } {
  const made: string[] = [];
  return Object.assign((e: BoardEvent) => (made.push(e.id), { ...e }), {
    made,
    holds: (e: BoardEvent) => board.includes(e),
  });
}

/** Reads an answer of `texts` (each event's id as its text starts), as the provider does, kept when `keep`. */
function read(readings: TextReadings, texts: string[], intake: EventIntake, sweep = true, keep = true): BoardEvent[] {
  const reading = readings.reading(SPORT, sweep, intake);
  const events = texts.map((t) => reading.knownEvent(t) ?? reading.take(event(t.slice(7, t.indexOf('"', 7))), t, null));
  if (keep) reading.keep();
  return events;
}

describe('TextReadings', () => {
  it('hands on what a text sent again was made into, without making it again, while the board holds it', () => {
    const readings = new TextReadings();
    const first = read(readings, [text('e1'), text('e2')], intakeHolding([]));
    const intake = intakeHolding(first);
    const second = read(readings, [text('e1'), text('e2', 2.1)], intake);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(intake.made).toEqual(['e2']);
  });

  it('makes a text again when the board no longer holds what it was made into (another write, a final)', () => {
    const readings = new TextReadings();
    read(readings, [text('e1')], intakeHolding([]));
    const intake = intakeHolding([]);
    read(readings, [text('e1')], intake);
    expect(intake.made).toEqual(['e1']);
  });

  it('makes every text again with an intake that cannot tell what it holds', () => {
    const readings = new TextReadings();
    const first = read(readings, [text('e1')], intakeHolding([]));
    const made: string[] = [];
    const second = read(readings, [text('e1')], (e) => (made.push(e.id), e));
    expect(made).toEqual(['e1']);
    expect(second[0]).not.toBe(first[0]);
  });

  it('remembers an answer only once it is kept', () => {
    const readings = new TextReadings();
    const refused = read(readings, [text('e1')], intakeHolding([]), true, false);
    const intake = intakeHolding(refused);
    read(readings, [text('e1')], intake);
    expect(intake.made).toEqual(['e1']);
  });

  it('forgets what a sweep leaves out, and remembers the other events across a poll by id', () => {
    const readings = new TextReadings();
    const board = read(readings, [text('e1'), text('e2')], intakeHolding([]));
    const byId = read(readings, [text('e2', 2.2)], intakeHolding(board), false);
    const intake = intakeHolding([board[0], byId[0]]);
    const after = read(readings, [text('e1'), text('e2', 2.2)], intake);
    expect(after).toEqual([board[0], byId[0]]);
    expect(after[0]).toBe(board[0]);
    expect(intake.made).toEqual([]);
    read(readings, [text('e2', 2.2)], intakeHolding(after));
    const last = intakeHolding(after);
    read(readings, [text('e1')], last);
    expect(last.made).toEqual(['e1']);
  });

  it("keeps no answer's body but the last: a text read again, and its books, are kept as the new answer's", () => {
    /** The bytes of the heap's large objects (an answer's body is one) that a full collection leaves. */
    const largeObjectBytes = () => {
      collectGarbage();
      return getHeapSpaceStatistics().find((space) => space.space_name === 'large_object_space')!.space_used_size;
    };
    const ids = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'];
    // a key long enough that a cut of it would be a slice of the body
    const bookmaker = { key: 'williamhill_us', title: 'Caesars', pad: 'x'.repeat(500_000) };
    const made: BoardBookmaker = { key: bookmaker.key, title: bookmaker.title, last_update: '', markets: [] };
    // event i moves at answer i and not after (its book does not), so each answer's text of some game, and of its book,
    // is read again in every later one
    const body = (answer: number) =>
      JSON.stringify(ids.map((id, i) => ({ id, sport_key: SPORT, moved: answer >= i, bookmakers: [bookmaker] })));
    const bodyBytes = body(0).length;
    const readings = new TextReadings();
    /** One answer read as the provider reads it, book by book; what it made of it, not its texts, outlives the call. */
    const readAnswer = (answer: number, board: BoardEvent[]) => {
      const reading = readings.reading(SPORT, true, intakeHolding(board));
      const events = oddsApiV4EventTexts(body(answer))!.map((text) => {
        const id = oddsApiV4EventId(text)!;
        const { books } = oddsApiV4BookTexts(text)!;
        const bookmakers = books.map((b) => reading.knownBook(id, b.text) ?? made);
        return reading.knownEvent(text) ?? reading.take({ ...event(id), bookmakers }, text, books);
      });
      reading.keep();
      return events;
    };
    let board: BoardEvent[] = [];
    const before = largeObjectBytes();
    for (let answer = 0; answer < ids.length; answer++) board = readAnswer(answer, board);
    expect(board).toHaveLength(ids.length);
    // the last answer's body, not one for each answer a game was last moved in
    expect(largeObjectBytes() - before).toBeLessThan(2 * bodyBytes);
  });

  describe('book by book', () => {
    const bookText = (key: string, price = 1.9) => `{"key":"${key}","title":"${key}","price":${price}}`;
    const book = (key: string): BoardBookmaker => ({
      key,
      title: key,
      last_update: '2026-03-01T18:00:00Z',
      markets: [],
    });
    /** Event e1 of `keys`' books, taken with their texts as an event read book by book is. */
    function readBooks(readings: TextReadings, texts: string[], intake: EventIntake) {
      const reading = readings.reading(SPORT, true, intake);
      const known = texts.map((t) => reading.knownBook('e1', t));
      const eventText = `{"id":"e1",${texts.join(',')}}`;
      const taken = reading.take(
        { ...event('e1'), bookmakers: texts.map((t, i) => known[i] ?? book(oddsApiV4BookKey(t)!)) },
        eventText,
        // each book's text where it lies in the event's: after `{"id":"e1",` and the books before it, each with its comma
        texts.map((t, i) => ({
          text: t,
          at: texts.slice(0, i).reduce((at, b) => at + b.length + 1, '{"id":"e1",'.length),
        })),
      );
      reading.keep();
      return { known, taken };
    }

    it('hands on the book a text sent again in a moved game was made into, while the board holds the game', () => {
      const readings = new TextReadings();
      const { taken: first } = readBooks(readings, [bookText('a'), bookText('b')], intakeHolding([]));
      const { known, taken } = readBooks(readings, [bookText('a'), bookText('b', 2.1)], intakeHolding([first]));
      expect(known[0]).toBe(first.bookmakers[0]);
      expect(known[1]).toBeNull();
      // what was handed on is remembered with its text for the next answer
      const { known: again } = readBooks(readings, [bookText('a'), bookText('b', 2.1)], intakeHolding([taken]));
      expect(again).toEqual([first.bookmakers[0], taken.bookmakers[1]]);
    });

    it('reads every book again once the board no longer holds the game, or when the game was parsed whole', () => {
      const readings = new TextReadings();
      readBooks(readings, [bookText('a')], intakeHolding([]));
      expect(readBooks(readings, [bookText('a')], intakeHolding([])).known).toEqual([null]);
      const whole = read(readings, [text('e1')], intakeHolding([]));
      expect(readBooks(readings, [bookText('a')], intakeHolding(whole)).known).toEqual([null]);
    });

    it('does not remember a book the intake did not keep in its place', () => {
      const readings = new TextReadings();
      const reorders = Object.assign((e: BoardEvent) => ({ ...e, bookmakers: [...e.bookmakers].reverse() }), {
        holds: () => true,
      });
      readBooks(readings, [bookText('a'), bookText('b')], reorders);
      expect(readBooks(readings, [bookText('a'), bookText('b')], reorders).known).toEqual([null, null]);
    });
  });
});
