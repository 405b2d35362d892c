import { gameTimeLabel, marketLabel, pickerDayLabel, selectionLabel } from './bet-labels';

describe('labels', () => {
  it('names markets (spec 001 §3 market key labels)', () => {
    expect(marketLabel('h2h')).toBe('Moneyline');
    expect(marketLabel('draw_no_bet')).toBe('Draw No Bet');
    expect(marketLabel('player_pass_yds')).toBe('Pass Yards');
    expect(marketLabel('spreads_q1')).toBe('Spread · 1st Quarter');
    expect(marketLabel('totals_h1')).toBe('Total · 1st Half');
    expect(marketLabel('player_receptions_alternate')).toBe('Receptions (Alt)');
  });

  it('shows the team or player with the line', () => {
    expect(selectionLabel({ outcome: 'Miami Heat', point: 3.5, market: 'spreads' })).toBe('Miami Heat +3.5');
    expect(selectionLabel({ outcome: 'Over', point: 220.5, market: 'totals' })).toBe('Over 220.5');
    expect(selectionLabel({ outcome: 'Under', point: 24.5, playerName: 'LeBron James', market: 'player_points' })).toBe(
      'LeBron James Under 24.5',
    );
    expect(selectionLabel({ outcome: 'Miami Heat', market: 'h2h' })).toBe('Miami Heat');
  });

  it('writes dates as en-US toLocaleString does, without Intl', () => {
    const start = new Date(2026, 10, 22, 0, 0).getTime();
    for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 35) {
      const time = new Date(start + minutes * 60_000);
      expect(gameTimeLabel(time.toISOString())).toBe(
        time.toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' }),
      );
    }
    for (let month = 0; month < 12; month++) {
      const day = new Date(2026, month, 1 + month * 2, 12);
      expect(pickerDayLabel(day)).toBe(
        day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' }),
      );
    }
    expect(gameTimeLabel('not a time')).toBe('');
  });
});
