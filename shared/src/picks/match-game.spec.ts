import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPickGame, matchPickToGame, ResultCandidate } from './match-game';
import { settlementSport, unsupportedSportMessage } from './leagues';

// A three-game series: the same two teams on consecutive days within the look-back window.
const series: ResultCandidate[] = [
  { game_id: 'g1', home_team: 'New York Yankees', away_team: 'Boston Red Sox', commence_time: '2026-09-15T23:05:00Z' },
  {
    game_id: 'g2',
    event_id: 'odds-2',
    home_team: 'New York Yankees',
    away_team: 'Boston Red Sox',
    commence_time: '2026-09-16T23:05:00Z',
  },
  { game_id: 'g3', home_team: 'New York Yankees', away_team: 'Boston Red Sox', commence_time: '2026-09-17T17:05:00Z' },
  { game_id: 'x', home_team: 'Toronto Blue Jays', away_team: 'Tampa Bay Rays', commence_time: '2026-09-16T23:07:00Z' },
];

describe('matchPickToGame — spec 002 §5 team matching, disambiguated by time', () => {
  it('uses the odds event id when the pick has one', () => {
    expect(
      matchPickToGame({ game: 'Red Sox @ Yankees', eventId: 'odds-2', dateAdded: '2026-09-10T00:00:00Z' }, series)
        ?.game_id,
    ).toBe('g2');
  });

  it('uses the known start time to pick the right game of a series', () => {
    expect(
      matchPickToGame(
        {
          game: 'Boston Red Sox vs New York Yankees',
          commenceTime: '2026-09-17T17:05:00Z',
          dateAdded: '2026-09-15T12:00:00Z',
        },
        series,
      )?.game_id,
    ).toBe('g3');
  });

  // DECISIONS 24 (was: the first game after the pick was added): two games that could be the pick's leave it pending
  it('without a start time, games from 6 h before the pick was added on are candidates; two of them are ambiguous', () => {
    expect(findPickGame({ game: 'Red Sox at Yankees', dateAdded: '2026-09-16T12:00:00Z' }, series)).toEqual({
      game: null,
      reason: 'ambiguous',
      games: 2,
    });
    expect(findPickGame({ game: 'Red Sox at Yankees', dateAdded: '2026-09-17T12:00:00Z' }, series).game?.game_id).toBe(
      'g3',
    );
    // an in-game bet: added an hour after the first pitch
    expect(matchPickToGame({ game: 'Red Sox at Yankees', dateAdded: '2026-09-17T18:05:00Z' }, series)?.game_id).toBe(
      'g3',
    );
  });

  it('matches teams in either order and refuses unreadable game text', () => {
    expect(matchPickToGame({ game: 'Yankees vs Red Sox', dateAdded: '2026-09-17T12:00:00Z' }, series)?.game_id).toBe(
      'g3',
    );
    expect(findPickGame({ game: 'Yankees', dateAdded: '2026-09-15T12:00:00Z' }, series)).toEqual({
      game: null,
      reason: 'game_not_found',
    });
    expect(findPickGame({ game: 'Mets vs Phillies', dateAdded: '2026-09-15T12:00:00Z' }, series)).toEqual({
      game: null,
      reason: 'game_not_found',
    });
  });

  it('a matching game not yet final, beside or instead of a final one, keeps the pick pending and says why', () => {
    const doubleheader: ResultCandidate[] = [
      {
        game_id: 'dh1',
        home_team: 'New York Yankees',
        away_team: 'Boston Red Sox',
        commence_time: '2026-09-20T17:05:00Z',
      },
      {
        game_id: 'dh2',
        home_team: 'New York Yankees',
        away_team: 'Boston Red Sox',
        commence_time: '2026-09-20T22:35:00Z',
        final: false,
      },
    ];
    expect(findPickGame({ game: 'Red Sox @ Yankees', dateAdded: '2026-09-20T12:00:00Z' }, doubleheader)).toEqual({
      game: null,
      reason: 'ambiguous',
      games: 2,
    });
    expect(findPickGame({ game: 'Red Sox @ Yankees', dateAdded: '2026-09-20T23:30:00Z' }, doubleheader)).toEqual({
      game: null,
      reason: 'not_final',
    });
    expect(
      findPickGame(
        { game: 'Red Sox @ Yankees', commenceTime: '2026-09-20T17:05:00Z', dateAdded: '2026-09-20T12:00:00Z' },
        doubleheader,
      ).game?.game_id,
    ).toBe('dh1');
  });

  it('lets the event id decide: the game carrying it, never one carrying another id', () => {
    const other = { ...series[1], event_id: 'odds-other' };
    expect(
      findPickGame({ game: 'Red Sox @ Yankees', eventId: 'odds-2', dateAdded: '2026-09-16T20:00:00Z' }, [other]),
    ).toEqual({
      game: null,
      reason: 'game_not_found',
    });
    expect(
      findPickGame({ game: 'Red Sox @ Yankees', eventId: 'odds-2', dateAdded: '2026-09-16T20:00:00Z' }, [
        { ...series[1], final: false },
      ]),
    ).toEqual({
      game: null,
      reason: 'not_final',
    });
  });
});

