import { englishDates, gameTimeLabel, marketLabel, selectionLabel } from './labels';

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

  it("shows a game's start as toLocaleString did, with one formatter for every row (issue 18)", () => {
    const start = '2026-11-29T18:00:00Z';
    expect(gameTimeLabel(start)).toBe(new Date(start).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' }));
    expect(gameTimeLabel('not a time')).toBe('');
  });

  it('makes its formatter once, on first use', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const day = englishDates({ month: 'short', day: 'numeric' });
    expect(made).not.toHaveBeenCalled();
    expect(day(Date.UTC(2026, 10, 26, 12))).toBe('Nov 26');
    expect(day(Date.UTC(2026, 10, 27, 12))).toBe('Nov 27');
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });
});
