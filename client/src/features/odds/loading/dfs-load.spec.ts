import { dfsMarketsForSport, dfsStartingBooks } from './dfs-load';

// Spec 001 §9: the DFS page's markets per sport; its first load is the props boards in one call.
describe('DFS page markets', () => {
  it('asks each sport for its markets: points, assists and rebounds for basketball, the props defaults elsewhere', () => {
    expect(dfsMarketsForSport('basketball_nba')).toEqual(['player_points', 'player_assists', 'player_rebounds']);
    expect(dfsMarketsForSport('americanfootball_nfl')).toEqual([
      'player_pass_yds',
      'player_rush_yds',
      'player_receptions',
      'player_anytime_td',
    ]);
    expect(dfsMarketsForSport('baseball_mlb')).toEqual(['batter_hits', 'batter_total_bases', 'batter_home_runs']);
  });
});

// DECISIONS 36: the saved books are the starting view of every table, /dfs's too
describe('DFS page starting books', () => {
  it("are the DFS apps of the user's starting books", () => {
    expect(dfsStartingBooks(['draftkings', 'prizepicks', 'fanduel'])).toEqual(['prizepicks']);
    expect(dfsStartingBooks(['pick6', 'underdog'])).toEqual(['underdog', 'pick6']);
  });

  it('are all three apps when the starting books hold none', () => {
    expect(dfsStartingBooks(['draftkings', 'fanduel', 'williamhill_us'])).toEqual(['prizepicks', 'underdog', 'pick6']);
  });
});
