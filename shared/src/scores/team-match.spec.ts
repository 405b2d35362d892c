import {
  findMatchingGame,
  gameMatchStrength,
  normaliseTeamName,
  splitGameText,
  teamMatchStrength,
  teamsMatch,
} from './team-match';

// spec 002 §5 team-name matching: case-insensitive, punctuation stripped; equal, containment, or a shared word > 3 letters.
describe('team-name matching', () => {
  it('ignores case and punctuation', () => {
    expect(normaliseTeamName("St. John's Red Storm")).toBe('st johns red storm');
    expect(teamMatchStrength('LA Clippers', 'la clippers')).toBe(3);
    expect(teamsMatch('St. Louis Cardinals', 'St Louis Cardinals')).toBe(true);
    // a short city's dots, however they fall, give one name
    for (const rams of ['L.A. Rams', 'L. A. Rams', 'L.A.Rams', 'L.A Rams'])
      expect([
        rams,
        normaliseTeamName(rams),
        teamMatchStrength(rams, 'Los Angeles Rams', 'americanfootball_nfl'),
      ]).toEqual([rams, 'la rams', 2]);
  });

  it('matches when one name contains the other', () => {
    expect(teamMatchStrength('Lakers', 'Los Angeles Lakers')).toBe(2);
  });

  // DECISIONS 24 replaces spec 002 §5's "shared word of more than 3 letters", which matched a city: a team is its
  // full name, nickname or a well-known short form, never its city or region alone
  it('never matches on a city or region alone, nor on a shared city', () => {
    expect(teamsMatch('Chicago', 'Chicago White Sox')).toBe(false);
    expect(teamsMatch('New York', 'New York Yankees')).toBe(false);
    expect(teamsMatch('Los Angeles', 'Los Angeles FC')).toBe(false);
    expect(teamsMatch('Chicago White Sox', 'Chicago Cubs')).toBe(false);
    expect(teamsMatch('New York Yankees', 'New York Mets')).toBe(false);
    expect(teamsMatch('New York City FC', 'New York Red Bulls')).toBe(false);
    expect(teamsMatch('Kansas City Chiefs', 'Chiefs of Kansas')).toBe(false);
    expect(teamsMatch('New York Jets', 'New Orleans Saints')).toBe(false);
    expect(teamsMatch('Miami Heat', 'Boston Celtics')).toBe(false);
  });

  it('matches a full name, a nickname or a well-known short form, per league', () => {
    expect(teamMatchStrength('White Sox', 'Chicago White Sox')).toBe(2);
    expect(teamMatchStrength('CWS', 'Chicago White Sox')).toBe(2);
    expect(teamMatchStrength('NYCFC', 'New York City FC')).toBe(2);
    expect(teamMatchStrength('LA Lakers', 'Los Angeles Lakers')).toBe(2);
    expect(teamMatchStrength('KC', 'Kansas City Chiefs', 'americanfootball_nfl')).toBe(2);
    expect(teamMatchStrength('KC', 'Kansas City Royals', 'baseball_mlb')).toBe(2);
    expect(teamMatchStrength('KC', 'Kansas City Royals', 'americanfootball_nfl')).toBe(0);
    // the feeds' spellings of one team
    expect(teamMatchStrength('LA Clippers', 'Los Angeles Clippers')).toBe(2);
    expect(teamMatchStrength('CF Montréal', 'CF Montreal')).toBe(3);
    expect(teamMatchStrength('D.C. United', 'DC United')).toBe(3);
    expect(teamMatchStrength('Vancouver Whitecaps', 'Vancouver Whitecaps FC')).toBe(2);
    expect(teamMatchStrength('Sox', 'Boston Red Sox')).toBe(0);
  });

  it('outside the tables (college teams): the same name, or a nickname at its end, never the place at its start', () => {
    expect(teamMatchStrength('Crimson Tide', 'Alabama Crimson Tide')).toBe(2);
    expect(teamMatchStrength('Alabama', 'Alabama Crimson Tide')).toBe(0);
    expect(teamMatchStrength('Miami', 'Miami (OH) RedHawks')).toBe(0);
    expect(teamMatchStrength('Miami (OH) RedHawks', 'Miami OH RedHawks')).toBe(3);
    expect(teamMatchStrength('Brentford', 'Brentford FC')).toBe(3);
    expect(teamMatchStrength('United', 'Manchester United')).toBe(0);
  });

  // DECISIONS 24: a nickname is a team however its city is written, and a school's own name is the school
  it.each([
    ['SF 49ers', 'San Francisco 49ers', 'americanfootball_nfl'],
    ['S.F. 49ers', 'San Francisco 49ers', 'americanfootball_nfl'],
    ['TB Rays', 'Tampa Bay Rays', 'baseball_mlb'],
    ['N.Y. Giants', 'New York Giants', 'americanfootball_nfl'],
    ['CHI Bears', 'Chicago Bears', 'americanfootball_nfl'],
    ['L.A. Galaxy', 'LA Galaxy', 'soccer_usa_mls'],
    ['LA Clippers', 'Los Angeles Clippers', 'basketball_nba'],
    ['CHI Cubs', 'Chicago Cubs', 'baseball_mlb'],
    ['Ohio State', 'Ohio State Buckeyes', 'americanfootball_ncaaf'],
    ['Ohio St.', 'Ohio State Buckeyes', 'americanfootball_ncaaf'],
    ['Texas A&M', 'Texas A&M Aggies', 'americanfootball_ncaaf'],
    ['Texas AM', 'Texas A&M Aggies', 'americanfootball_ncaaf'],
    ['Penn State', 'Penn State Nittany Lions', 'americanfootball_ncaaf'],
    ['Southern', 'Southern Jaguars', 'basketball_ncaab'],
    ['Georgia Tech', 'Georgia Tech Yellow Jackets', 'americanfootball_ncaaf'],
    ['Indiana St', 'Indiana St Sycamores', 'basketball_ncaab'],
    ["St John's", "St. John's Red Storm", 'basketball_ncaab'],
  ])('%s is %s', (form, team, sport) => {
    expect(teamMatchStrength(form, team, sport)).toBeGreaterThan(0);
  });

  it.each([
    ['Penn', 'Penn State Nittany Lions'], // another school
    ['Ohio', 'Ohio State Buckeyes'], // a state, and another school
    ['Texas', 'Texas Tech Red Raiders'],
    ['Ball', 'Ball State Cardinals'],
    ['Southern', 'Southern Illinois Salukis'],
    ['Auburn', 'Auburn Montgomery Warhawks'],
    ['Texas A&M', 'Texas A&M-Corpus Christi Islanders'],
    ['Miami', 'Miami (OH) RedHawks'],
    ['Alabama', 'Alabama Crimson Tide'],
    ['Ohio State', 'Oklahoma State Cowboys'],
    ['Indiana', 'Indiana St Sycamores'],
  ])('%s is not %s', (form, team) => {
    expect(teamMatchStrength(form, team, 'americanfootball_ncaaf')).toBe(0);
    expect(teamMatchStrength(form, team, 'basketball_ncaab')).toBe(0);
  });

  it('never takes a city abbreviation alone, nor one nickname for another team of its city', () => {
    expect(teamMatchStrength('LA', 'Los Angeles Rams', 'americanfootball_nfl')).toBe(0);
    expect(teamMatchStrength('L.A.', 'LA Galaxy', 'soccer_usa_mls')).toBe(0);
    expect(teamMatchStrength('NY', 'New York Knicks', 'basketball_nba')).toBe(0);
    expect(teamMatchStrength('LA Rams', 'Los Angeles Chargers', 'americanfootball_nfl')).toBe(0);
    expect(teamMatchStrength('NY Giants', 'San Francisco Giants', 'baseball_mlb')).toBe(0);
    expect(teamMatchStrength('CHI Cubs', 'Chicago White Sox', 'baseball_mlb')).toBe(0);
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
      {
        id: 'chargers',
        home_team: 'Los Angeles Chargers',
        away_team: 'Buffalo Bills',
        commence_time: '2022-09-09T00:20:00Z',
      },
      { id: 'rams', home_team: 'Los Angeles Rams', away_team: 'Buffalo Bills', commence_time: '2022-09-09T00:20:00Z' },
      { id: 'later', home_team: 'Los Angeles Rams', away_team: 'Buffalo Bills', commence_time: '2022-12-09T00:20:00Z' },
    ];
    expect(findMatchingGame(game, candidates)?.id).toBe('rams');
    expect(findMatchingGame(game, [candidates[2]])).toBeUndefined();
  });

  it('splits a pick game text into away and home, or refuses', () => {
    expect(splitGameText('Buffalo Bills @ Los Angeles Rams')).toEqual({
      away_team: 'Buffalo Bills',
      home_team: 'Los Angeles Rams',
    });
    expect(splitGameText('Heat vs Celtics')).toEqual({ away_team: 'Heat', home_team: 'Celtics' });
    expect(splitGameText('Heat at Celtics')).toEqual({ away_team: 'Heat', home_team: 'Celtics' });
    expect(splitGameText('Heat v Celtics')).toEqual({ away_team: 'Heat', home_team: 'Celtics' });
    expect(splitGameText('Celtics')).toBeNull();
    expect(splitGameText('A vs B vs C')).toBeNull();
  });
});
