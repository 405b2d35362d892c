import { opportunityLegLinks, type BetSlipItem } from './bet-slip';

const item = (id: string, extra: Partial<BetSlipItem>): BetSlipItem => ({
  id,
  matchup: 'A @ B',
  selection: 'A',
  market: 'Moneyline',
  americanOdds: 110,
  decimal: 2.1,
  bookmaker: 'DraftKings',
  sport: 'basketball_nba',
  league: 'NBA',
  edge: null,
  gameTime: '2026-11-23T00:00:00Z',
  stakeCents: 1000,
  ...extra,
});

// "Open all legs" of an executed arbitrage or middle, each leg at its own book, never an unsafe link.
describe('opportunityLegLinks', () => {
  it("lists each executed opportunity's legs with their checked links, the book's site for an unsafe one", () => {
    const slip = {
      items: [
        item('o1|leg0', {
          hedge: 'o1',
          bookKey: 'draftkings',
          link: 'https://sportsbook.draftkings.com/event/1?outcomes=2',
        }),
        item('single', { bookKey: 'fanduel', link: 'https://sportsbook.fanduel.com/' }),
        item('o1|leg1', { hedge: 'o1', bookKey: 'fanduel', bookmaker: 'FanDuel', link: 'javascript:alert(1)' }),
      ],
    };
    expect(opportunityLegLinks(slip)).toEqual([
      {
        opportunityId: 'o1',
        legs: [
          { id: 'o1|leg0', bookmaker: 'DraftKings', url: 'https://sportsbook.draftkings.com/event/1?outcomes=2' },
          { id: 'o1|leg1', bookmaker: 'FanDuel', url: 'https://sportsbook.fanduel.com/' },
        ],
      },
    ]);
  });

  it('offers nothing for an opportunity with fewer than two legs left in the slip', () => {
    expect(opportunityLegLinks({ items: [item('o1|leg0', { hedge: 'o1', bookKey: 'draftkings' })] })).toEqual([]);
  });
});
