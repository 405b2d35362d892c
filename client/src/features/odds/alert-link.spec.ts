import { alertPath, priceTargetSummary } from '@oddspulse/shared';
import { alertArbitrage, evBet } from '@oddspulse/shared/testing';
import { defaultFilters, storedPart } from './filters/filter-settings';
import {
  filtersForLink,
  gamePricesPath,
  linkSelection,
  matchesOpportunitySearch,
  scannerSportsForLink,
} from './alert-link';

const linkOf = (path: string) => linkSelection(new URL(path, 'https://oddspulse.test').searchParams);

// An NBA +EV alert linked to a table left on NFL and NCAAF, which showed "No Bets Available"
describe("an alert's link on the odds page", () => {
  it('names the sport, market and book of a +EV bet', () => {
    expect(linkOf(alertPath(evBet({ book: 'bovada' })))).toEqual({
      sport: 'basketball_nba',
      market: 'h2h',
      books: ['bovada'],
    });
  });

  // a +EV price on an alternate line: a table whose filters left alternates out had no row for it
  it("names the market a +EV price's book lists it in, and the filters add it", () => {
    const link = linkOf(alertPath(evBet({ market: 'spreads', listedMarket: 'alternate_spreads', point: -6.5 })))!;
    expect(link.market).toBe('alternate_spreads');
    const filters = { ...storedPart(defaultFilters()), markets: ['h2h', 'spreads'] };
    expect(filtersForLink(filters, link, 'game')!.markets).toEqual(['h2h', 'spreads', 'alternate_spreads']);
  });

  it("names an arbitrage's legs' books", () => {
    expect(linkOf(alertPath(alertArbitrage()))?.books).toEqual(['draftkings', 'fanduel']);
  });

  it('is no selection for an address without a sport', () => {
    expect(linkOf('/sportsbooks?q=Lakers')).toBeNull();
  });

  it('adds its sport and market to the filters and shows every date', () => {
    const filters = { ...storedPart(defaultFilters()), date: 'live' };
    const next = filtersForLink(filters, { sport: 'basketball_nba', market: 'spreads_q1', books: [] }, 'game')!;
    expect(next.sports).toEqual(['americanfootball_nfl', 'americanfootball_ncaaf', 'basketball_nba']);
    expect(next.markets).toContain('spreads_q1');
    expect(next.date).toBe('');
  });

  it("adds a prop's market to the props markets, not the game markets", () => {
    const filters = storedPart(defaultFilters());
    const next = filtersForLink(filters, { sport: 'basketball_nba', market: 'player_points', books: [] }, 'props')!;
    expect(next.propMarkets).toContain('player_points');
    expect(next.markets).toEqual(filters.markets);
  });

  it('changes nothing when the filters already show it', () => {
    const filters = storedPart(defaultFilters());
    expect(filtersForLink(filters, { sport: 'americanfootball_nfl', market: 'h2h', books: [] }, 'game')).toBeNull();
  });
});

describe("an alert's link on a scanner", () => {
  it('adds its sport to the sports watched', () => {
    const link = { sport: 'basketball_nba', market: 'h2h', books: [] };
    expect(scannerSportsForLink(['americanfootball_nfl'], link)).toEqual(['americanfootball_nfl', 'basketball_nba']);
    expect(scannerSportsForLink(['basketball_nba'], link)).toBeNull();
  });

  // The notification's search chip read "Los Angeles Lakers" while the scanner listed every game
  it('applies the search chip to the opportunities, word by word', () => {
    const o = alertArbitrage();
    expect(matchesOpportunitySearch(o, 'Los Angeles Lakers')).toBe(true);
    expect(matchesOpportunitySearch(o, 'celtics lakers')).toBe(true);
    expect(matchesOpportunitySearch(o, 'Knicks')).toBe(false);
    expect(matchesOpportunitySearch(o, '  ')).toBe(true);
  });

  it("sends a gone opportunity to its game's current prices", () => {
    const link = linkOf(alertPath(alertArbitrage()))!;
    expect(gamePricesPath(link, 'Los Angeles Lakers')).toBe(
      '/sportsbooks?mode=game&sport=basketball_nba&market=h2h&books=draftkings,fanduel&q=Los%20Angeles%20Lakers',
    );
  });
});

describe("a price target's link", () => {
  it('selects its sport, market and the books that met it', () => {
    const summary = priceTargetSummary(
      'rule-1',
      1,
      {
        sport: 'basketball_nba',
        eventId: 'e1',
        game: 'Away @ Home',
        homeTeam: 'Home',
        commenceTime: '2026-01-10T00:00:00Z',
        market: 'spreads',
        outcome: 'Home',
        point: -3.5,
        price: -105,
      },
      [{ book: 'fanduel', bookTitle: 'FanDuel', price: -102, decimal: 1.98, point: -3.5, lastUpdate: '' }],
    );
    expect(linkOf(summary.path)).toEqual({ sport: 'basketball_nba', market: 'spreads', books: ['fanduel'] });
  });
});
