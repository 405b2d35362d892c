import type { BoardEvent } from '@oddspulse/shared';
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
  const events = texts.map((t) => reading.known(t) ?? reading.take(event(t.slice(7, t.indexOf('"', 7))), t));
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
});
