import { dfsMarketsForSport } from './dfs-load';

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
