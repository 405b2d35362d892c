import { matchPickToGame, ResultCandidate } from './match-game';
import { settlementSport, unsupportedSportMessage } from './leagues';

// A three-game series: the same two teams on consecutive days within the look-back window.
const series: ResultCandidate[] = [
  { game_id: 'g1', home_team: 'New York Yankees', away_team: 'Boston Red Sox', commence_time: '2026-09-15T23:05:00Z' },
  { game_id: 'g2', event_id: 'odds-2', home_team: 'New York Yankees', away_team: 'Boston Red Sox', commence_time: '2026-09-16T23:05:00Z' },
  { game_id: 'g3', home_team: 'New York Yankees', away_team: 'Boston Red Sox', commence_time: '2026-09-17T17:05:00Z' },
  { game_id: 'x', home_team: 'Toronto Blue Jays', away_team: 'Tampa Bay Rays', commence_time: '2026-09-16T23:07:00Z' },
];

describe('matchPickToGame — spec 002 §5 team matching, disambiguated by time', () => {
  it('uses the odds event id when the pick has one', () => {
    expect(matchPickToGame({ game: 'Red Sox @ Yankees', eventId: 'odds-2', dateAdded: '2026-09-10T00:00:00Z' }, series)?.game_id).toBe('g2');
  });

  it('uses the known start time to pick the right game of a series', () => {
    expect(matchPickToGame({ game: 'Boston Red Sox vs New York Yankees', commenceTime: '2026-09-17T17:05:00Z', dateAdded: '2026-09-15T12:00:00Z' }, series)?.game_id).toBe('g3');
  });

  it('otherwise takes the first game starting after the pick was added (allowing in-game bets)', () => {
    expect(matchPickToGame({ game: 'Red Sox at Yankees', dateAdded: '2026-09-16T12:00:00Z' }, series)?.game_id).toBe('g2');
    expect(matchPickToGame({ game: 'Red Sox at Yankees', dateAdded: '2026-09-17T01:00:00Z' }, series)?.game_id).toBe('g2');
  });

  it('matches teams in either order and refuses unreadable game text', () => {
    expect(matchPickToGame({ game: 'Yankees vs Red Sox', dateAdded: '2026-09-15T12:00:00Z' }, series)?.game_id).toBe('g1');
    expect(matchPickToGame({ game: 'Yankees', dateAdded: '2026-09-15T12:00:00Z' }, series)).toBeUndefined();
    expect(matchPickToGame({ game: 'Mets vs Phillies', dateAdded: '2026-09-15T12:00:00Z' }, series)).toBeUndefined();
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
