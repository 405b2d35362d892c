import { marketLabel, selectionLabel } from './labels';

describe('labels', () => {
  it('names markets (spec 001 §3 market key labels)', () => {
    expect(marketLabel('h2h')).toBe('Moneyline');
    expect(marketLabel('draw_no_bet')).toBe('Draw No Bet');
    expect(marketLabel('player_pass_yds')).toBe('Pass Yards');
  });

  it('shows the team or player with the line', () => {
    expect(selectionLabel({ outcome: 'Miami Heat', point: 3.5, market: 'spreads' })).toBe('Miami Heat +3.5');
    expect(selectionLabel({ outcome: 'Over', point: 220.5, market: 'totals' })).toBe('Over 220.5');
    expect(selectionLabel({ outcome: 'Under', point: 24.5, playerName: 'LeBron James', market: 'player_points' })).toBe('LeBron James Under 24.5');
    expect(selectionLabel({ outcome: 'Miami Heat', market: 'h2h' })).toBe('Miami Heat');
  });
});
