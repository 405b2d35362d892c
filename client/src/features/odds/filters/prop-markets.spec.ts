import { migrateBookKey, migratePropMarket, migratePropSelection, propSelectionForSports } from './prop-markets';

describe('prop market migrations (spec 001 §4)', () => {
  it('receiving becomes reception, the 2-plus-TD market is dropped, draftkings_pick6 becomes pick6', () => {
    expect(migratePropMarket('player_receiving_yds')).toBe('player_reception_yds');
    expect(migratePropMarket('player_2+_tds')).toBeNull();
    expect(migratePropMarket('player_2_plus_tds')).toBeNull();
    expect(migratePropMarket('player_points')).toBe('player_points');
    expect(migrateBookKey('draftkings_pick6')).toBe('pick6');
    expect(migrateBookKey('fanduel')).toBe('fanduel');
  });

  it('keeps only markets valid for the sports, without repeats', () => {
    expect(
      migratePropSelection(
        ['player_receiving_yds', 'player_reception_yds', 'player_2+_tds', 'player_points'],
        ['americanfootball_nfl'],
      ),
    ).toEqual(['player_reception_yds']);
    expect(
      migratePropSelection(['player_points', 'player_receiving_yds'], ['basketball_nba', 'americanfootball_nfl']),
    ).toEqual(['player_points', 'player_reception_yds']);
  });

  it('changing sports resets the selection to the first 3 valid markets', () => {
    expect(propSelectionForSports(['basketball_nba'])).toEqual(['player_points', 'player_rebounds', 'player_assists']);
    expect(propSelectionForSports(['americanfootball_nfl'])).toEqual([
      'player_pass_yds',
      'player_pass_tds',
      'player_pass_completions',
    ]);
    expect(propSelectionForSports(['tennis_atp'])).toEqual([]);
  });
});
