import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEED_TEAMS } from './feed-teams';
import { allTeams, findTeam, isPlaceName, normaliseTeamName, sharedForms, teamLeague } from './teams';

// DECISIONS 24: one team directory per league, from the reviewed table and the feeds' own records; a city alone is never a team
describe('team directory', () => {
  it('holds every team of the professional leagues once, the feeds’ records merged into them, and the recorded college teams', () => {
    const counts = Object.fromEntries(
      ['NFL', 'NBA', 'MLB', 'NHL', 'WNBA', 'MLS', 'NCAAF', 'NCAAB'].map((l) => [
        l,
        allTeams().filter((t) => t.league === l).length,
      ]),
    );
    // the feeds' 31 NBA spellings ("LA Clippers" and "Los Angeles Clippers") are 30 teams
    expect(counts).toEqual({ NFL: 32, NBA: 30, MLB: 30, NHL: 33, WNBA: 13, MLS: 30, NCAAF: 50, NCAAB: 24 });
    for (const league of ['NFL', 'NBA', 'MLB', 'NHL', 'MLS'] as const) {
      const names = allTeams()
        .filter((t) => t.league === league)
        .map((t) => normaliseTeamName(t.name));
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('knows every team name the recorded feeds used, in its league', () => {
    for (const [sport, records] of Object.entries(FEED_TEAMS)) {
      for (const record of records)
        expect([sport, record.name, findTeam(record.name, sport)?.league]).toEqual([
          sport,
          record.name,
          teamLeague(sport),
        ]);
    }
  });

  // the generated records are current: every team of the recorded responses themselves is in the directory, in its
  // league, with the records ESPN gave (scripts/generate-team-directory.mjs writes feed-teams.generated.json from them)
  it('holds every team of the recorded feed responses, as recorded', () => {
    const fixtures = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures');
    const espn: Record<string, string> = {
      football_nfl: 'americanfootball_nfl',
      'football_college-football': 'americanfootball_ncaaf',
      basketball_nba: 'basketball_nba',
      'basketball_mens-college-basketball': 'basketball_ncaab',
      hockey_nhl: 'icehockey_nhl',
      baseball_mlb: 'baseball_mlb',
      'soccer_usa.1': 'soccer_usa_mls',
    };
    const seen: Array<[string, string]> = [];
    for (const file of readdirSync(join(fixtures, 'espn'))) {
      const sport = Object.entries(espn).find(([key]) => file.startsWith(`scoreboard_${key}_`))?.[1];
      if (!sport) continue;
      const board = JSON.parse(readFileSync(join(fixtures, 'espn', file), 'utf8')) as {
        events: Array<{
          competitions: Array<{ competitors: Array<{ team: { displayName: string; abbreviation: string } }> }>;
        }>;
      };
      for (const competitor of board.events.flatMap((e) => e.competitions[0].competitors)) {
        const { displayName, abbreviation } = competitor.team;
        expect(FEED_TEAMS[sport]).toContainEqual(expect.objectContaining({ name: displayName, abbreviation }));
        seen.push([sport, displayName]);
      }
    }
    for (const file of readdirSync(join(fixtures, 'the-odds-api'))) {
      const body = JSON.parse(readFileSync(join(fixtures, 'the-odds-api', file), 'utf8')) as unknown;
      for (const event of Array.isArray(body)
        ? (body as Array<{ sport_key: string; home_team?: string; away_team?: string }>)
        : []) {
        if (teamLeague(event.sport_key) && event.home_team && event.away_team)
          seen.push([event.sport_key, event.home_team], [event.sport_key, event.away_team]);
      }
    }
    expect(seen.length).toBeGreaterThan(500);
    for (const [sport, name] of seen)
      expect([sport, name, findTeam(name, sport)?.league]).toEqual([sport, name, teamLeague(sport)]);
  });

  it('never lets a form of a team be a place, nor a form two teams of a league share', () => {
    for (const team of allTeams()) {
      for (const form of team.forms) {
        expect([team.name, form, isPlaceName(form)]).toEqual([team.name, form, false]);
        expect(allTeams().filter((t) => t.league === team.league && t.forms.has(form))).toEqual([team]);
      }
    }
    expect(
      [
        'Chicago',
        'New York',
        'Los Angeles',
        'LA',
        'L.A.',
        'N.Y.',
        'Kansas City',
        'Toronto',
        'Austin',
        'Ohio',
        'Alabama',
        'Tampa Bay',
      ].every(isPlaceName),
    ).toBe(true);
    // ESPN abbreviates the Kings and the Galaxy "LA", the Knicks and the Red Bulls "NY": places all the same
    expect(findTeam('LA', 'icehockey_nhl')).toBeNull();
    expect(findTeam('NY', 'basketball_nba')).toBeNull();
    expect([...sharedForms('NCAAF')]).toEqual(expect.arrayContaining(['wildcats', 'tigers']));
  });

  it('finds a team by a name that identifies it, within a league when the sport is known', () => {
    expect(findTeam('LA Galaxy')?.name).toBe('LA Galaxy');
    expect(findTeam('Los Angeles Galaxy')?.name).toBe('LA Galaxy');
    expect(findTeam('Montréal Canadiens')?.name).toBe('Montreal Canadiens');
    expect(findTeam('KC')).toBeNull(); // the Chiefs and the Royals
    expect(findTeam('KC', 'baseball_mlb')?.name).toBe('Kansas City Royals');
    expect(findTeam('Athletics', 'baseball_mlb')?.name).toBe('Oakland Athletics');
    expect(findTeam('S.F. 49ers')?.name).toBe('San Francisco 49ers');
    expect(findTeam('TB Rays', 'baseball_mlb')?.name).toBe('Tampa Bay Rays');
    expect(findTeam('N.Y. Giants', 'americanfootball_nfl')?.name).toBe('New York Giants');
    expect(findTeam('CHI Cubs', 'baseball_mlb')?.name).toBe('Chicago Cubs');
    expect(findTeam('Oklahoma St.', 'basketball_ncaab')?.name).toBe('Oklahoma State Cowboys');
    expect(findTeam('Saint Johns', 'basketball_ncaab')?.name).toBe("St. John's Red Storm");
    expect(teamLeague('soccer_mls')).toBe('MLS');
    expect(teamLeague('basketball_ncaab')).toBe('NCAAB');
    expect(teamLeague('soccer_epl')).toBeNull();
  });

  it('writes a name one way however it is punctuated (spec 002 §5)', () => {
    expect(normaliseTeamName("St. John's Red Storm")).toBe('st johns red storm');
    expect(normaliseTeamName('Texas A&M')).toBe(normaliseTeamName('Texas A & M'));
    expect(normaliseTeamName('Texas A&M')).toBe('texas am');
    expect(normaliseTeamName('Brighton & Hove Albion')).toBe('brighton and hove albion');
    expect(normaliseTeamName('Ohio St.')).toBe('ohio state');
    expect(normaliseTeamName('Saint Louis')).toBe('st louis');
    expect(normaliseTeamName('N.Y. Giants')).toBe('ny giants');
    expect(normaliseTeamName('CF Montréal')).toBe('cf montreal');
  });
});
