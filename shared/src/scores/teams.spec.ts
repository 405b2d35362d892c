import { allTeams, findTeam, isPlaceName, normaliseTeamName, teamLeague } from './teams';

// DECISIONS 24: a table per league of full names, nicknames and well-known short forms; a city alone is never a team
describe('team tables', () => {
  it('hold every team of the six leagues once, under unique full names', () => {
    const counts = Object.fromEntries(['NFL', 'NBA', 'MLB', 'NHL', 'WNBA', 'MLS'].map((l) => [l, allTeams().filter((t) => t.league === l).length]));
    expect(counts).toEqual({ NFL: 32, NBA: 30, MLB: 30, NHL: 33, WNBA: 13, MLS: 30 });
    const names = allTeams().map((t) => normaliseTeamName(t.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('never lets a form of a team be a place', () => {
    for (const team of allTeams()) for (const form of team.forms) expect([team.name, form, isPlaceName(form)]).toEqual([team.name, form, false]);
    expect(['Chicago', 'New York', 'Los Angeles', 'LA', 'Kansas City', 'Toronto', 'Austin'].every(isPlaceName)).toBe(true);
  });

  it('finds a team by full name or short form, within a league when the sport is known', () => {
    expect(findTeam('LA Galaxy')?.name).toBe('LA Galaxy');
    expect(findTeam('Los Angeles Galaxy')?.name).toBe('LA Galaxy');
    expect(findTeam('Montréal Canadiens')?.name).toBe('Montreal Canadiens');
    expect(findTeam('KC')).toBeNull(); // the Chiefs and the Royals
    expect(findTeam('KC', 'baseball_mlb')?.name).toBe('Kansas City Royals');
    expect(findTeam('Athletics', 'baseball_mlb')?.name).toBe('Oakland Athletics');
    expect(teamLeague('soccer_mls')).toBe('MLS');
    expect(teamLeague('basketball_ncaab')).toBeNull();
  });
});
