import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPickGame, offScheduleText, type ScoreboardEvent } from '@oddspulse/shared';
import { mapEspnScoreboard } from './espn-scoreboard.mapper';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures');
const MLB = 'baseball_mlb';
const MLB_FILE = 'scoreboard_baseball_mlb_2022-09-17_live-final-scheduled.json';
const MLS = 'soccer_usa_mls';
const MLS_FILE = 'scoreboard_soccer_usa.1_mls_2022-09-17_live-final-scheduled.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const recorded = (file: string): Json => JSON.parse(readFileSync(join(FIXTURES, 'espn', file), 'utf8'));

/** ESPN's status types of a game called off: state "post", completed false (the scores stay "0"). */
const POSTPONED = {
  id: '6',
  name: 'STATUS_POSTPONED',
  state: 'post',
  completed: false,
  description: 'Postponed',
  detail: 'Postponed',
  shortDetail: 'Postponed',
};
const CANCELED = {
  id: '5',
  name: 'STATUS_CANCELED',
  state: 'post',
  completed: false,
  description: 'Canceled',
  detail: 'Canceled',
  shortDetail: 'Canceled',
};

/** The recorded scoreboard with one game's status (event and competition) replaced. */
function withStatus(file: string, id: string, type: Json): Json {
  const board = recorded(file);
  const event = (board.events as Json[]).find((e) => e.id === id)!;
  event.status = { ...event.status, type };
  event.competitions[0].status = { ...event.competitions[0].status, type };
  return board;
}

/** The board's games as the settlement worker looks a pick's game up among them: final or not. */
function candidates(board: ScoreboardEvent[]) {
  return board.map((g) => ({
    game_id: g.id,
    home_team: g.home_team,
    away_team: g.away_team,
    commence_time: g.commence_time,
    final: g.status === 'final',
  }));
}

// Spec 002 §4: completed flag, or status 'final', gives final; live gives in progress; otherwise scheduled.
describe('mapEspnScoreboard — game status (spec 002 §4)', () => {
  it('maps the recorded MLB 2022-09-17 board: 3 finals with their scores, 3 live, the rest scheduled', () => {
    const board = mapEspnScoreboard(recorded(MLB_FILE), MLB);
    expect(board.filter((g) => g.status === 'final').map((g) => [g.away_team, g.away_score, g.home_score])).toEqual(
      expect.arrayContaining([['Colorado Rockies', 3, 1]]),
    );
    expect(board.map((g) => g.status).sort()).toEqual([
      ...Array<string>(3).fill('final'),
      ...Array<string>(3).fill('in_progress'),
      ...Array<string>(11).fill('scheduled'),
    ]);
    for (const g of board) expect(g.completed).toBe(g.status === 'final');
  });

  // Recorded New York Yankees @ Milwaukee Brewers (401356378), its status set to ESPN's postponed and cancelled ones.
  it.each([
    ['postponed', POSTPONED],
    ['cancelled', CANCELED],
  ])('a %s game is not final and not live: scheduled, no score, ESPN’s detail kept', (_, type) => {
    const board = mapEspnScoreboard(withStatus(MLB_FILE, '401356378', type), MLB);
    const game = board.find((g) => g.id === '401356378')!;
    expect(game).toMatchObject({
      away_team: 'New York Yankees',
      home_team: 'Milwaukee Brewers',
      status: 'scheduled',
      completed: false,
      live: false,
      scores: { home: null, away: null },
      home_score: null,
      away_score: null,
      clock: null,
      status_type: { name: type.name, detail: type.shortDetail, completed: false },
    });
  });

  // ESPN's status types of a game held up or stopped: suspended (state "post"), delayed before it starts (state "pre")
  const SUSPENDED = {
    ...POSTPONED,
    id: '46',
    name: 'STATUS_SUSPENDED',
    description: 'Suspended',
    shortDetail: 'Suspended',
  };
  const DELAYED = { ...POSTPONED, id: '7', name: 'STATUS_DELAYED', state: 'pre', shortDetail: 'Delayed' };

  // The scores card showed such a game's listed start time alone, as an upcoming game; it shows ESPN's word instead.
  it.each([
    ['postponed', POSTPONED, 'Postponed'],
    ['cancelled', CANCELED, 'Canceled'],
    ['suspended', SUSPENDED, 'Suspended'],
    ['delayed', DELAYED, 'Delayed'],
  ])(
    'a %s game reads as such, not as upcoming; the recorded scheduled games keep their start time',
    (_, type, word) => {
      const board = mapEspnScoreboard(withStatus(MLB_FILE, '401356378', type), MLB);
      expect(offScheduleText(board.find((g) => g.id === '401356378')!)).toBe(word);
      const others = board.filter((g) => g.id !== '401356378');
      expect(others.map(offScheduleText)).toEqual(others.map(() => null));
    },
  );

  // As a 0-0 final the game settled Under 8.5 won, the moneyline a push, Yankees -1.5 lost and Brewers +1.5 won.
  it.each([
    ['postponed', POSTPONED],
    ['cancelled', CANCELED],
  ])('a pick on a %s game stays pending: the game is not final', (_, type) => {
    const board = mapEspnScoreboard(withStatus(MLB_FILE, '401356378', type), MLB);
    const pick = { game: 'New York Yankees @ Milwaukee Brewers', dateAdded: '2022-09-17T12:00:00Z', sport: MLB };
    expect(findPickGame(pick, candidates(board))).toEqual({ game: null, reason: 'not_final' });
  });

  // Recorded MLS 2022-09-17: a scheduled game postponed; a Draw pick would have won on its 0-0.
  it('a postponed soccer game does not settle a Draw pick', () => {
    const raw = recorded(MLS_FILE);
    const scheduled = (raw.events as Json[]).find((e) => e.status.type.state === 'pre')!;
    const board = mapEspnScoreboard(withStatus(MLS_FILE, scheduled.id, POSTPONED), MLS);
    const game = board.find((g) => g.id === scheduled.id)!;
    expect(game).toMatchObject({
      status: 'scheduled',
      completed: false,
      live: false,
      scores: { home: null, away: null },
    });
    const pick = { game: `${game.away_team} @ ${game.home_team}`, dateAdded: game.commence_time, sport: MLS };
    expect(findPickGame(pick, candidates(board))).toEqual({ game: null, reason: 'not_final' });
  });
});
