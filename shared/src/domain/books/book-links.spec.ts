import type { BoardEvent } from '../odds';
import { bookSite, checkedBookUrl, resolveBookLink, SMART_LINK_BOOKS, smartLink, settleBookLinks } from './book-links';

// Spec 001 §3 (link fields) and §7 (smart links): links go to the book's own site, never anywhere else.
describe('checkedBookUrl', () => {
  it("accepts http(s) on the book's own domain and its subdomains", () => {
    expect(checkedBookUrl('draftkings', 'https://sportsbook.draftkings.com/event/123?outcomes=abc')).toBe(
      'https://sportsbook.draftkings.com/event/123?outcomes=abc',
    );
    expect(checkedBookUrl('betmgm', 'http://sports.nj.betmgm.com/en/sports')).toBe(
      'http://sports.nj.betmgm.com/en/sports',
    );
    expect(checkedBookUrl('caesars', 'https://sportsbook.caesars.com/us/nj/bet')).not.toBeNull();
    expect(checkedBookUrl('williamhill_us', 'https://www.williamhill.com/us')).not.toBeNull();
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(document.cookie)//draftkings.com'],
    ['data:text/html,<script>alert(1)</script>'],
    ['https://draftkings.com.evil.example/event/1'],
    ['https://evildraftkings.com/event/1'],
    ['https://user:pass@sportsbook.draftkings.com/'],
    ['ftp://sportsbook.draftkings.com/'],
    ['//sportsbook.draftkings.com/event/1'],
    ['/event/1'],
    ['not a url'],
  ])('refuses %s', (url) => {
    expect(checkedBookUrl('draftkings', url)).toBeNull();
  });

  it("refuses another book's domain, a book we know no site of, and non-strings", () => {
    expect(checkedBookUrl('draftkings', 'https://sportsbook.fanduel.com/')).toBeNull();
    expect(checkedBookUrl('unknownbook', 'https://unknownbook.com/')).toBeNull();
    expect(checkedBookUrl('draftkings', 42)).toBeNull();
    expect(checkedBookUrl('draftkings', undefined)).toBeNull();
  });
});

describe('smartLink (spec 001 §7 resolvers)', () => {
  const ids = { event: '31412458', market: '734.94489899', outcome: '0QA3141245#8_3' };
  const clean = { event: '31412458', market: '734.94489899', outcome: '43618137' };

  it('builds a bet-slip link on the book itself for each of the six books', () => {
    expect([...SMART_LINK_BOOKS].sort()).toEqual([
      'betmgm',
      'betrivers',
      'draftkings',
      'fanduel',
      'pointsbetus',
      'williamhill_us',
    ]);
    for (const book of SMART_LINK_BOOKS) {
      const link = smartLink(book, clean);
      expect([book, link && checkedBookUrl(book, link)]).toEqual([book, link]);
      expect(link).toContain('43618137');
    }
    expect(smartLink('draftkings', clean)).toBe('https://sportsbook.draftkings.com/event/31412458?outcomes=43618137');
    expect(smartLink('fanduel', clean)).toBe(
      'https://sportsbook.fanduel.com/addToBetslip?marketId[0]=734.94489899&selectionId[0]=43618137',
    );
    expect(smartLink('pointsbet', clean)).toContain('pointsbet.com');
  });

  it('builds none without the ids it needs, from ids that could change the address, or for other books', () => {
    expect(smartLink('draftkings', { event: '1' })).toBeNull();
    expect(smartLink('fanduel', { outcome: '1' })).toBeNull();
    expect(smartLink('draftkings', ids)).toBeNull();
    expect(smartLink('draftkings', { event: '1/../../evil', outcome: '2' })).toBeNull();
    expect(smartLink('espnbet', clean)).toBeNull();
  });
});

describe('resolveBookLink', () => {
  const ids = { event: '9', market: '8', outcome: '7' };

  it('takes the bet-slip link, then the resolver, then the market link, then the bookmaker link, then the site', () => {
    const betslip = 'https://sportsbook.draftkings.com/event/9?outcomes=1';
    const market = 'https://sportsbook.draftkings.com/event/9';
    const book = 'https://sportsbook.draftkings.com/leagues/football/nfl';
    expect(resolveBookLink('draftkings', { betslip, market, book, ids })).toEqual({ url: betslip, kind: 'betslip' });
    expect(resolveBookLink('draftkings', { market, book, ids })).toEqual({
      url: 'https://sportsbook.draftkings.com/event/9?outcomes=7',
      kind: 'betslip',
    });
    expect(resolveBookLink('draftkings', { market, book })).toEqual({ url: market, kind: 'market' });
    expect(resolveBookLink('draftkings', { book })).toEqual({ url: book, kind: 'book' });
    expect(resolveBookLink('draftkings', {})).toEqual({ url: bookSite('draftkings'), kind: 'book' });
    expect(resolveBookLink('nosuchbook', {})).toBeNull();
  });

  it('skips an unsafe candidate for the next safe one', () => {
    expect(resolveBookLink('espnbet', { betslip: 'javascript:alert(1)', market: 'https://evil.example/' })).toEqual({
      url: 'https://espnbet.com/',
      kind: 'book',
    });
  });
});

describe('settleBookLinks', () => {
  const event = (bookmaker: Record<string, unknown>): BoardEvent => ({
    id: 'e1',
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: '2026-11-23T00:00:00Z',
    home_team: 'A',
    away_team: 'B',
    bookmakers: [
      { key: 'draftkings', title: 'DraftKings', last_update: '2026-11-23T00:00:00Z', markets: [], ...bookmaker },
    ],
  });

  it("settles each level's link once: checked, resolved from the ids, or the book's site", () => {
    const [linked] = settleBookLinks([
      event({
        sid: '100',
        link: 'javascript:alert(1)',
        markets: [
          {
            key: 'h2h',
            sid: '200',
            link: 'https://evil.example/',
            last_update: '2026-11-23T00:00:00Z',
            outcomes: [
              { name: 'A', price: 2, sid: '300' },
              { name: 'B', price: 2, link: 'https://sportsbook.draftkings.com/event/100?outcomes=own' },
            ],
          },
        ],
      }),
    ]);
    const book = linked.bookmakers[0];
    expect(book.link).toBe('https://sportsbook.draftkings.com/');
    expect(book.markets[0].link).toBeUndefined();
    expect(book.markets[0].outcomes.map((o) => o.link)).toEqual([
      'https://sportsbook.draftkings.com/event/100?outcomes=300',
      'https://sportsbook.draftkings.com/event/100?outcomes=own',
    ]);
  });
});
