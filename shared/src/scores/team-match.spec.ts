import { findMatchingGame, gameMatchStrength, normaliseTeamName, splitGameText, teamMatchStrength, teamsMatch } from './team-match';

// spec 002 §5 team-name matching: case-insensitive, punctuation stripped; equal, containment, or a shared word > 3 letters.
describe('team-name matching', () => {
  it('ignores case and punctuation', () => {
    expect(normaliseTeamName("St. John's Red Storm")).toBe('st john s red storm');
    expect(teamMatchStrength('LA Clippers', 'la clippers')).toBe(3);
    expect(teamsMatch('St. Louis Cardinals', 'St Louis Cardinals')).toBe(true);
  });

  it('matches when one name contains the other', () => {
    expect(teamMatchStrength('Lakers', 'Los Angeles Lakers')).toBe(2);
  });

  it('matches on a shared word of more than 3 letters, not on short ones', () => {
    expect(teamMatchStrength('Kansas City Chiefs', 'Chiefs of Kansas')).toBe(1);
    expect(teamsMatch('New York Jets', 'New Orleans Saints')).toBe(false);
    expect(teamsMatch('Miami Heat', 'Boston Celtics')).toBe(false);
  });

  it('matches a game when both teams match, in either order, preferring the right order', () => {
    const game = { home_team: 'Los Angeles Rams', away_team: 'Buffalo Bills' };
    expect(gameMatchStrength(game, { home_team: 'Rams', away_team: 'Bills' })).toBeGreaterThan(0);
    expect(gameMatchStrength(game, { home_team: 'Buffalo Bills', away_team: 'Los Angeles Rams' })).toBeGreaterThan(0);
    expect(gameMatchStrength(game, { home_team: 'Los Angeles Rams', away_team: 'Buffalo Bills' })).toBeGreaterThan(
      gameMatchStrength(game, { home_team: 'Buffalo Bills', away_team: 'Los Angeles Rams' }),
    );
    expect(gameMatchStrength(game, { home_team: 'Los Angeles Rams', away_team: 'Dallas Cowboys' })).toBe(0);
  });

  it('picks the strongest match, then the closest start, and refuses games days apart', () => {
    const game = { home_team: 'Los Angeles Rams', away_team: 'Buffalo Bills', commence_time: '2022-09-09T00:20:00Z' };
    const candidates = [
      { id: 'chargers', home_team: 'Los Angeles Chargers', away_team: 'Buffalo Bills', commence_time: '2022-09-09T00:20:00Z' },
      { id: 'rams', home_team: 'Los Angeles Rams', away_team: 'Buffalo Bills', commence_time: '2022-09-09T00:20:00Z' },
      { id: 'later', home_team: 'Los Angeles Rams', away_team: 'Buffalo Bills', commence_time: '2022-12-09T00:20:00Z' },
    ];
    expect(findMatchingGame(game, candidates)?.id).toBe('rams');
    expect(findMatchingGame(game, [candidates[2]])).toBeUndefined();
  });

  it('splits a pick game text into away and home, or refuses', () => {
    expect(splitGameText('Buffalo Bills @ Los Angeles Rams')).toEqual({ away_team: 'Buffalo Bills', home_team: 'Los Angeles Rams' });
    expect(splitGameText('Heat vs Celtics')).toEqual({ away_team: 'Heat', home_team: 'Celtics' });
    expect(splitGameText('Heat at Celtics')).toEqual({ away_team: 'Heat', home_team: 'Celtics' });
    expect(splitGameText('Heat v Celtics')).toEqual({ away_team: 'Heat', home_team: 'Celtics' });
    expect(splitGameText('Celtics')).toBeNull();
    expect(splitGameText('A vs B vs C')).toBeNull();
  });
});
