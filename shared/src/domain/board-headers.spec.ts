import { boardHeaderTime, boardHeaderValue } from './board-headers';

describe('the board freshness headers', () => {
  it('reads back each sport’s time as written, and null for a sport it does not name or names without one', () => {
    const value = boardHeaderValue([
      { sport: 'basketball_nba', time: '2026-11-28T20:00:00.000Z' },
      { sport: 'icehockey_nhl', time: null },
    ]);
    expect(value).toBe('basketball_nba=2026-11-28T20:00:00.000Z, icehockey_nhl=');
    expect(boardHeaderTime(value, 'basketball_nba')).toBe('2026-11-28T20:00:00.000Z');
    expect(boardHeaderTime(value, 'icehockey_nhl')).toBeNull();
    expect(boardHeaderTime(value, 'americanfootball_nfl')).toBeNull();
    expect(boardHeaderTime(null, 'basketball_nba')).toBeNull();
  });

  it('does not take a sport whose key only begins like the one asked for', () => {
    expect(boardHeaderTime('soccer_epl_women=2026-11-28T20:00:00.000Z', 'soccer_epl')).toBeNull();
  });
});
