import { feedOddsFormat } from './book-regions';

// The Odds API is asked for the format the books quote: a price it converts arrives rounded (DECISIONS 25)
describe('feedOddsFormat', () => {
  it('asks for American odds when any region is a US one: books, DFS apps or exchanges', () => {
    expect(feedOddsFormat(['us', 'us2', 'us_exchanges'])).toBe('american');
    expect(feedOddsFormat(['us', 'us_dfs'])).toBe('american');
    expect(feedOddsFormat(['us_ex'])).toBe('american');
    expect(feedOddsFormat([' US2 '])).toBe('american');
    // one call for all the regions: the uk and eu books then come as whole American numbers
    expect(feedOddsFormat(['uk', 'eu', 'us'])).toBe('american');
  });

  it('asks for decimal odds when every region quotes decimal (uk, eu, au, or one it does not know)', () => {
    expect(feedOddsFormat(['uk'])).toBe('decimal');
    expect(feedOddsFormat(['eu', 'uk', 'au'])).toBe('decimal');
    expect(feedOddsFormat(['fr'])).toBe('decimal');
    expect(feedOddsFormat([])).toBe('decimal');
  });
});
