import { evAlertRowKeys } from './ev-alert';

// An alert's +EV link finds its row of the odds table (keys as rows.ts builds them)
describe('evAlertRowKeys', () => {
  it("names the outcome's row first, then the over/under row of its line", () => {
    expect(evAlertRowKeys({ eventId: 'e1', market: 'spreads', outcome: 'Buffalo Bills', point: -3.5 })).toEqual([
      'e1|spreads||Buffalo Bills|-3.5',
      'e1|spreads||OU|-3.5',
    ]);
    expect(
      evAlertRowKeys({ eventId: 'e1', market: 'h2h', outcome: 'Draw', description: undefined, point: undefined })[0],
    ).toBe('e1|h2h||Draw|');
    expect(
      evAlertRowKeys({
        eventId: 'e2',
        market: 'player_points',
        outcome: 'Over',
        description: 'LeBron James',
        point: 25.5,
      })[1],
    ).toBe('e2|player_points|LeBron James|OU|25.5');
  });
});