/** Every game of a recorded ESPN scoreboard as a candidate, read straight from the raw JSON. */
function espnCandidates(file: string): ResultCandidate[] {
  const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'espn');
  const board = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as {
    events: Array<{
      id: string;
      date: string;
      status: { type: { completed: boolean } };
      competitions: Array<{ competitors: Array<{ homeAway: string; team: { displayName: string } }> }>;
    }>;
  };
  return board.events.map((e) => {
    const team = (side: string) => e.competitions[0].competitors.find((c) => c.homeAway === side)!.team.displayName;
    return {
      game_id: e.id,
      home_team: team('home'),
      away_team: team('away'),
      commence_time: new Date(e.date).toISOString(),
      final: e.status.type.completed,
    };
  });
}

// Spec 002 §7 (a week of results), DECISIONS 24: a pick with no start time is on a game soon after it was added, never
// on the next meeting of the same teams months later.
describe('findPickGame — a pick without a start time, on the recorded MLB scoreboard of 2022-09-17', () => {
  const mlb = espnCandidates('scoreboard_baseball_mlb_2022-09-17_live-final-scheduled.json');
  const game = 'Colorado Rockies @ Chicago Cubs';
  const sport = 'baseball_mlb';

  it('reads the recorded final: Colorado Rockies 1 at Chicago Cubs 3, 18:20 UTC', () => {
    expect(mlb.find((g) => g.game_id === '401356373')).toMatchObject({
      home_team: 'Chicago Cubs',
      away_team: 'Colorado Rockies',
      commence_time: '2022-09-17T18:20:00.000Z',
      final: true,
    });
  });

  it('leaves a pick added four months before the game unmatched', () => {
    expect(findPickGame({ game, dateAdded: '2022-05-20T12:00:00Z', sport }, mlb)).toEqual({
      game: null,
      reason: 'game_not_found',
    });
    // just past the bound: added more than a week before the first pitch
    expect(findPickGame({ game, dateAdded: '2022-09-10T18:19:00Z', sport }, mlb)).toEqual({
      game: null,
      reason: 'game_not_found',
    });
  });

  it('matches a pick added the day before, up to a week before, or during the game', () => {
    for (const dateAdded of ['2022-09-16T18:20:00Z', '2022-09-10T18:20:00Z', '2022-09-17T19:00:00Z'])
      expect(findPickGame({ game, dateAdded, sport }, mlb).game?.game_id).toBe('401356373');
  });

  it('does not match by name a pick whose game may have started before the games looked at', () => {
    const pick = { game, dateAdded: '2022-09-12T12:00:00Z', sport };
    // the look-back starts after the pick was added: its own game may be the one left out
    expect(findPickGame(pick, mlb, new Date('2022-09-12T12:00:00Z'))).toEqual({
      game: null,
      reason: 'game_not_found',
    });
    expect(findPickGame(pick, mlb, new Date('2022-09-12T06:00:00Z')).game?.game_id).toBe('401356373');
    // a known start time or event id is no guess: the look-back does not hold it back
    expect(
      findPickGame({ ...pick, commenceTime: '2022-09-17T18:20:00Z' }, mlb, new Date('2022-09-15T00:00:00Z')).game
        ?.game_id,
    ).toBe('401356373');
  });
});

describe('settlementSport — spec 002 §5 supported leagues, §7 sport keys', () => {
  it.each([
    ['NFL', 'americanfootball_nfl'],
    ['nba', 'basketball_nba'],
    ['baseball', 'baseball_mlb'],
    ['MLS', 'soccer_usa_mls'],
    ['soccer_mls', 'soccer_usa_mls'],
    ['icehockey_nhl', 'icehockey_nhl'],
  ])('%s → %s', (league, sport) => expect(settlementSport(league)).toBe(sport));

  it('gives null and the spec message for anything else', () => {
    expect(settlementSport('EPL')).toBeNull();
    expect(unsupportedSportMessage('EPL')).toBe('Unsupported sport for backend scoreboard: EPL');
  });
});
