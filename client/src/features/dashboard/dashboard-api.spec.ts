import { QueryClient } from '@tanstack/react-query';
import { book, event, evBet, NOW, type OutcomeSpec } from '@oddspulse/shared/testing';
import { fetchBoards } from '../odds';
import { compareOddsQuery } from './dashboard-api';

// the boards as the server answers them: only what the query asked for is mocked
jest.mock('../odds', () => ({ ...jest.requireActual<typeof import('../odds')>('../odds'), fetchBoards: jest.fn() }));

const boards = fetchBoards as jest.Mock;
const spread = (home: number, away: number, point: number): OutcomeSpec[] => [
  ['Home', home, point],
  ['Away', away, -point],
];

describe('compareOddsQuery', () => {
  beforeEach(() => {
    boards.mockReset();
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
  });
  afterEach(() => jest.restoreAllMocks());

  // an alternate line's recommendation said "This market is no longer offered": the bet names its family (spreads),
  // and the board asked for held only the main lines, where the alternate line has no row
  it("finds a recommendation's row in the market its book lists the price in", async () => {
    const game = event(
      ['draftkings', 'fanduel', 'betmgm'].map((key) =>
        book(key, {
          spreads: spread(-110, -110, -3.5),
          spreads_h1: spread(-105, -115, -6.5),
          alternate_spreads: spread(150, -180, -6.5),
        }),
      ),
    );
    boards.mockResolvedValue({ [game.sport_key]: { events: [game] } });
    const bet = evBet({
      eventId: game.id,
      sport: game.sport_key,
      market: 'spreads',
      listedMarket: 'alternate_spreads',
      outcome: 'Home',
      point: -6.5,
    });
    const row = await new QueryClient().fetchQuery(compareOddsQuery('user-1', bet));
    expect(boards).toHaveBeenCalledWith(expect.objectContaining({ markets: ['alternate_spreads'] }));
    // the same outcome and line in the first half's spreads is another market
    expect(row).toMatchObject({ market: 'alternate_spreads', outcome: 'Home', point: -6.5 });
    expect(row!.allBooks.map((price) => price.book)).toEqual(
      expect.arrayContaining(['draftkings', 'fanduel', 'betmgm']),
    );
  });
});
