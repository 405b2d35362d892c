import { evAlertRowKeys } from './ev-alert';

// An alert's +EV link finds its row of the odds table (keys as rows.ts builds them)
describe('evAlertRowKeys', () => {
  it("names the outcome's row first, then the over/under row of its line", () => {
    expect(
      evAlertRowKeys({
        eventId: 'e1',
        market: 'spreads',
        listedMarket: 'spreads',
        outcome: 'Buffalo Bills',
        point: -3.5,
      }),
    ).toEqual(['e1|spreads||Buffalo Bills|-3.5', 'e1|spreads||OU|-3.5']);
    expect(
      evAlertRowKeys({
        eventId: 'e1',
        market: 'h2h',
        listedMarket: 'h2h',
        outcome: 'Draw',
        description: undefined,
        point: undefined,
      })[0],
    ).toBe('e1|h2h||Draw|');
    expect(
      evAlertRowKeys({
        eventId: 'e2',
        market: 'player_points',
        listedMarket: 'player_points',
        outcome: 'Over',
        description: 'LeBron James',
        point: 25.5,
      })[1],
    ).toBe('e2|player_points|LeBron James|OU|25.5');
  });

  // a clean-clone run's alert for Indiana Pacers -5.5 at LowVig: the bet named `spreads`, the table's row was
  // `alternate_spreads`, and the page said the row was not in view
  it("names the row of the market the book listed the price in, then the family's", () => {
    expect(
      evAlertRowKeys({
        eventId: 'e3',
        market: 'spreads',
        listedMarket: 'alternate_spreads',
        outcome: 'Indiana Pacers',
        point: -5.5,
      }),
    ).toEqual([
      'e3|alternate_spreads||Indiana Pacers|-5.5',
      'e3|alternate_spreads||OU|-5.5',
      'e3|spreads||Indiana Pacers|-5.5',
      'e3|spreads||OU|-5.5',
    ]);
    expect(
      evAlertRowKeys({
        eventId: 'e4',
        market: 'player_points',
        listedMarket: 'player_points_alternate',
        outcome: 'Over',
        description: 'LeBron James',
        point: 30.5,
      })[1],
    ).toBe('e4|player_points_alternate|LeBron James|OU|30.5');
  });
});
